// The page micro-cache of the production server (server/html-cache.js, docs/decisions/031-html-cache.md),
// against a server of its own. Only what does not depend on time is checked here: the TTL, the stale
// answer while a background render replaces it, and the grace period are proven with an injected
// clock in tests/unit/html-cache.test.ts. A stored page is answered HIT, or STALE once its 10 s TTL
// has passed (a very busy machine), so both count as "from the cache".
import { expect, test } from "@playwright/test";

import { withDb } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { type RunningServer, startServer } from "../support/server-process";
import { adminSession, postForm } from "../support/sessions";

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ ...E2E_ENV }, { quiet: true });
});

test.afterAll(async () => {
  await server.stop();
  server.cleanup();
});

/** A URL no other test has asked for (the pages ignore unknown query parameters). */
let counter = 0;
const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}t=${Date.now()}-${counter++}`;

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers, redirect: "manual" });

/** Answered from a stored page (HIT; STALE after its TTL), not rendered for this request. */
const FROM_CACHE = ["HIT", "STALE"];

function nonceOf(html: string): string | undefined {
  return html.match(/<script nonce="([^"]+)"/)?.[1];
}

/** A visitor session cookie, as a browser gets it by sending the vocational test's lead form. */
async function vocationalVisitor(name: string, email: string): Promise<string> {
  const response = await fetch(`${server.url}/teste-vocacional`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      website: "",
      fullName: name,
      phone: "(31) 98888-7777",
      email,
      workStatus: "autonomo",
      workArea: "ti",
      workSatisfaction: "gosto_muito",
      careerGoal: "nova_area",
      desiredArea: "gestao_negocios",
    }).toString(),
  });
  expect(response.status).toBe(303);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__visitante="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0];
}

test.describe("page cache", () => {
  test("a content studio save is on the next anonymous request, even for a page the cache holds", async () => {
    const url = fresh("/");
    expect((await get(url)).headers.get("x-cache")).toBe("MISS");
    expect(FROM_CACHE).toContain((await get(url)).headers.get("x-cache"));

    const { data, version } = withDb(server.databasePath, (db) =>
      db.prepare("SELECT data, version FROM content_entries WHERE collection = 'institution' AND id = 'main'").get(),
    ) as { data: string; version: number };
    const institution = JSON.parse(data);
    const link = `https://www.youtube.com/@cache-${Date.now()}`;
    const fields: Record<string, string> = { version: String(version), addressLines: institution.addressLines.join("\n") };
    for (const [key, value] of Object.entries(institution)) {
      if (typeof value === "string") fields[key] = value;
    }
    for (const [key, value] of Object.entries(institution.socialLinks as Record<string, string>))
      fields[`socialLinks.${key}`] = value;
    fields["socialLinks.youtube"] = link;
    const save = await postForm(server.url, "/admin/conteudo/instituicao", fields, await adminSession(server.url), {
      Origin: server.url,
    });
    expect(save.status).toBe(303);

    const after = await get(url);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain(`href="${link}"`);
  });

  test("a public page is a MISS, then answered from the cache with the same body, CSP and nonce", async () => {
    for (const page of ["/", "/teste-vocacional", "/campanha-relampago", "/enfermagem", "/bolsas", "/inscricao"]) {
      const url = fresh(page);
      const first = await get(url);
      expect(first.status, page).toBe(200);
      expect(first.headers.get("x-cache"), page).toBe("MISS");
      expect(first.headers.get("cache-control"), page).toBe("public, max-age=0, s-maxage=10");
      const html = await first.text();

      const second = await get(url);
      expect(FROM_CACHE, page).toContain(second.headers.get("x-cache"));
      const cached = await second.text();
      expect(cached, page).toBe(html);
      // The cached page keeps the nonce it was rendered with, in the header and in its scripts alike.
      const nonce = nonceOf(cached);
      expect(nonce, page).toBeTruthy();
      expect(second.headers.get("content-security-policy"), page).toContain(`'nonce-${nonce}'`);
      expect(second.headers.get("x-content-type-options"), page).toBe("nosniff");
    }
  });

  test("a request with a cookie is never answered from the cache", async () => {
    const url = fresh("/bolsas");
    await get(url);
    expect(FROM_CACHE).toContain((await get(url)).headers.get("x-cache"));
    const withCookie = await get(url, { Cookie: "preferencia=1" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("x-cache")).toBeNull();
    expect(await withCookie.text()).toContain("<h1");
  });

  test("a response that sets a cookie is never stored", async () => {
    // UTM parameters and an outside Referer become the visit's attribution, in a cookie.
    const url = fresh("/?utm_source=tv&utm_campaign=bolsas");
    for (let i = 0; i < 2; i++) {
      const answer = await get(url);
      expect(answer.headers.get("x-cache")).toBeNull();
      expect(answer.headers.get("set-cookie")).toContain("__visitante=");
    }
    const page = fresh("/campanha-relampago");
    for (let i = 0; i < 2; i++) {
      const answer = await get(page, { Referer: "https://www.facebook.com/" });
      expect(answer.headers.get("x-cache")).toBeNull();
      expect(answer.headers.get("set-cookie")).toContain("__visitante=");
    }
  });

  test("a visitor's test session never reaches another visitor through the cache", async () => {
    const email = `cache.${Date.now()}@example.com`;
    const cookie = await vocationalVisitor("Visitante Privada", email);
    // The visitor's own lead form is prefilled with their data, and never cached.
    for (let i = 0; i < 2; i++) {
      const own = await get("/teste-vocacional", { Cookie: cookie });
      expect(own.headers.get("x-cache")).toBeNull();
      expect(await own.text()).toContain(email);
    }
    const anonymous = await get("/teste-vocacional");
    expect(await anonymous.text()).not.toContain(email);
    // The test's personal pages: never cached, with or without the session.
    for (const page of ["/teste-vocacional/perguntas", "/teste-vocacional/resultado", "/teste-vocacional/submissoes"]) {
      const variants: Record<string, string>[] = [{ Cookie: cookie }, { Cookie: cookie }, {}, {}];
      for (const headers of variants) {
        const answer = await get(page, headers);
        expect(answer.headers.get("x-cache"), page).toBeNull();
        expect(answer.headers.get("cache-control") ?? "", page).not.toContain("public");
        await answer.text();
      }
    }
  });

  test("admin and WhatsApp pages are never cached", async () => {
    const admin = await adminSession(server.url);
    for (let i = 0; i < 2; i++) {
      const panel = await get("/contato", { Cookie: admin });
      expect(panel.status).toBe(200);
      expect(panel.headers.get("x-cache")).toBeNull();
      await panel.text();
    }
    for (const page of [
      "/contato",
      "/contato/leads.csv",
      "/login-admin",
      "/whatsapp",
      `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`,
    ]) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(page);
        expect(answer.headers.get("x-cache"), page).toBeNull();
        await answer.text();
      }
    }
  });

  test("HEAD is answered from a stored page; POST is never cached", async () => {
    const url = fresh("/termos");
    expect((await fetch(server.url + url, { method: "HEAD" })).headers.get("x-cache")).toBeNull();
    await get(url);
    const head = await fetch(server.url + url, { method: "HEAD" });
    expect(FROM_CACHE).toContain(head.headers.get("x-cache"));
    expect(await head.text()).toBe("");

    const post = await fetch(`${server.url}/teste-vocacional`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "website=&fullName=",
    });
    expect(post.status).toBe(400);
    expect(post.headers.get("x-cache")).toBeNull();
  });
});
