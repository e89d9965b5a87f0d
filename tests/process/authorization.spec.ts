import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signToken } from "whatsapp-helper/token";

import { snapshot } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { type RouteInfo, routeTable, urlFor } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";
import { openSessions, type Sessions } from "../support/sessions";

/**
 * Authorisation. The admin area is every route of app/routes.ts under /contato and /admin;
 * the WhatsApp operator area is every route under /whatsapp. Each of their loaders and actions,
 * found from the route table, must refuse anonymous requests and requests carrying a session of
 * the wrong kind (a visitor's, an operator's on admin routes, an admin's on operator routes), a
 * forged cookie, and a genuine session's value moved into another session's cookie name; and must
 * let the right session through (so the refusals are not an accident).
 *
 * The helpers' API (every route under /api/whatsapp-helper) opens to no cookie at all: only to a valid
 * helper token in `Authorization: Bearer`; every session cookie and every wrong token is refused.
 *
 * Two routes under /whatsapp are, by design, not operator-only (the exceptions below say why).
 */

type Area = "admin" | "operator" | "helper";

function areaOf(route: Pick<RouteInfo, "path">): Area | null {
  const [first, second] = route.path.split("/");
  if (first === "contato" || first === "admin") return "admin";
  if (first === "whatsapp") return "operator";
  if (first === "api" && second === "whatsapp-helper") return "helper";
  return null;
}

/** A helper token as the helper signs it (HELPER_SECRET), valid for 5 minutes from `now`. */
const helperBearer = (secret: string = E2E_ENV.HELPER_SECRET, now = Date.now()) => `Bearer ${signToken(secret, 300, now)}`;

/** Routes under a guarded prefix whose access rule differs, and why. */
const EXCEPTIONS: Record<string, string> = {
  whatsapp:
    "the gate itself: its loader shows the password form to anyone (the mirror only to operators); its action is the password check",
  "whatsapp/:slug":
    "password management: reached through a secret slug; changes need the master password or an admin session (an admin is explicitly allowed)",
};

let server: RunningServer;
let sessions: Sessions;
const params: Record<string, string> = { slug: E2E_ENV.WHATSAPP_ADMIN_SLUG };

test.setTimeout(120_000);

test.beforeAll(async () => {
  server = await startServer({ ...E2E_ENV, RATE_LIMIT_PUBLIC_FORMS: "100000", RATE_LIMIT_LOGIN: "100000" }, { quiet: true });
  sessions = await openSessions(server.url);
  const db = new Database(server.databasePath, { readonly: true });
  params.id = String((db.prepare("SELECT min(id) AS id FROM leads").get() as { id: number }).id);
  // A course of the seeded catalogue (the studio's edit page).
  params.curso = "1";
  db.close();
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

const value = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

/** Cookies that must never open the given area. */
function wrongCookies(area: Exclude<Area, "helper">): Record<string, string> {
  const common = {
    "no cookie": "",
    "a visitor's cookie": sessions.visitor,
    "a visitor with a test lead": sessions.visitorWithLead,
    "a forged admin cookie": "__admin=eyJhZG1pbklkIjoxfQ%3D%3D.assinatura-falsa",
    "a forged operator cookie": "__operador=eyJvcGVyYXRvciI6eyJwYXNzd29yZElkIjoxfX0%3D.assinatura-falsa",
    "a visitor's value in the admin cookie": `__admin=${value(sessions.visitor)}`,
    "a visitor's value in the operator cookie": `__operador=${value(sessions.visitorWithLead)}`,
  };
  return area === "admin"
    ? {
        ...common,
        "an operator's cookie": sessions.operator,
        "an operator's value in the admin cookie": `__admin=${value(sessions.operator)}`,
      }
    : {
        ...common,
        "an admin's cookie": sessions.admin,
        "an admin's value in the operator cookie": `__operador=${value(sessions.admin)}`,
      };
}

type Credentials = { cookie: string; authorization?: string };

/** What must never open the given area: wrong cookies, and for the helpers' API every cookie and every wrong token. */
function wrongCredentials(area: Area): Record<string, Credentials> {
  if (area !== "helper") {
    return Object.fromEntries(Object.entries(wrongCookies(area)).map(([label, cookie]) => [label, { cookie }]));
  }
  const cookies = { ...wrongCookies("operator"), "an operator's cookie": sessions.operator };
  return {
    ...Object.fromEntries(Object.entries(cookies).map(([label, cookie]) => [label, { cookie }])),
    "a token signed with another secret": { cookie: "", authorization: helperBearer("outro-segredo") },
    "an expired token": { cookie: "", authorization: helperBearer(E2E_ENV.HELPER_SECRET, Date.now() - 10 * 60_000) },
    "a malformed token": { cookie: "", authorization: "Bearer 9999999999.abc" },
    "a valid token in another scheme": { cookie: "", authorization: helperBearer().replace("Bearer", "Basic") },
    "a valid token in a cookie": { cookie: `token=${helperBearer().slice(7)}` },
  };
}

const rightCredentials = (area: Area): Credentials =>
  area === "helper"
    ? { cookie: "", authorization: helperBearer() }
    : { cookie: area === "admin" ? sessions.admin : sessions.operator };

async function request(method: "GET" | "POST", url: string, cookie: string, authorization?: string) {
  const response = await fetch(server.url + url, {
    method,
    redirect: "manual",
    headers: {
      Origin: server.url,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(authorization ? { Authorization: authorization } : {}),
      ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: method === "POST" ? "intent=nada" : undefined,
  });
  return { status: response.status, location: response.headers.get("Location") ?? "", text: await response.text(), response };
}

type Answer = Awaited<ReturnType<typeof request>>;

/** True when the answer keeps the area closed: a login/gate redirect, 401/403, or (the gate page) no operator content. */
function refused(area: Area, answer: Answer): boolean {
  if (answer.status === 401 || answer.status === 403) return true;
  if (answer.status >= 300 && answer.status < 400) {
    return area === "admin" ? answer.location.startsWith("/login-admin?redirectTo=") : answer.location === "/whatsapp";
  }
  return false;
}

const guarded = () => routeTable().filter((route) => areaOf(route) && !EXCEPTIONS[route.path]);

test("the guarded areas are found in the route table", () => {
  const paths = routeTable()
    .filter((r) => areaOf(r))
    .map((r) => r.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      "contato",
      "contato/leads.csv",
      "contato/sair",
      "contato/alterar-status",
      "contato/lead/:id",
      "contato/lead/:id/dados.json",
      "contato/lead/:id/excluir",
      "admin/conteudo",
      "admin/conteudo/instituicao",
      "admin/conteudo/inicio",
      "admin/conteudo/faq",
      "admin/conteudo/depoimentos",
      "admin/conteudo/cursos",
      "admin/conteudo/cursos/novo",
      "admin/conteudo/cursos/:curso",
      "admin/conteudo/polos",
      "admin/conteudo/campanha",
      "admin/conteudo/clube",
      "admin/conteudo/historico",
      "admin/webhooks",
      "whatsapp",
      "whatsapp/registro",
      "whatsapp/iniciar-whatsapp-helper.sh",
      "whatsapp/iniciar-whatsapp-helper.bat",
      "whatsapp/iniciar-whatsapp-helper-mac.zip",
      "whatsapp/:slug",
      "api/whatsapp-helper/descadastros",
      "api/whatsapp-helper/ja-enviados",
    ]),
  );
  for (const path of Object.keys(EXCEPTIONS)) expect(paths).toContain(path);
});

test("every admin and operator loader and action refuses anonymous and wrong-kind sessions", async () => {
  const before = snapshot(server.databasePath);
  const failures: string[] = [];
  let checked = 0;
  for (const route of guarded()) {
    const area = areaOf(route)!;
    const url = urlFor(route, params);
    for (const method of ["GET", "POST"] as const) {
      if (method === "GET" && !route.hasLoader) continue;
      if (method === "POST" && !route.hasAction) continue;
      for (const [label, { cookie, authorization }] of Object.entries(wrongCredentials(area))) {
        const answer = await request(method, url, cookie, authorization);
        checked++;
        if (!refused(area, answer)) failures.push(`${method} ${url} with ${label}: ${answer.status} ${answer.location}`);
        if (answer.text.includes("@example.com") || /scrypt\$/.test(answer.text))
          failures.push(`${method} ${url} with ${label}: leaks data`);
      }
    }
  }
  expect(failures, failures.join("\n")).toEqual([]);
  expect(checked).toBeGreaterThan(60);
  expect(snapshot(server.databasePath)).toEqual(before);
});

test("the right session opens each of those routes (the refusals above are not an accident)", async () => {
  for (const route of guarded()) {
    const area = areaOf(route)!;
    const url = urlFor(route, params);
    const { cookie, authorization } = rightCredentials(area);
    if (route.hasLoader) {
      const answer = await request("GET", url, cookie, authorization);
      expect(refused(area, answer), `GET ${url}: ${answer.status} ${answer.location}`).toBe(false);
      // "Already sent?" is a question posted with a body: past the token, its GET is a 405.
      if (route.path === "api/whatsapp-helper/ja-enviados") expect(answer.status, `GET ${url}`).toBe(405);
      else expect(answer.status, `GET ${url}`).toBeLessThan(400);
    }
    if (route.hasAction && route.path !== "contato/sair") {
      // The body is deliberately wrong: the action itself answers (400), past the guard.
      const answer = await request("POST", url, cookie, authorization);
      expect(refused(area, answer), `POST ${url}: ${answer.status} ${answer.location}`).toBe(false);
    }
  }
});

test("exception /whatsapp: the gate for everyone, the mirroring page only for an operator", async () => {
  for (const [label, cookie] of Object.entries(wrongCookies("operator"))) {
    const answer = await request("GET", "/whatsapp", cookie);
    expect(answer.status, label).toBe(200);
    expect(answer.text, label).toContain("WhatsApp - Área Restrita");
    expect(answer.text, label).not.toContain('data-testid="whatsapp-mirror"');
  }
  const operator = await request("GET", "/whatsapp", sessions.operator);
  expect(operator.text).toContain('data-testid="whatsapp-mirror"');
});

test("exception /whatsapp/<slug>: changes need the master password or an admin session", async () => {
  const url = `/whatsapp/${params.slug}`;
  const remove = (cookie: string, extra = "") =>
    fetch(server.url + url, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: `intent=remover%3A999999${extra}`,
    });
  for (const [label, cookie] of Object.entries(wrongCookies("operator")).filter(([l]) => !l.includes("admin's cookie"))) {
    expect((await remove(cookie)).status, label).toBe(403);
  }
  expect((await remove(sessions.operator)).status, "an operator").toBe(403);
  // Past the check, the unknown password id is a 404: the admin and the master password get there.
  expect((await remove(sessions.admin)).status, "an admin").toBe(404);
  expect(
    (await remove("", `&masterPassword=${encodeURIComponent(E2E_ENV.WHATSAPP_MASTER_PASSWORD)}`)).status,
    "master password",
  ).toBe(404);
  // A wrong slug is a 404 for everyone, and the page never shows a hash.
  expect((await request("GET", "/whatsapp/outra-coisa", sessions.admin)).status).toBe(404);
  expect((await request("GET", url, "")).text).not.toMatch(/scrypt\$/);
});

test("logging out ends the admin session in the browser; the panel then refuses the request", async () => {
  const logout = await request("POST", "/contato/sair", sessions.admin);
  expect(logout.status).toBe(303);
  expect(logout.location).toBe("/login-admin");
  const cleared = logout.response.headers.getSetCookie().find((c) => c.startsWith("__admin="));
  expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  const after = await request("GET", "/contato", cleared!.split(";")[0]);
  expect(refused("admin", after)).toBe(true);
});
