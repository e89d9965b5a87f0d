import { escapeXml } from "~/features/vocational/graduation";

/** The share image's size: what WhatsApp, Facebook and LinkedIn show as a large preview (decision 082). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** The share image's texts: the brand and the current claim (both from the studio; decision 081). */
export type ShareImageText = { brand: string; headline: string; line: string };

/** Where a course's share image sits over its photo: the brand band at the bottom (decision 082). */
export const SHARE_BAND_TOP = 390;

const FONT = "Inter, Arial, sans-serif";
/** The width a line of text may fill (60 px of margin each side). */
const TEXT_WIDTH = SHARE_WIDTH - 120;

/**
 * The largest font size (at most `max`) at which `text` fits one line of the picture: a course
 * name of 40 letters is drawn smaller than "Direito", never cut (average glyph ≈ 0.56 em).
 */
export function fittedFontSize(text: string, max: number): number {
  const fits = Math.floor(TEXT_WIDTH / (Math.max(text.length, 1) * 0.56));
  return Math.max(24, Math.min(max, fits));
}

function line(text: string, y: number, max: number, style: string): string {
  // Every text reaches the markup through escapeXml (the one escaping step, issue 32).
  return `<text x="600" y="${y}" font-family="${FONT}" font-size="${fittedFontSize(text, max)}" ${style} text-anchor="middle">${escapeXml(text)}</text>`;
}

/**
 * The share image as SVG, drawn by the server into the PNG links point to (no text from anywhere
 * else). With `photo`, only the brand band at the bottom is drawn: the server lays it over the
 * course's photo (app/features/share/share-image.server.ts).
 */
export function shareImageSvg(text: ShareImageText, { photo = false }: { photo?: boolean } = {}): string {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">`;
  const strip = `<rect x="0" y="${SHARE_HEIGHT - 16}" width="${SHARE_WIDTH}" height="16" fill="#facc15"/>`;
  if (photo) {
    return `${open}
<rect x="0" y="${SHARE_BAND_TOP}" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT - SHARE_BAND_TOP}" fill="#1e3a8a" fill-opacity="0.92"/>
${strip}
${line(text.brand, SHARE_BAND_TOP + 50, 34, 'font-weight="700" fill="#fff"')}
${line(text.headline, SHARE_BAND_TOP + 125, 64, 'font-weight="800" fill="#facc15"')}
${line(text.line, SHARE_BAND_TOP + 185, 32, 'fill="#fff"')}
</svg>`;
  }
  return `${open}
<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="#1e3a8a"/>
${strip}
${line(text.brand, 200, 56, 'font-weight="700" fill="#fff"')}
${line(text.headline, 340, 72, 'font-weight="800" fill="#facc15"')}
${line(text.line, 440, 36, 'fill="#fff"')}
</svg>`;
}

/** A page's own share image: `/compartilhar/<kind>/<key>-<hash>.png`, the hash of what it shows (decision 082). */
export const SHARE_HASH_LENGTH = 12;
const SHARE_FILE = /^([a-z0-9]{1,40})(?:-([a-f0-9]{12}))?\.(png|svg)$/;

export function shareImageFile(key: string | number, hash: string, format: "png" | "svg" = "png"): string {
  return `${key}-${hash}.${format}`;
}

/** The parts of a share image's file name (`12-0123456789ab.png`, or `12.svg` for the current one); null for any other name. */
export function parseShareImageFile(file: string): { key: string; hash: string | null; format: "png" | "svg" } | null {
  const match = SHARE_FILE.exec(file);
  if (!match) return null;
  return { key: match[1]!, hash: match[2] ?? null, format: match[3] as "png" | "svg" };
}
