import { createHash } from "node:crypto";
import { brotliCompressSync } from "node:zlib";

import { expect, test } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { exampleUrl, routeTable } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";

/**
 * Which pages load React and React Router in the browser (decision 092), read from the route table
 * and the build: a page whose route says `handle.framework === false` sends no framework script, no
 * module preload and no router context, only its islands (app/islands), together at most 6 KB
 * compressed. Every other page route still hydrates.
 */

/** The islands' budget per page, compressed (issue: "all of a page's islands together ≤ 6 KB"). */
const ISLANDS_BUDGET_BYTES = 6 * 1024;

/**
 * The marketing routes that already load no framework. Every marketing page is to join (the home,
 * course and polo pages, the campaign, bolsas, …): moving a route here without `framework: false`,
 * or dropping the flag from one listed, fails the first test.
 */
const WITHOUT_FRAMEWORK = [
  "",
  "*",
  "america-mg",
  "bolsas",
  "campanha-relampago",
  "curso-id",
  "curso-ideal",
  "cursos/:slug",
  "polos/:slug",
  "privacidade",
  "termos",
  "trabalhe-conosco",
];

let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ ...E2E_ENV }, { quiet: true });
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

const framework = (handle: unknown) => (handle as { framework?: boolean } | null)?.framework !== false;

test("the route table says which pages load no framework, and the list above agrees", () => {
  const pages = routeTable().filter((route) => route.hasComponent);
  const flagged = pages.filter((route) => !framework(route.handle)).map((route) => route.path);
  expect(flagged.sort()).toEqual([...WITHOUT_FRAMEWORK].sort());
});

for (const routePath of WITHOUT_FRAMEWORK) {
  test(`/${routePath} sends no framework script, only its islands within ${ISLANDS_BUDGET_BYTES} bytes`, async () => {
    const response = await fetch(`${server.url}${exampleUrl({ path: routePath })}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // (Assertions on the document name what they look for: a failure must not print the whole page.)
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toMatch(/<script[^>]*type="text\/x-held-module"/);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    // The islands start after the first paint (decision 114): no tag names them, the starter does.
    expect(html).not.toMatch(/<script\b[^>]*\ssrc=/);
    const nonce = html.match(/<script nonce="([^"]+)">\(function\(\)/)?.[1];
    expect(nonce).toBeTruthy();
    const starter = html.match(/<script nonce="[^"]+">(\(function\(\)[\s\S]*?)<\/script>/)?.[1] ?? "";
    const islands = [...starter.matchAll(/\["(\/assets\/[^"]+)","(sha384-[^"]+)"\]/g)];
    const sources = islands.map((m) => m[1]);
    expect(sources.length, "the header and toast islands").toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^\/assets\/islands\/[a-z-]+-[\w-]{8}\.js$/);
    let total = 0;
    for (const src of sources) {
      const body = Buffer.from(await (await fetch(`${server.url}${src}`)).arrayBuffer());
      const integrity = `sha384-${createHash("sha384").update(body).digest("base64")}`;
      expect(islands.find((m) => m[1] === src)?.[2], src).toBe(integrity);
      expect(body.toString("utf8")).not.toMatch(/react|__reactRouter/i);
      total += brotliCompressSync(body).length;
    }
    expect(total).toBeLessThanOrEqual(ISLANDS_BUDGET_BYTES);
  });
}

test("a page that hydrates still gets React Router's scripts and no island", async () => {
  const html = await (await fetch(`${server.url}/inscricao`)).text();
  expect(html).toContain("__reactRouterContext");
  expect(html).not.toContain("/assets/islands/");
});

test("the 404 page loads no framework either, only the header's island and the assistant's", async () => {
  for (const path of ["/pagina-que-nao-existe", "/cursos/curso-que-nao-existe"]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(404);
    const html = await response.text();
    expect(html).toContain("Página não encontrada");
    expect(html, path).not.toContain("__reactRouterContext");
    expect(html, path).not.toMatch(/<link[^>]*modulepreload/);
    expect(html, path).toMatch(/\["\/assets\/islands\/header-[\w-]{8}\.js","sha384-/);
  }
});
