/**
 * The graduation simulation picture: an 800x600 image with the visitor's name, downloaded as
 * minha-formatura-{product}.png. Built as an SVG string that the server renders to that PNG with
 * sharp (librsvg), so the text must use fonts the server has: FONT lists Arial's metric twin
 * Liberation Sans and DejaVu Sans (Debian's fonts-liberation / fonts-dejavu) after Inter and Arial.
 */

export const GRADUATION_WIDTH = 800;
export const GRADUATION_HEIGHT = 600;
const NAME_MAX = 40;
const FONT = `Inter, Arial, "Liberation Sans", "DejaVu Sans", Helvetica, sans-serif`;

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Markup already built by `svg` (escaped once when it was built): inserted as it is. */
class SvgMarkup {
  constructor(readonly markup: string) {}
  toString() {
    return this.markup;
  }
}

/**
 * The one place text enters the picture's markup: every value put in `${…}` is
 * escaped here, last, after any change of case or shortening; only markup built by `svg` itself
 * goes in as it is. Escaping before `toUpperCase()` turned "&amp;" into the invalid "&AMP;" (a 500).
 */
function svg(strings: TemplateStringsArray, ...values: (string | number | SvgMarkup)[]): SvgMarkup {
  let out = strings[0];
  values.forEach((value, i) => {
    out += (value instanceof SvgMarkup ? value.markup : escapeXml(String(value))) + strings[i + 1];
  });
  return new SvgMarkup(out);
}

/** The name as the picture shows it: spaces collapsed, control characters removed, at most 40 characters. */
export function displayName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > NAME_MAX ? `${clean.slice(0, NAME_MAX - 1).trimEnd()}…` : clean;
}

/** A font size that keeps the name inside the 800 px picture. */
export function nameFontSize(name: string): number {
  const length = displayName(name).length;
  if (length <= 16) return 60;
  if (length <= 24) return 48;
  if (length <= 32) return 38;
  return 32;
}

/** minha-formatura-{product}.png (or .svg), with the product name made safe for a file name. */
export function graduationFileName(product: string, extension: "png" | "svg" = "png"): string {
  const safe =
    product
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "universidade";
  return `minha-formatura-${safe}.${extension}`;
}

/** The mortarboard (cap) drawn at (x, y), about 220 px wide. */
function cap(x: number, y: number): SvgMarkup {
  return svg`<g transform="translate(${x} ${y})">
    <path d="M0 40 110 0l110 40-110 40Z" fill="#0f172a"/>
    <path d="M45 58v42c0 14 30 26 65 26s65-12 65-26V58l-65 24Z" fill="#1e293b"/>
    <path d="M110 40h72v58" fill="none" stroke="#facc15" stroke-width="5" stroke-linecap="round"/>
    <circle cx="182" cy="104" r="9" fill="#facc15"/>
    <circle cx="110" cy="40" r="7" fill="#facc15"/>
  </g>`;
}

function confetti(): SvgMarkup[] {
  const colors = ["#facc15", "#f472b6", "#38bdf8", "#4ade80", "#fb923c"];
  const out: SvgMarkup[] = [];
  for (let i = 0; i < 36; i++) {
    // Deterministic pseudo-random positions: the same picture every time.
    const x = (i * 137) % 800;
    const y = (i * 89) % 230;
    const r = (i * 47) % 360;
    out.push(
      svg`<rect x="${x}" y="${y}" width="10" height="5" rx="1" fill="${colors[i % colors.length]}" transform="rotate(${r} ${x + 5} ${y + 2})" opacity="0.85"/>`,
    );
  }
  return out;
}

/** The whole picture as an SVG document. Texts go in raw: `svg` escapes each of them once, last. */
export function graduationSvg({ name, product, year }: { name: string; product: string; year: number }): string {
  const shown = displayName(name) || "Futuro(a) formando(a)";
  const brandLine = `FORMATURA ${product.trim().toLocaleUpperCase("pt-BR")}`;
  const size = nameFontSize(name);
  const confettiPieces = new SvgMarkup(confetti().join(""));
  return svg`<svg xmlns="http://www.w3.org/2000/svg" width="${GRADUATION_WIDTH}" height="${GRADUATION_HEIGHT}" viewBox="0 0 ${GRADUATION_WIDTH} ${GRADUATION_HEIGHT}" role="img" aria-label="${`Simulação de formatura de ${shown}`}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#142f66"/>
      <stop offset="1" stop-color="#1f56c8"/>
    </linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.35" r="0.6">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <rect width="800" height="600" fill="url(#spot)"/>
  ${confettiPieces}
  <rect x="40" y="40" width="720" height="520" rx="24" fill="none" stroke="#facc15" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>
  ${cap(290, 70)}
  <text x="400" y="262" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="600" fill="#dbe6fe" letter-spacing="6">${brandLine}</text>
  <text x="400" y="${330 + Math.round(size / 3)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#ffffff">${shown}</text>
  <rect x="250" y="400" width="300" height="4" rx="2" fill="#facc15"/>
  <text x="400" y="448" text-anchor="middle" font-family="${FONT}" font-size="24" fill="#ffffff">Turma de ${year}</text>
  <text x="400" y="500" text-anchor="middle" font-family="${FONT}" font-size="20" font-style="italic" fill="#facc15">Seu futuro começa agora</text>
</svg>`.markup;
}
