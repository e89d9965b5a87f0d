import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import type { Submission } from "@conform-to/react";
import { eq } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";

import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MIN_PHOTO_SIDE,
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  photoFileName,
  type PhotoFormat,
  photoWidths,
} from "~/features/studio/photos";
import { config } from "~/platform/config.server";
import { IMAGES_FOLDER } from "~/platform/data-dir.server";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { privateData } from "~/shared/cache-headers";
import { IMAGE_FILE_PATTERN, IMAGE_ID_PATTERN } from "~/shared/image-files";

import { photoQueue } from "./photo-queue.server";
import type { StudioFailure } from "./studio.server";

/**
 * Photos uploaded in the content studio. The bytes are checked by what they are, never by their name:
 * only JPEG, PNG, WebP and AVIF (by their first bytes, then decoded by sharp); SVG, anything else,
 * empty, truncated or undecodable files, files carrying markup or an archive besides the picture
 * (polyglots) and pictures of more than MAX_PHOTO_PIXELS are refused with a pt-BR message for the
 * field. An accepted photo is turned upright (EXIF orientation), stripped of its metadata (a phone
 * photo carries GPS) and stored as AVIF, WebP and JPEG at the widths of photoWidths, under the hash of
 * the uploaded bytes, in `<data dir>/content-images` (the Docker /data volume, beside the database).
 * The original is never kept or served. Files are written under temporary names and renamed; a failure
 * removes them and records no row; a content_images row exists only with all its files. iPhone HEIC
 * photos and animations are refused with their own messages (decision 075). Photos are processed one
 * at a time through photoQueue (decision 076), so uploads never stall the rest of the site.
 */

/** Where the resized files live. */
export function imagesDir(): string {
  return path.join(config.dataDir, IMAGES_FOLDER);
}

export type StoredImage = { id: string; width: number; height: number; widths: number[]; bytes: number };

/** A photo refused for what it is: its message goes next to the field, with a 4xx status. */
export class PhotoRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type UploadFormat = "jpeg" | "png" | "webp" | "avif";

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** ISO media brands of HEIF pictures with HEVC inside (an iPhone's HEIC), which the prebuilt sharp cannot decode. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/**
 * What the first bytes say the file is: one of the accepted formats, "svg", "heic" (an iPhone photo,
 * refused with its own message), or null for anything else.
 */
export function sniffFormat(bytes: Uint8Array): UploadFormat | "svg" | "heic" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // An ISO media file: AVIF when its major or a compatible brand says so (HEIC and videos are not taken).
    const boxSize = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), 256, bytes.length);
    let heic = false;
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // the minor version, not a brand
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "avif";
      if (HEIC_BRANDS.has(brand)) heic = true;
    }
    return heic ? "heic" : null;
  }
  const head = ascii(bytes, 0, 4096)
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart();
  if (head.startsWith("<") && /<svg[\s>]/i.test(head)) return "svg";
  return null;
}

/**
 * Whether the file carries something besides the picture that another program would run or open:
 * HTML, script or PHP markup anywhere, or a ZIP archive at its end (a JPEG that is also a JAR). The
 * signatures are long enough that a photo's compressed bytes do not hit them by chance.
 */
export async function looksLikePolyglot(bytes: Buffer): Promise<boolean> {
  // Read in windows of 512 KB (overlapping by more than the longest signature), giving the event
  // loop a turn between them: an 8 MB photo read as one string held every other request for tens
  // of milliseconds (decision 076).
  const WINDOW = 512 * 1024;
  const OVERLAP = 16;
  for (let start = 0; start < bytes.length; start += WINDOW) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const text = bytes
      .subarray(Math.max(0, start - OVERLAP), start + WINDOW)
      .toString("latin1")
      .toLowerCase();
    if (/<script|<html[\s>]|<\?php|<!doctype|<iframe|javascript:/.test(text)) return true;
  }
  const tail = bytes.subarray(Math.max(0, bytes.length - 65_557));
  return tail.includes(Buffer.from("PK\x05\x06", "latin1"));
}

/** The decoder's opinion of the bytes: what sharp says the format is, and the size. Refuses what it cannot read. */
async function inspect(bytes: Buffer, expected: UploadFormat) {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "truncated" }).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new PhotoRefusal(PHOTO_MESSAGES.tooManyPixels, 400);
    throw new PhotoRefusal(PHOTO_MESSAGES.broken, 400);
  }
  const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  if (format !== expected) throw new PhotoRefusal(PHOTO_MESSAGES.notPhoto, 415);
  // An animation (WebP, or an AVIF sequence) would be stored as its first frame: refused instead.
  if ((metadata.pages ?? 1) > 1) throw new PhotoRefusal(PHOTO_MESSAGES.animated, 415);
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoRefusal(PHOTO_MESSAGES.tooManyPixels, 400);
  if (width < MIN_PHOTO_SIDE || height < MIN_PHOTO_SIDE) throw new PhotoRefusal(PHOTO_MESSAGES.tooSmall, 400);
}

/** Checks an upload's bytes; throws PhotoRefusal with the field's message when it is not a photo we take. */
export async function checkPhoto(bytes: Buffer): Promise<UploadFormat> {
  if (bytes.length === 0) throw new PhotoRefusal(PHOTO_MESSAGES.empty, 400);
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoRefusal(PHOTO_MESSAGES.tooLarge, 413);
  const format = sniffFormat(bytes);
  if (format === "svg") throw new PhotoRefusal(PHOTO_MESSAGES.svg, 415);
  if (format === "heic") throw new PhotoRefusal(PHOTO_MESSAGES.heic, 415);
  if (format === null) throw new PhotoRefusal(PHOTO_MESSAGES.notPhoto, 415);
  if (await looksLikePolyglot(bytes)) throw new PhotoRefusal(PHOTO_MESSAGES.polyglot, 400);
  await inspect(bytes, format);
  return format;
}

type Rendition = { name: string; bytes: Buffer };

/**
 * Decodes the photo once (upright, at most the largest width), then encodes each width in each
 * format. Nothing of the original's metadata is written (sharp keeps none unless asked). AVIF is
 * encoded with little effort above 800 px: on two cores a higher effort takes seconds per width.
 */
async function renditions(id: string, bytes: Buffer): Promise<{ width: number; height: number; files: Rendition[] }> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "truncated" })
      .rotate()
      .resize({ width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1], withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefusal(PHOTO_MESSAGES.broken, 400);
  }
  const { data: pixels, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const files: Rendition[] = [];
  for (const width of photoWidths(info.width)) {
    const resized = () => sharp(pixels, { raw }).resize({ width });
    const encode: Record<PhotoFormat, () => Promise<Buffer>> = {
      avif: () =>
        resized()
          .avif({ quality: 50, effort: width <= 800 ? 1 : 0 })
          .toBuffer(),
      webp: () => resized().webp({ quality: 72 }).toBuffer(),
      // JPEG has no transparency: a transparent PNG gets a white background.
      jpg: () => resized().flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
    };
    for (const format of PHOTO_FORMATS) files.push({ name: photoFileName(id, width, format), bytes: await encode[format]() });
  }
  return { width: info.width, height: info.height, files };
}

/** Writes every file under a temporary name, then renames them all; on any failure removes what it wrote. */
function writeAll(files: Rendition[]) {
  const dir = imagesDir();
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  try {
    const temporary = files.map((file) => {
      const temp = path.join(dir, `.${file.name}.${randomBytes(6).toString("hex")}.tmp`);
      written.push(temp);
      writeFileSync(temp, file.bytes);
      return { temp, final: path.join(dir, file.name) };
    });
    for (const { temp, final } of temporary) {
      renameSync(temp, final);
      written.push(final);
    }
  } catch (error) {
    for (const file of written) rmSync(file, { force: true });
    throw error;
  }
}

function rowToImage(row: typeof schema.contentImages.$inferSelect): StoredImage {
  return { id: row.id, width: row.width, height: row.height, widths: JSON.parse(row.widths) as number[], bytes: row.bytes };
}

export function getImage(id: string): StoredImage | undefined {
  if (!IMAGE_ID_PATTERN.test(id)) return undefined;
  const row = db.select().from(schema.contentImages).where(eq(schema.contentImages.id, id)).get();
  return row ? rowToImage(row) : undefined;
}

/**
 * Checks and stores a photo. The same bytes uploaded again are the same image (`created: false`).
 * Throws PhotoRefusal for a photo we do not take; other errors leave no file and no row.
 */
export function storePhoto(bytes: Buffer, by: string): Promise<{ image: StoredImage; created: boolean }> {
  // One photo at a time (PHOTO_JOBS): the others wait in line, every other request goes on (decision 076).
  return photoQueue.run(() => checkAndStore(bytes, by));
}

async function checkAndStore(bytes: Buffer, by: string): Promise<{ image: StoredImage; created: boolean }> {
  await checkPhoto(bytes);
  const id = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const existing = getImage(id);
  if (existing) return { image: existing, created: false };
  const { width, height, files } = await renditions(id, bytes);
  writeAll(files);
  const image: StoredImage = {
    id,
    width,
    height,
    widths: photoWidths(width),
    bytes: files.reduce((total, file) => total + file.bytes.length, 0),
  };
  try {
    const inserted = db
      .insert(schema.contentImages)
      .values({ ...image, widths: JSON.stringify(image.widths), createdAt: new Date().toISOString(), createdBy: by })
      .onConflictDoNothing()
      .run();
    return { image, created: inserted.changes === 1 };
  } catch (error) {
    removeFiles(image);
    throw error;
  }
}

function removeFiles(image: Pick<StoredImage, "id" | "widths">) {
  for (const width of image.widths) {
    for (const format of PHOTO_FORMATS) rmSync(path.join(imagesDir(), photoFileName(image.id, width, format)), { force: true });
  }
}

/** Whether any section, current or in its history, names the image (then "Restaurar" still needs it). */
export function isImageReferenced(id: string): boolean {
  const pattern = `%${id}%`;
  const hit = sqlite
    .prepare(
      "SELECT 1 FROM content_entries WHERE data LIKE ? UNION ALL SELECT 1 FROM content_revisions WHERE data LIKE ? LIMIT 1",
    )
    .get(pattern, pattern);
  return hit !== undefined;
}

/**
 * Removes what a process stopped mid-upload left in the images folder: temporary files, and files of
 * an image that has no row (the row is written after its files). Run before the server takes
 * requests (no upload is under way then). Returns the names removed.
 */
export function removeOrphanImageFiles(): string[] {
  const dir = imagesDir();
  if (!existsSync(dir)) return [];
  const known = new Set(
    db
      .select({ id: schema.contentImages.id })
      .from(schema.contentImages)
      .all()
      .map((row) => row.id),
  );
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const match = IMAGE_FILE_PATTERN.exec(name);
    if (match ? known.has(match[1]) : !/^\..+\.tmp$/.test(name)) continue;
    rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes an image no content names (its row, then its files). */
export function discardImage(id: string) {
  const image = getImage(id);
  if (!image || isImageReferenced(id)) return;
  db.delete(schema.contentImages).where(eq(schema.contentImages.id, id)).run();
  removeFiles(image);
}

/**
 * What saveUploadedPhoto did with a form's photo field. `discard` removes a photo this request
 * stored when the section's save does not happen after all (an invalid field, a conflict): call it
 * on every path that does not save, so no image is left that nothing uses.
 */
export type PhotoUpload =
  | { ok: true; field: string; image: StoredImage | null; discard: () => void }
  | { ok: false; field: string; message: string; status: number; discard: () => void };

const keep = () => {};

/**
 * Reads the photo field `field` of a studio form: `<field>.file` (a new photo), else `<field>.id` (the
 * photo the page has), or none when `<field>.remove` is checked or nothing is there. A new photo is
 * checked and stored; then `<field>.id`, `.width` and `.height` of the form are set from the stored
 * image (what the browser sent for them is never trusted), so the section's schema (storedPhoto or
 * optionalStoredPhoto of app/features/studio/fields.ts) parses the photo with the alt text typed.
 */
export async function saveUploadedPhoto(formData: FormData, field: string, by: string): Promise<PhotoUpload> {
  const names = { file: `${field}.file`, id: `${field}.id`, width: `${field}.width`, height: `${field}.height` };
  const refused = (message: string, status: number): PhotoUpload => ({ ok: false, field, message, status, discard: keep });
  const accept = (image: StoredImage | null, discard = keep): PhotoUpload => {
    if (image) {
      formData.set(names.id, image.id);
      formData.set(names.width, String(image.width));
      formData.set(names.height, String(image.height));
    } else {
      for (const name of [names.id, names.width, names.height]) formData.delete(name);
    }
    return { ok: true, field, image, discard };
  };

  const sent = formData.get(names.file);
  formData.delete(names.file);
  // A form sent without multipart carries the file's name as text, not the file.
  if (typeof sent === "string" && sent !== "") return refused(PHOTO_MESSAGES.notSent, 400);
  if (sent instanceof File && (sent.size > 0 || sent.name !== "")) {
    if (sent.size > MAX_PHOTO_BYTES) return refused(PHOTO_MESSAGES.tooLarge, 413);
    try {
      const { image, created } = await storePhoto(Buffer.from(await sent.arrayBuffer()), by);
      return accept(image, created ? () => discardImage(image.id) : keep);
    } catch (error) {
      if (error instanceof PhotoRefusal) return refused(error.message, error.status);
      console.error("[studio] photo not stored:", error);
      return refused(PHOTO_MESSAGES.failed, 500);
    }
  }

  if (formData.get(`${field}.remove`) === "on") return accept(null);
  const id = formData.get(names.id);
  if (id === null || id === "") return accept(null);
  const image = typeof id === "string" ? getImage(id) : undefined;
  return image ? accept(image) : refused(PHOTO_MESSAGES.notFound, 400);
}

/**
 * A studio form refused for its fields and/or its photos: the photo messages go next to their
 * fields, beside the schema's own, with the photo's status (413 too large, 415 not a photo, else 400).
 */
export function invalidPhotoForm(submission: Submission<unknown>, ...uploads: PhotoUpload[]) {
  const fieldErrors: Record<string, string[]> = {};
  let status = 400;
  for (const upload of uploads) {
    upload.discard();
    if (upload.ok) continue;
    fieldErrors[upload.field] = [upload.message];
    status = upload.status;
  }
  return privateData<StudioFailure>({ result: submission.reply({ fieldErrors }) }, { status });
}

/**
 * Runs a section's save with the photos the form brought: when the save is refused (a conflict) or
 * fails, the photos this request stored are discarded, then the result (or the error) goes on.
 */
export function saveWithPhotos<T extends { ok: boolean }>(uploads: PhotoUpload[], save: () => T): T {
  let result: T;
  try {
    result = save();
  } catch (error) {
    for (const upload of uploads) upload.discard();
    throw error;
  }
  if (!result.ok) for (const upload of uploads) upload.discard();
  return result;
}

/** One stored file for /imagens/: null when the name is not one of ours or there is no such file. */
export function openImageFile(name: string): { body: ReadableStream; size: number; contentType: string } | null {
  const match = IMAGE_FILE_PATTERN.exec(name);
  if (!match) return null;
  const file = path.join(imagesDir(), name);
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats?.isFile()) return null;
  return {
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    size: stats.size,
    contentType: PHOTO_CONTENT_TYPES[match[3] as PhotoFormat],
  };
}
