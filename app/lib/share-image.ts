import { escapeXml } from "./vocational/graduation";

/** The share image's size: what WhatsApp, Facebook and LinkedIn show as a large preview (decision 082). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** The share image's texts: the brand and the current claim (both from the studio; decision 081). */
export type ShareImageText = { brand: string; headline: string; line: string };

/** The share image as SVG, drawn by the server into the PNG links point to (no text from anywhere else). */
export function shareImageSvg(text: ShareImageText): string {
  const e = escapeXml;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="#1e3a8a"/>
<rect x="0" y="${SHARE_HEIGHT - 16}" width="${SHARE_WIDTH}" height="16" fill="#facc15"/>
<text x="600" y="200" font-family="Inter, Arial, sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${e(text.brand)}</text>
<text x="600" y="340" font-family="Inter, Arial, sans-serif" font-size="72" font-weight="800" fill="#facc15" text-anchor="middle">${e(text.headline)}</text>
<text x="600" y="440" font-family="Inter, Arial, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${e(text.line)}</text>
</svg>`;
}
