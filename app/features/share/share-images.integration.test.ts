import path from "node:path";

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { campaignContent } from "~/features/campaign/campaign.server";
import { loader as campaignLoader } from "~/features/campaign/page";
import { loader as coursePathLoader } from "~/features/courses/catch-all";
import { activeCourses, coursesContent } from "~/features/courses/courses.server";
import { loader as homeLoader } from "~/features/home/page";
import { institutionContent } from "~/features/institution/institution.server";
import { loader as courseShareLoader } from "~/features/share/course-image";
import { loader as siteShareLoader } from "~/features/share/image.png";
import { loader as resultShareLoader } from "~/features/share/result-image";
import { SHARE_BAND_TOP } from "~/features/share/share-image";
import { resultSharePath } from "~/features/share/share-image.server";
import { storePhoto } from "~/features/studio/images.server";
import { type ContentCollection, getEntry, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";

import { args, getRequest, payload } from "../../../tests/support/route-calls";

/**
 * The course and vocational result pages' own share images (decision 082): rendered for real by
 * sharp from the studio's content, named by the hash of what they show, 404 for what is not there.
 */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function change<T>(collection: ContentCollection<T>, id: string, edit: (data: T) => T) {
  const entry = getEntry(collection, id)!;
  const result = saveEntry(collection, {
    id,
    data: edit(structuredClone(entry.data)),
    expectedVersion: entry.version,
    by: "teste",
  });
  expect(result.ok).toBe(true);
}

/** The og:image path a course page's loader names. */
async function courseImagePath(pagePath: string): Promise<string> {
  const loaded = payload(await coursePathLoader(args(getRequest(pagePath), { "*": pagePath.slice(1) })));
  return loaded.shareImage as string;
}

async function fetchShare(loader: (routeArgs: any) => Promise<Response>, url: string): Promise<Response> {
  return (await loader(args(getRequest(url), { arquivo: path.basename(url) }))) as Response;
}

/** The mean colour of the picture's top part (where a course's photo shows above the brand band). */
async function topColour(png: Buffer): Promise<number[]> {
  // stats() reads its input, not the pipeline's output: extract into a buffer first.
  const top = await sharp(png)
    .extract({ left: 0, top: 0, width: 1200, height: SHARE_BAND_TOP - 10 })
    .toBuffer();
  const stats = await sharp(top).stats();
  return stats.channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

describe("a course page's share image", () => {
  let course: { id: number; url: string };

  beforeAll(() => {
    // An EAD graduação: the seed's "Graduação" card (50% + 10%) covers it.
    course = activeCourses().find((c) => c.url === "/marketing-digital")!;
    expect(course).toBeTruthy();
  });

  it("is a 1200x630 PNG at the page's own hashed address, kept for a year", async () => {
    const url = await courseImagePath(course.url);
    expect(url).toMatch(new RegExp(`^/compartilhar/curso/${course.id}-[a-f0-9]{12}\\.png$`));
    const response = await fetchShare(courseShareLoader, url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);

    // What it says: the brand, the course and the running campaign's bolsa (its SVG source).
    const svg = await (await fetchShare(courseShareLoader, url.replace(/\.png$/, ".svg"))).text();
    expect(svg).toContain("Marketing Digital");
    expect(svg).toContain("Bolsa de até 60%");
  });

  it("shows the course's own photo when it has one, under a new address", async () => {
    const before = await courseImagePath(course.url);
    const plain = Buffer.from(await (await fetchShare(courseShareLoader, before)).arrayBuffer());
    // A red photo made here (no download); the plain picture is the brand's dark blue.
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#e02020" } })
      .jpeg()
      .toBuffer();
    const stored = (await storePhoto(photo, "teste")).image;
    change(coursesContent, String(course.id), (data) => ({
      ...data,
      photo: { id: stored.id, alt: "Laboratório", width: stored.width, height: stored.height },
    }));

    const after = await courseImagePath(course.url);
    expect(after).not.toBe(before);
    const withPhoto = Buffer.from(await (await fetchShare(courseShareLoader, after)).arrayBuffer());
    const meta = await sharp(withPhoto).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const [red, green, blue] = await topColour(withPhoto);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(80);
    expect(blue).toBeLessThan(80);
    const [plainRed, , plainBlue] = await topColour(plain);
    expect(plainRed).toBeLessThan(60);
    expect(plainBlue).toBeGreaterThan(100);
    // The band with the brand and the bolsa is still there, over the photo.
    const svg = await (await fetchShare(courseShareLoader, after.replace(/\.png$/, ".svg"))).text();
    expect(svg).toContain(`y="${SHARE_BAND_TOP}"`);
  });

  it("gets a new address when the studio changes the brand or the bolsa; the old one shows the current picture briefly", async () => {
    const first = await courseImagePath(course.url);
    change(institutionContent, SINGLETON_ID, (data) => ({ ...data, brandName: "Faculdade Horizonte & Cia" }));
    const rebranded = await courseImagePath(course.url);
    expect(rebranded).not.toBe(first);
    const svg = await (await fetchShare(courseShareLoader, rebranded.replace(/\.png$/, ".svg"))).text();
    // Through the one escaping step.
    expect(svg).toContain("Faculdade Horizonte &amp; Cia");

    change(campaignContent, SINGLETON_ID, (data) => ({
      ...data,
      headlinePercent: 47,
      offers: data.offers.map((offer) => ({ ...offer, scholarshipPercent: 37 })),
    }));
    const rebolsa = await courseImagePath(course.url);
    expect(rebolsa).not.toBe(rebranded);
    expect(await (await fetchShare(courseShareLoader, rebolsa.replace(/\.png$/, ".svg"))).text()).toContain("Bolsa de até 47%");

    // The first address still answers, with today's picture and a short cache.
    const stale = await fetchShare(courseShareLoader, first);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("answers 404 for an unknown or inactive course and for any other file name", async () => {
    for (const file of ["999999.png", "999999-0123456789ab.png", "x", "1.gif", "..%2Fsite.db", "0.png"]) {
      const response = await courseShareLoader(args(getRequest(`/compartilhar/curso/${file}`), { arquivo: file }));
      expect(response.status, file).toBe(404);
      expect(response.headers.get("Cache-Control"), file).toBe("private, no-store");
    }
    const url = await courseImagePath(course.url);
    change(coursesContent, String(course.id), (data) => ({ ...data, active: false }));
    expect((await fetchShare(courseShareLoader, url)).status).toBe(404);
    change(coursesContent, String(course.id), (data) => ({ ...data, active: true }));
    expect((await fetchShare(courseShareLoader, await courseImagePath(course.url))).status).toBe(200);
  });
});

describe("a vocational result's share image", () => {
  it("names the profile and the selected courses' bolsa, nothing of the person, and changes with the bolsa", async () => {
    const url = resultSharePath("tecnologia")!;
    expect(url).toMatch(/^\/compartilhar\/resultado\/tecnologia-[a-f0-9]{12}\.png$/);
    const response = await fetchShare(resultShareLoader, url);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const svg = await (await fetchShare(resultShareLoader, url.replace(/\.png$/, ".svg"))).text();
    expect(svg).toContain("Perfil Tecnologia &amp; Engenharias");
    expect(svg).toMatch(/bolsas de até \d+%/);

    // A generic result (by its letter) too.
    expect(resultSharePath("C")).toMatch(/^\/compartilhar\/resultado\/c-[a-f0-9]{12}\.png$/);

    change(campaignContent, SINGLETON_ID, (data) => ({ ...data, selectedCoursesPercent: 41 }));
    const after = resultSharePath("tecnologia")!;
    expect(after).not.toBe(url);
    expect(await (await fetchShare(resultShareLoader, after.replace(/\.png$/, ".svg"))).text()).toContain("bolsas de até 41%");
    for (const file of ["maria.png", "e-0123456789ab.png"]) {
      expect((await resultShareLoader(args(getRequest(`/compartilhar/resultado/${file}`), { arquivo: file }))).status).toBe(404);
    }
  });
});

describe("the home's and the campaign's share image", () => {
  it("is the site picture at an address with its hash, kept for a year, and a new one when the brand changes", async () => {
    const home = payload(await homeLoader(args(getRequest("/")))).shareImage as string;
    expect(home).toMatch(/^\/compartilhar\/imagem\.png\?v=[a-f0-9]{12}$/);
    expect(payload(campaignLoader()).shareImage).toBe(home);
    const hashed = (await siteShareLoader(args(getRequest(home)))) as Response;
    expect(hashed.headers.get("Content-Type")).toBe("image/png");
    expect(hashed.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await hashed.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // Without the hash (or with an old one): today's picture, kept briefly.
    const plain = (await siteShareLoader(args(getRequest("/compartilhar/imagem.png")))) as Response;
    expect(plain.headers.get("Cache-Control")).toBe("public, max-age=300");

    change(institutionContent, SINGLETON_ID, (data) => ({ ...data, brandName: "Faculdade Aurora" }));
    const after = payload(await homeLoader(args(getRequest("/")))).shareImage as string;
    expect(after).not.toBe(home);
    const stale = (await siteShareLoader(args(getRequest(home)))) as Response;
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
  });
});
