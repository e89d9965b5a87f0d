import { createHash } from "node:crypto";

import sharp from "sharp";

import { claimText } from "~/lib/claims";
import { SHARE_HEIGHT, SHARE_WIDTH, shareImageSvg } from "~/lib/share-image";

import { publicSite } from "../platform/site.server";

/**
 * The share image (og:image, decision 082): the brand and the current claim, drawn from the studio's
 * content at `now` as SVG and rendered to a 1200x630 PNG with sharp. The PNG is kept by the hash of
 * its SVG: the same content renders once; a save that changes the brand or the bolsa makes a new one.
 */
const rendered = new Map<string, Buffer>();
const KEEP = 16;

export function shareSvg(now: Date = new Date()): string {
  const site = publicSite(now);
  const campaign = claimText("{campanha}: bolsas de até {bolsa}", site.claims, site.brandName);
  return shareImageSvg({
    brand: site.brandName,
    headline: campaign ?? claimText("Bolsas de até {bolsa_selecionados}", site.claims, site.brandName) ?? "",
    line: "Graduação a distância, semipresencial e presencial",
  });
}

export async function sharePng(now: Date = new Date()): Promise<{ png: Buffer; hash: string }> {
  const svg = shareSvg(now);
  const hash = createHash("sha256").update(svg).digest("hex").slice(0, 16);
  let png = rendered.get(hash);
  if (!png) {
    png = await sharp(Buffer.from(svg)).resize(SHARE_WIDTH, SHARE_HEIGHT).png().toBuffer();
    if (rendered.size >= KEEP) rendered.clear();
    rendered.set(hash, png);
  }
  return { png, hash };
}
