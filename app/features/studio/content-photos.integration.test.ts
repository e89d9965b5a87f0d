import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { parseWithZod } from "@conform-to/zod/v4";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { loader as coursePathLoader } from "~/features/courses/catch-all";
import { activeCourses, coursesContent } from "~/features/courses/courses.server";
import { homeContent, homePageContent, testimonialsContent } from "~/features/home/home.server";
import { loader as homeLoader } from "~/features/home/page";
import { requireAdmin } from "~/features/staff/auth.server";
import { action as courseAction } from "~/features/studio/../courses/studio-course";
import { action as homeStudioAction } from "~/features/studio/../home/studio";
import { action as testimonialsAction } from "~/features/studio/../home/testimonials-studio";
import { optionalStoredPhoto, requiredText, type StoredPhoto } from "~/features/studio/fields";
import {
  imagesDir,
  invalidPhotoForm,
  looksLikePolyglot,
  removeOrphanImageFiles,
  saveUploadedPhoto,
  saveWithPhotos,
} from "~/features/studio/images.server";
import { loader as imageLoader } from "~/features/studio/images-route";
import { photoQueue } from "~/features/studio/photo-queue.server";
import { MAX_PHOTO_BYTES, PHOTO_CACHE_CONTROL, PHOTO_MESSAGES, photoFileName } from "~/features/studio/photos";
import {
  type ContentCollection,
  getEntry,
  getSingleton,
  listEntries,
  saveEntry,
  SINGLETON_ID,
} from "~/features/studio/store.server";
import { VERSION_FIELD } from "~/features/studio/studio";
import { answerSave, versionOf } from "~/features/studio/studio.server";
import { db, schema } from "~/platform/db/client.server";
import { readFormData } from "~/platform/form-data.server";

import { courseForm } from "../../../tests/support/course-form";
import {
  animatedWebp,
  gif,
  hasGpsTag,
  heicPhoto,
  jpegBomb,
  notAPhoto,
  oversized,
  phoneJpeg,
  plainJpeg,
  polyglotJpeg,
  svgWithScript,
  transparentPng,
  truncatedJpeg,
} from "../../../tests/support/photos";
import {
  args,
  getRequest,
  multipartRequest,
  payload,
  settle,
  statusOf,
  type UploadFile,
} from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * A section with one optional photo, saved by an action written the way every studio page with a
 * photo is (read the form, saveUploadedPhoto, parse, invalidPhotoForm or saveWithPhotos + answerSave):
 * the whole pipeline runs for real (multipart parsing, sharp, files beside the SQLite file, the store).
 */
const gallery: ContentCollection<{ title: string; photo: StoredPhoto | null }> = {
  name: "test-gallery",
  schema: z.object({ title: requiredText(80), photo: optionalStoredPhoto }),
  seed: () => [{ id: SINGLETON_ID, data: { title: "Galeria", photo: null } }],
};

async function galleryAction({ request }: { request: Request }) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const photo = await saveUploadedPhoto(formData, "photo", admin.email);
  const submission = parseWithZod(formData, { schema: gallery.schema });
  if (submission.status !== "success" || !photo.ok) return invalidPhotoForm(submission, photo);
  const result = saveWithPhotos([photo], () =>
    saveEntry(gallery, { id: SINGLETON_ID, data: submission.value, expectedVersion: versionOf(formData), by: admin.email }),
  );
  return answerSave(request, submission, result, "/admin/conteudo");
}

let cookie = "";

beforeAll(async () => {
  cookie = (await signedInStaff("admin", "fotos@exemplo.com", "senha-das-fotos-1")).cookie;
});

function upload(file: UploadFile | null, fields: Record<string, string> = {}) {
  const values = {
    title: "Galeria",
    [VERSION_FIELD]: String(getSingleton(gallery).version),
    "photo.id": getSingleton(gallery).data.photo?.id ?? "",
    "photo.alt": "Estudantes no laboratório",
    ...fields,
  };
  return multipartRequest("/admin/conteudo/galeria", values, { "photo.file": file }, { cookie });
}

const imageRows = () => db.select().from(schema.contentImages).all();
const imageFiles = () => (existsSync(imagesDir()) ? readdirSync(imagesDir()) : []);

async function serve(name: string) {
  return settle(() => imageLoader(args(getRequest(`/imagens/${name}`), { file: name })));
}

describe("studio photos: a phone's photo", () => {
  let stored: StoredPhoto;

  it("stores a 4000×3000 JPEG with GPS and orientation 6 as AVIF, WebP and JPEG at 480/800/1200/1600, upright, without EXIF", async () => {
    const original = await phoneJpeg();
    const before = await sharp(original).metadata();
    expect([before.width, before.height, before.orientation, hasGpsTag(before.exif)]).toEqual([4000, 3000, 6, true]);

    const answer = await settle(() => galleryAction(args(upload({ bytes: original, name: "IMG_0001.JPG", type: "image/jpeg" }))));
    expect(statusOf(answer), JSON.stringify(payload(answer))).toBe(303);

    stored = getSingleton(gallery).data.photo!;
    // Turned upright: 3000 × 4000 shown, stored at most 1600 wide.
    expect(stored).toMatchObject({ alt: "Estudantes no laboratório", width: 1600, height: 2133 });
    expect(imageRows()).toEqual([
      expect.objectContaining({ id: stored.id, width: 1600, height: 2133, widths: "[480,800,1200,1600]" }),
    ]);
    const expected = [480, 800, 1200, 1600].flatMap((width) =>
      (["avif", "webp", "jpg"] as const).map((format) => photoFileName(stored.id, width, format)),
    );
    expect(imageFiles().sort()).toEqual(expected.sort());

    for (const name of expected) {
      const file = path.join(imagesDir(), name);
      const meta = await sharp(file).metadata();
      const [, width, format] = /-(\d+)\.(\w+)$/.exec(name)!;
      expect(meta.width, name).toBe(Number(width));
      expect(meta.height, name).toBe(Math.round((Number(width) * 4000) / 3000));
      expect({ avif: "heif", webp: "webp", jpg: "jpeg" }[format], name).toBe(meta.format);
      expect(meta.exif, `${name} keeps no EXIF`).toBeUndefined();
      expect(meta.orientation ?? 1, name).toBe(1);
    }
    // The red quarter stored at the top left is at the top right once upright.
    const { data, info } = await sharp(path.join(imagesDir(), photoFileName(stored.id, 480, "jpg")))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(info.width - 20, 20)[0]).toBeGreaterThan(200);
    expect(pixel(20, 20)[0]).toBeLessThan(100);
  });

  it("serves each file with its type and a year of immutable caching; names outside the pattern are 404", async () => {
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const response = (await serve(photoFileName(stored.id, 800, format))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Cache-Control")).toBe(PHOTO_CACHE_CONTROL);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get("Content-Length"))).toBe(bytes.length);
      expect((await sharp(bytes).metadata()).width).toBe(800);
    }
    for (const name of [
      "../site.db",
      "..%2Fsite.db",
      "test.db",
      `${stored.id}-800.png`,
      `${stored.id}-801.jpg`,
      `${stored.id.toUpperCase()}-800.jpg`,
      `${stored.id}-800.jpg/../../test.db`,
      `.${stored.id}-800.jpg.tmp`,
    ]) {
      expect(statusOf(await serve(name)), name).toBe(404);
    }
  });

  it("keeps the photo when the form is saved again without a new file, and takes a changed alt text", async () => {
    const answer = await settle(() => galleryAction(args(upload(null, { "photo.alt": "Laboratório de enfermagem" }))));
    expect(statusOf(answer)).toBe(303);
    expect(getSingleton(gallery).data.photo).toEqual({ ...stored, alt: "Laboratório de enfermagem" });
  });

  it("ignores a width, height or id the browser forges: the stored image's size wins, an unknown id is refused", async () => {
    const forged = await settle(() => galleryAction(args(upload(null, { "photo.width": "10", "photo.height": "10" }))));
    expect(statusOf(forged)).toBe(303);
    expect(getSingleton(gallery).data.photo).toMatchObject({ width: 1600, height: 2133 });

    const unknown = await settle(() => galleryAction(args(upload(null, { "photo.id": "0".repeat(32) }))));
    expect(statusOf(unknown)).toBe(400);
    expect(payload(unknown).result.error.photo).toEqual([PHOTO_MESSAGES.notFound]);
    expect(getSingleton(gallery).data.photo?.id).toBe(stored.id);
  });
});

describe("studio photos: bad uploads leave no row and no file", () => {
  const cases: [string, () => Promise<{ bytes: Buffer; name: string; type: string }>, number, string][] = [
    [
      "an SVG (with a script)",
      async () => ({ bytes: svgWithScript, name: "foto.jpg", type: "image/jpeg" }),
      415,
      PHOTO_MESSAGES.svg,
    ],
    ["zero bytes", async () => ({ bytes: Buffer.alloc(0), name: "vazia.jpg", type: "image/jpeg" }), 400, PHOTO_MESSAGES.empty],
    [
      "a truncated JPEG",
      async () => ({ bytes: await truncatedJpeg(), name: "cortada.jpg", type: "image/jpeg" }),
      400,
      PHOTO_MESSAGES.broken,
    ],
    [
      "a 20000×20000 JPEG bomb",
      async () => ({ bytes: await jpegBomb(), name: "bomba.jpg", type: "image/jpeg" }),
      400,
      PHOTO_MESSAGES.tooManyPixels,
    ],
    [
      "an 8000×6000 JPEG bomb (over our 40 megapixels, under sharp's default limit)",
      async () => ({ bytes: await jpegBomb(8000, 6000), name: "bomba.jpg", type: "image/jpeg" }),
      400,
      PHOTO_MESSAGES.tooManyPixels,
    ],
    [
      "a JPEG that is also an HTML page (polyglot)",
      async () => ({ bytes: await polyglotJpeg(), name: "poliglota.jpg", type: "image/jpeg" }),
      400,
      PHOTO_MESSAGES.polyglot,
    ],
    ["text named .jpg", async () => ({ bytes: notAPhoto, name: "texto.jpg", type: "image/jpeg" }), 415, PHOTO_MESSAGES.notPhoto],
    ["a GIF", async () => ({ bytes: await gif(), name: "anim.gif", type: "image/gif" }), 415, PHOTO_MESSAGES.notPhoto],
    [
      "an iPhone HEIC photo (its own message: export as JPEG)",
      async () => ({ bytes: await heicPhoto(), name: "IMG_0001.HEIC", type: "image/heic" }),
      415,
      "Fotos HEIC do iPhone não são aceitas: exporte como JPEG",
    ],
    [
      "an animated WebP (never silently flattened to its first frame)",
      async () => ({ bytes: await animatedWebp(), name: "animada.webp", type: "image/webp" }),
      415,
      PHOTO_MESSAGES.animated,
    ],
    [
      "a photo over 8 MB",
      async () => ({ bytes: oversized(MAX_PHOTO_BYTES), name: "enorme.jpg", type: "image/jpeg" }),
      413,
      PHOTO_MESSAGES.tooLarge,
    ],
    [
      "a tiny photo",
      async () => ({ bytes: await plainJpeg(120, 90), name: "mini.jpg", type: "image/jpeg" }),
      400,
      PHOTO_MESSAGES.tooSmall,
    ],
  ];

  for (const [label, make, status, message] of cases) {
    it(`refuses ${label}: ${status}, the message next to the field, the page's photo unchanged`, async () => {
      const rows = imageRows();
      const files = imageFiles();
      const before = getSingleton(gallery);
      const answer = await settle(async () => galleryAction(args(upload(await make()))));
      expect(statusOf(answer)).toBe(status);
      expect(payload(answer).result.error.photo).toEqual([message]);
      // What was typed comes back (the alt text), never the file.
      expect(payload(answer).result.initialValue.photo.alt).toBe("Estudantes no laboratório");
      expect(payload(answer).result.initialValue.photo.file).toBeUndefined();
      expect(imageRows()).toEqual(rows);
      expect(imageFiles()).toEqual(files);
      expect(getSingleton(gallery)).toEqual(before);
    });
  }

  it("a good photo in a form refused for another field (no alt text) is discarded: no row, no file", async () => {
    const rows = imageRows();
    const files = imageFiles();
    const answer = await settle(async () =>
      galleryAction(
        args(upload({ bytes: await plainJpeg(1000, 700, "#10a0a0"), name: "ok.jpg", type: "image/jpeg" }, { "photo.alt": " " })),
      ),
    );
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error["photo.alt"]).toEqual([PHOTO_MESSAGES.alt]);
    expect(imageRows()).toEqual(rows);
    expect(imageFiles()).toEqual(files);
  });

  it("a good photo in a save refused as a conflict is discarded; the page's photo stays", async () => {
    const rows = imageRows();
    const files = imageFiles();
    const before = getSingleton(gallery);
    const answer = await settle(async () =>
      galleryAction(
        args(
          upload({ bytes: await plainJpeg(1000, 700, "#a01010"), name: "ok.jpg", type: "image/jpeg" }, { [VERSION_FIELD]: "1" }),
        ),
      ),
    );
    expect(statusOf(answer)).toBe(409);
    expect(imageRows()).toEqual(rows);
    expect(imageFiles()).toEqual(files);
    expect(getSingleton(gallery)).toEqual(before);
  });

  it("a form posted without multipart (the file's name as text) is refused, not taken as 'no photo'", async () => {
    const formData = new FormData();
    formData.set("photo.file", "IMG_0001.JPG");
    const result = await saveUploadedPhoto(formData, "photo", "x");
    expect(result).toMatchObject({ ok: false, status: 400, message: PHOTO_MESSAGES.notSent });
  });
});

describe("photo processing waits its turn (decision 076)", () => {
  it("sharp runs one libvips thread per photo with a small cache", () => {
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 32 }, files: { max: 0 }, items: { max: 16 } });
  });

  it("an upload is processed only once the photo ahead of it is done (PHOTO_JOBS = 1); then it is stored", async () => {
    expect(photoQueue.running).toBe(0);
    // A photo being processed (the test holds it): the queue is full.
    let release!: () => void;
    const ahead = photoQueue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const bytes = await plainJpeg(640, 480, "#3366aa");
    let settled = false;
    const answer = settle(() => galleryAction(args(upload({ bytes, name: "fila.jpg", type: "image/jpeg" })))).finally(
      () => (settled = true),
    );
    // The upload waits in line: nothing processed, nothing stored.
    await expect.poll(() => photoQueue.waiting).toBe(1);
    expect(photoQueue.running).toBe(1);
    expect(settled).toBe(false);
    expect(imageRows().some((row) => row.width === 640)).toBe(false);
    release();
    await ahead;
    expect(statusOf(await answer)).toBe(303);
    expect(getSingleton(gallery).data.photo).toMatchObject({ width: 640, height: 480 });
    expect(photoQueue.running).toBe(0);
    expect(photoQueue.waiting).toBe(0);
  });
});

describe("the polyglot check reads a large file in windows", () => {
  it("finds markup anywhere, also across a window's edge (512 KB), in any case; a clean file passes", async () => {
    const bytes = Buffer.alloc(3 * 512 * 1024, 0x41);
    expect(await looksLikePolyglot(bytes)).toBe(false);
    for (const [offset, marker] of [
      [512 * 1024 - 3, "<ScRiPt"],
      [2 * 512 * 1024 - 5, "JavaScript:"],
      [bytes.length - 9, "<!DOCTYPE"],
      [10, "<?php"],
    ] as const) {
      const copy = Buffer.from(bytes);
      copy.write(marker, offset, "latin1");
      expect(await looksLikePolyglot(copy), `${marker} at ${offset}`).toBe(true);
    }
  });
});

describe("HEIC: why iPhone photos are refused (decision 075)", () => {
  it("the installed sharp decodes HEIF only as AVIF (AV1), not an iPhone's HEIC (HEVC): when this fails, accept HEIC", async () => {
    expect(sharp.format.heif.input.fileSuffix).not.toContain(".heic");
    await expect(
      sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } })
        .heif({ compression: "hevc" })
        .toBuffer(),
    ).rejects.toThrow();
  });
});

describe("studio photos: other formats and the same photo twice", () => {
  it("takes a transparent PNG (widths capped at its own 640: 480 and 640), and the same bytes again are the same image", async () => {
    const png = await transparentPng();
    const first = await settle(() => galleryAction(args(upload({ bytes: png, name: "logo.png", type: "image/png" }))));
    expect(statusOf(first)).toBe(303);
    const photo = getSingleton(gallery).data.photo!;
    expect(photo).toMatchObject({ width: 640, height: 480 });
    expect(
      imageFiles()
        .filter((name) => name.startsWith(photo.id))
        .sort(),
    ).toEqual(
      [480, 640]
        .flatMap((width) => (["avif", "jpg", "webp"] as const).map((format) => photoFileName(photo.id, width, format)))
        .sort(),
    );
    expect((await sharp(path.join(imagesDir(), photoFileName(photo.id, 640, "webp"))).metadata()).hasAlpha).toBe(true);

    const rows = imageRows().length;
    const again = await settle(() => galleryAction(args(upload({ bytes: png, name: "logo-de-novo.png", type: "image/png" }))));
    expect(statusOf(again)).toBe(303);
    expect(imageRows()).toHaveLength(rows);
    expect(getSingleton(gallery).data.photo?.id).toBe(photo.id);
  });

  it("'Remover a foto' leaves the section without a photo; the image stays for the history's Restaurar", async () => {
    const id = getSingleton(gallery).data.photo!.id;
    const answer = await settle(() => galleryAction(args(upload(null, { "photo.remove": "on", "photo.alt": "" }))));
    expect(statusOf(answer)).toBe(303);
    expect(getSingleton(gallery).data.photo).toBeNull();
    expect(imageRows().some((row) => row.id === id)).toBe(true);
  });

  it("refuses anonymous posts before reading the body", async () => {
    const request = new Request("http://localhost/admin/conteudo/galeria", { method: "POST", body: new FormData() });
    const answer = await settle(() => galleryAction({ request }));
    expect([302, 401, 403]).toContain(statusOf(answer));
    expect(request.bodyUsed).toBe(false);
  });
});

describe("the home hero photo, through /admin/conteudo/inicio", () => {
  function homeUpload(file: UploadFile | null, fields: Record<string, string> = {}) {
    const { data, version } = getSingleton(homeContent);
    const values: Record<string, string> = {
      heroBadge: data.heroBadge,
      heroTitle: data.heroTitle,
      heroHighlight: data.heroHighlight,
      heroText: data.heroText,
      courseCount: data.courseCount === null ? "" : String(data.courseCount),
      poloCount: data.poloCount === null ? "" : String(data.poloCount),
      scholarshipPercent: data.scholarshipPercent === null ? "" : String(data.scholarshipPercent),
      countdownMode: data.countdownMode,
      countdownDate: data.countdownDate,
      countdownTitle: data.countdownTitle,
      [VERSION_FIELD]: String(version),
      "heroPhoto.id": data.heroPhoto?.id ?? "",
      "heroPhoto.alt": "Estudante sorrindo com o notebook",
      ...fields,
    };
    return multipartRequest("/admin/conteudo/inicio", values, { "heroPhoto.file": file }, { cookie });
  }

  it("a refused photo (SVG) is 415 next to 'Foto de destaque' and the hero keeps the illustration", async () => {
    const rows = imageRows().length;
    const answer = await settle(() =>
      homeStudioAction(args(homeUpload({ bytes: svgWithScript, name: "hero.svg", type: "image/svg+xml" }))),
    );
    expect(statusOf(answer)).toBe(415);
    expect(payload(answer).result.error.heroPhoto).toEqual([PHOTO_MESSAGES.svg]);
    expect(imageRows()).toHaveLength(rows);
    expect(homePageContent().hero.photo).toBeNull();
  });

  it("an uploaded photo is the hero's on the next request, with its alt text and size", async () => {
    const answer = await settle(async () =>
      homeStudioAction(
        args(homeUpload({ bytes: await phoneJpeg({ width: 2400, height: 1600 }), name: "hero.jpg", type: "image/jpeg" })),
      ),
    );
    expect(statusOf(answer), JSON.stringify(payload(answer))).toBe(303);
    const photo = homePageContent().hero.photo!;
    expect(photo).toMatchObject({ alt: "Estudante sorrindo com o notebook", width: 1600, height: 2400 });
    expect(imageRows().some((row) => row.id === photo.id)).toBe(true);
    const page = payload(homeLoader(args(getRequest("/"))));
    expect(page.home.hero.photo).toEqual(photo);
  });

  it("the alt text is required with a photo", async () => {
    const answer = await settle(() => homeStudioAction(args(homeUpload(null, { "heroPhoto.alt": "" }))));
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error["heroPhoto.alt"]).toEqual([PHOTO_MESSAGES.alt]);
  });
});

describe("testimonial photos, through /admin/conteudo/depoimentos", () => {
  function testimonialUpload(file: UploadFile | null, fields: Record<string, string> = {}) {
    const entry = listEntries(testimonialsContent)[0];
    const values: Record<string, string> = {
      intent: "salvar",
      item: entry.id,
      [VERSION_FIELD]: String(entry.version),
      name: entry.data.name,
      course: entry.data.course,
      text: entry.data.text,
      "photo.id": entry.data.photo?.id ?? "",
      "photo.alt": `Foto de ${entry.data.name}`,
      ...fields,
    };
    return multipartRequest("/admin/conteudo/depoimentos", values, file ? { "photo.file": file } : {}, { cookie });
  }

  it("a polyglot is refused next to the item's photo field; nothing stored", async () => {
    const rows = imageRows().length;
    const answer = await settle(async () =>
      testimonialsAction(args(testimonialUpload({ bytes: await polyglotJpeg(), name: "ana.jpg", type: "image/jpeg" }))),
    );
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.photo).toEqual([PHOTO_MESSAGES.polyglot]);
    expect(payload(answer).result.initialValue.item).toBe(listEntries(testimonialsContent)[0].id);
    expect(imageRows()).toHaveLength(rows);
    expect(homePageContent().testimonials[0].photo).toBeNull();
  });

  it("an uploaded photo is the testimonial's on the home page; the seeded avatar path stays for when it is removed", async () => {
    const answer = await settle(async () =>
      testimonialsAction(
        args(testimonialUpload({ bytes: await plainJpeg(600, 600, "#c08040"), name: "ana.jpg", type: "image/jpeg" })),
      ),
    );
    expect(statusOf(answer), JSON.stringify(payload(answer))).toBe(303);
    const [first] = homePageContent().testimonials;
    expect(first.photo).toMatchObject({ alt: `Foto de ${first.name}`, width: 600, height: 600 });
    expect(first.image).not.toBe("");
  });
});

describe("course photos, through /admin/conteudo/cursos/:curso", () => {
  function courseUpload(id: string, file: UploadFile | null, fields: Record<string, string> = {}) {
    const course = getEntry(coursesContent, id)!.data;
    const values = courseForm(id, {
      level: undefined,
      "photo.id": course.photo?.id ?? "",
      "photo.alt": `Laboratório do curso de ${course.name}`,
      ...fields,
    });
    return multipartRequest(`/admin/conteudo/cursos/${id}`, values, file ? { "photo.file": file } : {}, { cookie });
  }

  it("a truncated photo is refused next to 'Foto do curso'; nothing stored; the card keeps its icon", async () => {
    const rows = imageRows().length;
    const answer = await settle(async () =>
      courseAction(
        args(courseUpload("1", { bytes: await truncatedJpeg(), name: "curso.jpg", type: "image/jpeg" }), { curso: "1" }),
      ),
    );
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.photo).toEqual([PHOTO_MESSAGES.broken]);
    expect(imageRows()).toHaveLength(rows);
    expect(getEntry(coursesContent, "1")!.data.photo).toBeNull();
  });

  it("an uploaded photo is on the course's page and its cards at the next request", async () => {
    const answer = await settle(async () =>
      courseAction(
        args(courseUpload("1", { bytes: await plainJpeg(1200, 800, "#208060"), name: "curso.jpg", type: "image/jpeg" }), {
          curso: "1",
        }),
      ),
    );
    expect(statusOf(answer), JSON.stringify(payload(answer))).toBe(303);
    const photo = getEntry(coursesContent, "1")!.data.photo!;
    expect(photo).toMatchObject({ width: 1200, height: 800 });
    const path = getEntry(coursesContent, "1")!.data.path;
    const page = payload(await settle(() => coursePathLoader(args(getRequest(path), { "*": path.slice(1) }))));
    expect(JSON.stringify(page)).toContain(photo.id);
    expect(activeCourses().find((course) => course.id === 1)?.photo).toEqual(photo);
  });
});

describe("files left by an interrupted upload", () => {
  it("are removed at start-up: temporary files and files of an image without a row; stored images keep theirs", async () => {
    const kept = imageFiles();
    const orphan = `${"c0ffee00".repeat(4)}-480.webp`;
    const temporary = `.${"c0ffee00".repeat(4)}-800.jpg.a1b2c3.tmp`;
    writeFileSync(path.join(imagesDir(), orphan), "x");
    writeFileSync(path.join(imagesDir(), temporary), "x");
    expect(removeOrphanImageFiles().sort()).toEqual([temporary, orphan].sort());
    expect(imageFiles()).toEqual(kept);
  });
});
