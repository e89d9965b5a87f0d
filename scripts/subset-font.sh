#!/usr/bin/env bash
# Regenerates app/fonts/inter-latin-pt-wght.woff2, the self-hosted Inter the site uses: the variable
# font of @fontsource-variable/inter (latin file) cut down to the characters Portuguese pages use
# (ASCII, the accented letters of Portuguese, a few symbols and typographic quotes/dashes), the
# weights the site uses (400-800) and kerning. About 16 KB instead of 48 KB. Text in other scripts
# or symbols falls back to the system font (unicode-range).
# Needs Debian's fonttools: apt-get install -y python3-fonttools python3-brotli
# Keep UNICODES in step with the @font-face unicode-range in app/app.css.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
OUT=app/fonts/inter-latin-pt-wght.woff2
UNICODES="U+0020-007E,U+00A0,U+00A9-00AB,U+00B0,U+00B7,U+00BA-00BB,U+00C0-00C3,U+00C7-00CA,U+00CD,U+00D3-00D5,U+00D7,U+00DA,U+00DC,U+00E0-00E3,U+00E7-00EA,U+00ED,U+00F3-00F5,U+00FA,U+00FC,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PY=/usr/bin/python3
$PY -m fontTools.subset "$SRC" --unicodes="$UNICODES" --layout-features="kern" \
  --no-hinting --flavor=woff2 --output-file="$TMP/subset.woff2"
$PY -m fontTools.varLib.instancer "$TMP/subset.woff2" wght=400:800 -o "$TMP/instance.ttf"
$PY - "$TMP/instance.ttf" "$OUT" <<'PYEOF'
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
font.flavor = "woff2"
font.save(sys.argv[2])
PYEOF
ls -l "$OUT"
