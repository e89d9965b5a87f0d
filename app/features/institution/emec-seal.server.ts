import QRCode from "qrcode";

import type { EmecSeal } from "~/features/institution/mec";

/**
 * The e-MEC seal's QR code (Portaria MEC 879/2022): drawn on the server as a small SVG from the
 * record's link the studio stores, so every public page carries it in its footer without script
 * and without a call to another site. One path of unit squares; cached per link.
 */
let cached: { url: string; svg: string } | null = null;

/** The QR code of `url` as an SVG document (dark modules on white, with the 4-module quiet zone). */
export function qrSvg(url: string): string {
  if (cached?.url === url) return cached.svg;
  const { size, data } = QRCode.create(url, { errorCorrectionLevel: "M" }).modules;
  const quiet = 4;
  const full = size + quiet * 2;
  let path = "";
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (data[row * size + col]) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  cached = { url, svg };
  return svg;
}

/** The footer's seal, when the studio has the institution's e-MEC code and the link to its record. */
export function emecSeal(institution: { emecCode: string; emecUrl: string }): EmecSeal | null {
  if (!institution.emecCode || !institution.emecUrl) return null;
  return { code: institution.emecCode, url: institution.emecUrl, qrSvg: qrSvg(institution.emecUrl) };
}
