import sharp from "sharp";

/**
 * Test photos made with sharp (no photo can be downloaded here): a phone's photo and the bad inputs
 * of the studio's photo tests. The phone photo is 4000 × 3000 stored sideways with EXIF orientation 6 (turn
 * 90° clockwise to view) and a GPS position; its stored top-left quarter is red, so once turned
 * upright the red quarter is at the top right.
 */

/** The marker of the GPS sub-IFD in EXIF (tag 0x8825), in either byte order. */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

export async function phoneJpeg({ width = 4000, height = 3000 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2f5f9f" } })
    .composite([
      {
        input: { create: { width: width / 2, height: height / 2, channels: 3, background: "#ff0000" } },
        left: 0,
        top: 0,
      },
      // Some texture, so the encoders have real work (a flat colour compresses to nothing).
      {
        input: await sharp({
          create: {
            width: 200,
            height: 150,
            channels: 3,
            background: "#000000",
            noise: { type: "gaussian", mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer(),
        left: width - 400,
        top: height - 300,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "19/1 55/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "43/1 56/1 0/1" },
    })
    .toBuffer();
}

/** A 640 × 480 PNG with transparency. */
export function transparentPng(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 20, g: 160, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A small, plain JPEG (for uploads that need any valid photo). */
export function plainJpeg(width = 900, height = 600, colour = "#7a4fb0"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600"/></svg>',
);

/** The first half of a JPEG (an upload cut short). */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await phoneJpeg({ width: 1200, height: 900 });
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A pixel bomb: a tiny JPEG whose header claims 20000 × 20000 pixels (400 megapixels, 1.2 GB once
 * decoded): the size in its start-of-frame segment is rewritten. 8000 × 6000 (48 megapixels) is over
 * the studio's limit but under sharp's own default one.
 */
export async function jpegBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const bytes = Buffer.from(await plainJpeg(64, 64));
  for (let offset = 2; offset + 9 < bytes.length;) {
    if (bytes[offset] !== 0xff) throw new Error("unexpected JPEG layout");
    const marker = bytes[offset + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, offset + 5);
      bytes.writeUInt16BE(width, offset + 7);
      return bytes;
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error("no start-of-frame segment");
}

/** A JPEG that decodes fine but also carries an HTML page with a script (in a comment segment). */
export async function polyglotJpeg(): Promise<Buffer> {
  const jpeg = await plainJpeg();
  const html = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
  const comment = Buffer.alloc(4);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), comment, html, jpeg.subarray(2)]);
}

/** Text with a photo's name. */
export const notAPhoto = Buffer.from("Isto não é uma foto.\n".repeat(50));

/** A GIF: an image, but not a format the studio takes. */
export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 300, channels: 3, background: "#ffaa00" } })
    .gif()
    .toBuffer();
}

/** One byte over the limit, starting like a JPEG. */
export function oversized(limit: number): Buffer {
  const bytes = Buffer.alloc(limit + 1, 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** A three-frame animated WebP (red, green, blue), 400 × 300: sharp would keep only its first frame. */
export async function animatedWebp(): Promise<Buffer> {
  const frames = await Promise.all(
    ["#ff0000", "#00ff00", "#0000ff"].map((background) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .webp({ loop: 0, delay: 200 })
    .toBuffer();
}

/**
 * An iPhone photo's start: an ISO media `ftyp` box with the `heic` brand (and `mif1`, `heic`
 * compatible), then a JPEG's bytes as filler. sharp's prebuilt binary cannot encode HEIC (its HEIF
 * is AV1 only), so this is a stand-in; what matters is that the file says it is HEIC.
 */
export async function heicPhoto(): Promise<Buffer> {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.writeUInt32BE(0, 12);
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, await plainJpeg(800, 600)]);
}
