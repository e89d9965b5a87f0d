import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { MAX_PHOTO_BYTES, PHOTO_CACHE_CONTROL, PHOTO_MESSAGES } from "../../app/features/studio/photos";
import { oversized } from "../support/photos";
import { rawStatusLine } from "../support/raw-http";
import { adminSession } from "../support/sessions";

/**
 * Studio photos at the server's door (server/app.js): only multipart posts to the content studio may
 * carry a photo (8 MB, plus the form); every other body keeps the 64 KB limit, and a body of unknown
 * length is still refused. The photos' files are served with a year of immutable caching even to a
 * visitor with a cookie, and only by names of their exact pattern.
 */

const base = () => process.env.E2E_BASE_URL!;

function photoForm(bytes: Buffer) {
  const form = new FormData();
  form.set("heroPhoto.alt", "Foto de teste");
  form.set("heroPhoto.file", new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" }));
  return form;
}

function post(pathname: string, body: BodyInit, cookie = "", headers: Record<string, string> = {}) {
  return fetch(base() + pathname, { method: "POST", body, redirect: "manual", headers: { Cookie: cookie, ...headers } });
}

test.describe("photo uploads: body limits", () => {
  test("a studio form may carry a photo over 64 KB (a photo over 8 MB is refused next to its field); past 9 MB the door refuses it", async () => {
    const admin = await adminSession(base());
    // 8 MB + 100 KB: through the door, refused by the form with the field's message.
    const overPhoto = await post("/admin/conteudo/inicio", photoForm(oversized(MAX_PHOTO_BYTES + 100 * 1024)), admin);
    expect(overPhoto.status).toBe(413);
    expect(overPhoto.headers.get("content-type")).toContain("text/html");
    expect(await overPhoto.text()).toContain(PHOTO_MESSAGES.tooLarge);

    // Past the door's 9 MB: refused before anything reads it.
    const overDoor = await post("/admin/conteudo/inicio", photoForm(oversized(9 * 1024 * 1024 + 1)), admin);
    expect(overDoor.status).toBe(413);
    expect(overDoor.headers.get("content-type")).toContain("text/plain");
    expect(await overDoor.text()).toBe("Arquivo grande demais: a foto deve ter no máximo 8 MB.");
  });

  test("every other body keeps the 64 KB limit: a multipart post elsewhere, a urlencoded post to the studio", async () => {
    const admin = await adminSession(base());
    const elsewhere = await post("/inscricao", photoForm(Buffer.alloc(100 * 1024, 0x41)));
    expect(elsewhere.status).toBe(413);
    expect(await elsewhere.text()).toBe("Requisição grande demais.");

    const urlencoded = await post("/admin/conteudo/inicio", "heroText=" + "a".repeat(100 * 1024), admin, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(urlencoded.status).toBe(413);
    expect(await urlencoded.text()).toBe("Requisição grande demais.");
  });

  test("a multipart studio post of unknown length (chunked) is still refused with 411", async () => {
    const status = await rawStatusLine(
      base(),
      "POST /admin/conteudo/inicio HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n" +
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n--x--\r\n0\r\n\r\n",
    );
    expect(status).toContain("411");
  });
});

test.describe("photo files", () => {
  test("are served with their type and immutable caching, also to a visitor with a cookie, outside the page cache; other names are 404", async () => {
    const dir = path.join(path.dirname(process.env.E2E_DATABASE_PATH!), "content-images");
    mkdirSync(dir, { recursive: true });
    const name = `${"ab12".repeat(8)}-480.webp`;
    const bytes = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#336699" } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(dir, name), bytes);

    for (const cookie of ["", "__visitante=abc"]) {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${base()}/imagens/${name}`, { headers: cookie ? { Cookie: cookie } : {} });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        expect(response.headers.get("cache-control")).toBe(PHOTO_CACHE_CONTROL);
        expect(response.headers.get("x-cache")).toBeNull();
        expect(response.headers.get("content-encoding")).toBeNull();
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      }
    }

    for (const bad of [
      "/imagens/..%2Fsite.db",
      "/imagens/%2e%2e%2f%2e%2e%2fpackage.json",
      "/imagens/site.db",
      `/imagens/${name.replace(".webp", ".png")}`,
      `/imagens/${name}%00.txt`,
    ]) {
      const response = await fetch(base() + bad, { redirect: "manual" });
      expect(response.status, bad).toBe(404);
      expect(response.headers.get("content-type"), bad).not.toMatch(/^image\//);
    }
  });
});
