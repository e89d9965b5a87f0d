#!/usr/bin/env bash
# Regenerates app/fonts/inter-latin-pt-wght.woff2, the self-hosted Inter the site uses: the variable
# font of @fontsource-variable/inter (latin file) cut down to the characters Portuguese pages use,
# the weights the site uses (400-800) and the kern/liga/calt features. About 25 KB instead of 48 KB.
# Needs Debian's fonttools: apt-get install -y python3-fonttools python3-brotli
# Keep UNICODES in step with the @font-face unicode-range in app/app.css.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
OUT=app/fonts/inter-latin-pt-wght.woff2
UNICODES="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+0300-0301,U+0303,U+0308,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2212"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PY=/usr/bin/python3
$PY -m fontTools.subset "$SRC" --unicodes="$UNICODES" --layout-features="kern,liga,calt" \
  --no-hinting --desubroutinize --flavor=woff2 --output-file="$TMP/subset.woff2"
$PY -m fontTools.varLib.instancer "$TMP/subset.woff2" wght=400:800 -o "$TMP/instance.ttf"
$PY - "$TMP/instance.ttf" "$OUT" <<'PYEOF'
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
font.flavor = "woff2"
font.save(sys.argv[2])
PYEOF
ls -l "$OUT"
