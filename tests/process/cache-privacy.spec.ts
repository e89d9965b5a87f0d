// Personal answers are never cacheable: every route of app/routes.ts, asked with no session and with
// each kind of real session, as a document, as a `.data` request and as a post. An answer to a
// request with a cookie, or one that sets a cookie, is `private, no-store`; an anonymous answer that
// a shared cache may keep carries `Vary: Cookie`.
import { expect, test } from "@playwright/test";

import { leadIdIn } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { exampleUrl, type RouteInfo, routeTable } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";
import { openSessions, roleSessions, type SessionKind, type Sessions } from "../support/sessions";

const PRIVATE = "private, no-store";

let server: RunningServer;
let sessions: Sessions;
let leadId = "1";

test.beforeAll(async () => {
  server = await startServer({ ...E2E_ENV }, { quiet: true });
  sessions = await openSessions(server.url);
  leadId = leadIdIn(server.databasePath);
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

/** A URL that reaches the route's own code (a real course, polo, profile, lead and management slug). */
function urlOf(route: RouteInfo): string {
  return exampleUrl(route, { id: leadId });
}

/** The document, and for a page its `.data` request too (what client navigations fetch). */
function getUrlsOf(route: RouteInfo): string[] {
  const url = urlOf(route);
  if (!route.hasComponent) return [url];
  return [url, url === "/" ? "/_root.data" : `${url}.data`];
}

/** What is wrong with an answer's caching headers, or "" when nothing is. */
function cachingProblem(kind: SessionKind, response: Response): string {
  const cacheControl = response.headers.get("cache-control") ?? "";
  const vary = response.headers.get("vary") ?? "";
  const setsCookie = response.headers.getSetCookie().length > 0;
  if (kind !== "anonymous" || setsCookie) {
    return cacheControl === PRIVATE ? "" : `Cache-Control "${cacheControl}" (${kind}${setsCookie ? ", sets a cookie" : ""})`;
  }
  if (/\bpublic\b/.test(cacheControl) && !/\bcookie\b/i.test(vary)) return `public without Vary: Cookie (Vary "${vary}")`;
  return "";
}

const KINDS: SessionKind[] = ["anonymous", "visitor", "visitorWithLead", "operator", "admin"];

// One test per route in each of the checks below: a slow machine fails no route for the time the
// others took, and a failure names its route.
for (const route of routeTable()) {
  test(`GET /${route.path} [${route.id}] (page, .data or resource) answers a session (or a cookie it sets) with private, no-store`, async () => {
    const problems: string[] = [];
    for (const url of getUrlsOf(route)) {
      for (const kind of KINDS) {
        const cookie = sessions[kind];
        const response = await fetch(server.url + url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
        await response.arrayBuffer();
        const problem = cachingProblem(kind, response);
        if (problem) problems.push(`GET ${url} (${response.status}): ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test("an anonymous public page stays shareable: public, with Vary: Cookie, rendered or from the page cache", async () => {
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${server.url}/bolsas?privacidade=1`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10");
    expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    await response.arrayBuffer();
  }
});

test("the hashed assets keep their long browser caching for a visitor with a session", async () => {
  const html = await (await fetch(`${server.url}/`)).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await fetch(server.url + asset!, { headers: { Cookie: sessions.visitorWithLead } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  await response.arrayBuffer();
});

// 'Sair' last: it ends the admin session the other posts use (the tests of a file run in order).
const actionRoutes = routeTable()
  .filter((route) => route.hasAction)
  .sort((a, b) => Number(a.path === "contato/sair") - Number(b.path === "contato/sair"));
for (const route of actionRoutes) {
  test(`POST /${route.path} [${route.id}]: the answer to a session is private, no-store`, async () => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      const cookie = sessions[kind];
      const response = await fetch(server.url + urlOf(route), {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: "intent=nada",
      });
      await response.arrayBuffer();
      const problem = cachingProblem(kind, response);
      if (problem) problems.push(`POST ${urlOf(route)} (${response.status}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

let staffSessions: ReturnType<typeof roleSessions> | undefined;
const adminAreaRoutes = routeTable().filter(
  (route) => /^(contato|admin)(\/|$)/.test(route.path) && route.path !== "contato/sair",
);
for (const route of adminAreaRoutes) {
  test(`/${route.path} [${route.id}]: a comercial or marketing session's answers (pages, .data, 403s, posts) are private, no-store`, async () => {
    staffSessions ??= roleSessions(server.url);
    const staff = await staffSessions;
    const problems: string[] = [];
    for (const role of ["comercial", "marketing"] as const) {
      for (const url of getUrlsOf(route)) {
        const response = await fetch(server.url + url, { redirect: "manual", headers: { Cookie: staff[role] } });
        await response.arrayBuffer();
        const problem = cachingProblem("admin", response);
        if (problem) problems.push(`GET ${url} as ${role} (${response.status}): ${problem}`);
      }
      if (!route.hasAction) continue;
      const response = await fetch(server.url + urlOf(route), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: staff[role] },
        body: "intent=nada",
      });
      await response.arrayBuffer();
      const problem = cachingProblem("admin", response);
      if (problem) problems.push(`POST ${urlOf(route)} as ${role} (${response.status}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

// The staff and operator pages are kept out of search engines by their own answers (the layouts'
// `headers`, and privateData / privateRedirect in loaders and actions: decision 077), not by the
// server: nothing in server/ adds X-Robots-Tag, so a route that answers without the private headers
// fails here even though the server still makes it `private, no-store`.
const staffPages = routeTable().filter(
  (route) => (route.layout === "features/staff/layout" || route.layout === "features/whatsapp/layout") && route.hasComponent,
);
test("the staff and operator pages are found in the route table", () => {
  expect(staffPages.map((route) => route.path)).toEqual(
    expect.arrayContaining(["login-admin", "contato", "contato/lead/:id", "admin/conteudo", "whatsapp", "whatsapp/:slug"]),
  );
});
for (const route of staffPages) {
  test(`/${route.path} [${route.id}]: every answer that is not a redirect says noindex (pages, .data, 4xx, posts)`, async () => {
    const problems: string[] = [];
    const check = (what: string, response: Response) => {
      // A redirect, or its `.data` form (a 202 whose body says where to go), has no page to index.
      if ((response.status >= 300 && response.status < 400) || (response.status === 202 && what.includes(".data"))) return;
      const robots = response.headers.get("x-robots-tag") ?? "";
      if (!/\bnoindex\b/.test(robots)) problems.push(`${what} (${response.status}): X-Robots-Tag "${robots}"`);
    };
    for (const kind of ["anonymous", "operator", "admin"] as const) {
      const cookie = sessions[kind];
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      for (const url of getUrlsOf(route)) {
        const response = await fetch(server.url + url, { redirect: "manual", headers });
        await response.arrayBuffer();
        check(`GET ${url} as ${kind}`, response);
      }
      if (!route.hasAction || kind === "anonymous") continue;
      const response = await fetch(server.url + urlOf(route), {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: "intent=nada",
      });
      await response.arrayBuffer();
      check(`POST ${urlOf(route)} as ${kind}`, response);
    }
    expect(problems).toEqual([]);
  });
}
