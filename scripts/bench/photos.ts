// The bench's photos: generated photo-like JPEGs (a phone camera's 4000 × 3000,
// with gradients and fine texture, so the encoders have real work), uploaded through the content
// studio in a real browser as the marketing team would: the home hero and the course cards the home
// page's catalogue shows first. The measurements then run with the photos in place.
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";

import { fullHomeHref } from "~/features/home/home-data";

import { adminSession } from "../../tests/support/sessions";

/** A photo-like JPEG: a diagonal gradient in the given hue, blurred noise for detail, a lighter band. */
export async function photoLikeJpeg(width: number, height: number, hue: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: width / 4,
      height: height / 4,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .resize(width, height, { kernel: "cubic" })
    .blur(1.2)
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},55%,35%)"/><stop offset="0.6" stop-color="hsl(${(hue + 40) % 360},60%,60%)"/>` +
      `<stop offset="1" stop-color="hsl(${(hue + 80) % 360},45%,25%)"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="${width * 0.35}" cy="${height * 0.45}" rx="${width * 0.18}" ry="${height * 0.3}" fill="hsl(${hue},30%,80%)" opacity="0.6"/></svg>`,
  );
  return sharp(gradient)
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function signIn(page: Page, baseUrl: string) {
  const cookie = await adminSession(baseUrl);
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
}

/** Chooses the file and alt text of a studio photo field, saves, and waits for the studio's "Alterações salvas". */
async function uploadInto(page: Page, group: string, photo: Buffer, alt: string) {
  const field = page.getByRole("group", { name: group });
  await field.getByLabel("Escolher a foto").setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
  await field.getByLabel("Texto alternativo").fill(alt);
  await page.getByRole("button", { name: "Salvar" }).click();
  await page.getByTestId("toaster").getByText("Alterações salvas").waitFor({ timeout: 60_000 });
}

/**
 * Uploads the hero photo and one photo per course card of the home page's first catalogue view.
 * Returns how many photos were stored.
 */
export async function uploadBenchPhotos(browser: Browser, baseUrl: string): Promise<{ hero: number; courses: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/admin/conteudo/inicio`);
    await uploadInto(page, "Foto de destaque", await photoLikeJpeg(4000, 3000, 210), "Estudantes em aula no polo");

    // The whole home: the landing document holds the catalogue's place only (decision 104).
    await page.goto(`${baseUrl}${fullHomeHref("cursos")}`);
    // A course can have two cards there (the featured ones and the area's list): one photo each.
    const names = [
      ...new Set((await page.getByTestId("course-card").locator("h3, h4").allTextContents()).map((name) => name.trim())),
    ];
    if (names.length === 0) throw new Error("The home page's catalogue shows no course card to give a photo");
    let courses = 0;
    for (const [index, name] of names.entries()) {
      await page.goto(`${baseUrl}/admin/conteudo/cursos?q=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name, exact: true }).first().click();
      await page.getByLabel("Nome do curso").waitFor();
      await uploadInto(page, "Foto do curso", await photoLikeJpeg(4000, 3000, (index * 47) % 360), `Estudantes de ${name}`);
      courses += 1;
    }
    return { hero: 1, courses };
  } finally {
    await context.close();
  }
}
