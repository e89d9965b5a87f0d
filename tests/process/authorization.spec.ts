import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { generateKey } from "whatsapp-helper/token";

import { leadIdIn, snapshot } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { downloadHelperKey } from "../support/helper-key";
import { exampleUrl, type RouteInfo, routeTable } from "../support/route-table";
import { insertLeads } from "../support/seed";
import { type RunningServer, startServer } from "../support/server-process";
import { openSessions, roleSessions, type Sessions, STAFF_ROLES, type StaffRole } from "../support/sessions";

/**
 * Authorisation. The admin area is every route of app/routes.ts under /contato and /admin;
 * the WhatsApp operator area is every route under /whatsapp. Each of their loaders and actions,
 * found from the route table, must refuse anonymous requests and requests carrying a session of
 * the wrong kind (a visitor's, an operator's on admin routes, a marketing user's on operator
 * routes), a forged cookie, and a genuine session's value moved into another session's cookie
 * name; and must let the right session through (so the refusals are not an accident). The
 * operator routes also open to a staff session whose role holds "whatsapp" (admin, comercial:
 * decision 069), as that person.
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

/** The helper's own key (decision 070), from a start script the operator downloaded in beforeAll. */
let helperKey = "";
const helperBearer = (key = helperKey) => `Bearer ${key}`;

/** Routes under a guarded prefix whose access rule differs, and why. */
const EXCEPTIONS: Record<string, string> = {
  whatsapp:
    "the gate itself: its loader shows the password form to anyone (the mirror only to operators and to admin/comercial sessions); its action is the password check",
  "whatsapp/:slug":
    "password management: reached through a secret slug; changes need the master password or an admin session (an admin is explicitly allowed)",
};

let server: RunningServer;
let sessions: Sessions;
let staff: Record<StaffRole, string>;
/** A lead that exists, over the route table's example parameters. */
const params: Record<string, string> = {};

test.beforeAll(async () => {
  server = await startServer({ ...E2E_ENV, RATE_LIMIT_PUBLIC_FORMS: "100000", RATE_LIMIT_LOGIN: "100000" }, { quiet: true });
  sessions = await openSessions(server.url);
  helperKey = await downloadHelperKey(server.url, sessions.operator);
  staff = await roleSessions(server.url);
  seedPeople(server.databasePath);
  params.id = leadIdIn(server.databasePath);
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
        // Admin and comercial sessions open the tool as themselves (decision 069); marketing does not.
        "a marketing user's cookie": staff.marketing,
        "an admin's value in the operator cookie": `__operador=${value(sessions.admin)}`,
      };
}

type Credentials = { cookie: string; authorization?: string };

/** What must never open the given area: wrong cookies, and for the helpers' API every cookie and every wrong token. */
function wrongCredentials(area: Area): Record<string, Credentials> {
  if (area !== "helper") {
    return Object.fromEntries(Object.entries(wrongCookies(area)).map(([label, cookie]) => [label, { cookie }]));
  }
  const cookies = {
    ...wrongCookies("operator"),
    "an operator's cookie": sessions.operator,
    "an admin's cookie": sessions.admin,
    "a comercial user's cookie": staff.comercial,
  };
  return {
    ...Object.fromEntries(Object.entries(cookies).map(([label, cookie]) => [label, { cookie }])),
    "a key the site never made": { cookie: "", authorization: helperBearer(generateKey().key) },
    "the old site-wide token format": {
      cookie: "",
      authorization: `Bearer ${Math.floor(Date.now() / 1000) + 300}.${"A".repeat(43)}`,
    },
    "a malformed key": { cookie: "", authorization: "Bearer 9999999999.abc" },
    "a valid key in another scheme": { cookie: "", authorization: helperBearer().replace("Bearer", "Basic") },
    "a valid key in a cookie": { cookie: `token=${helperBearer().slice(7)}` },
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
const adminRoutes = () => routeTable().filter((route) => areaOf(route) === "admin");

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
      "contato/enviar-whatsapp",
      "contato/lead/:id",
      "contato/lead/:id/dados.json",
      "contato/lead/:id/contatar",
      "contato/atribuir-responsavel",
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
      "admin/e-mails",
      "admin/tarefas",
      "admin/distribuicao",
      "admin/resultados",
      "admin/resultados.csv",
      "admin/usuarios",
      "whatsapp",
      "whatsapp/registro",
      "whatsapp/ajudante",
      "whatsapp/respostas",
      "whatsapp/descadastros",
      "whatsapp/iniciar-whatsapp-helper.sh",
      "whatsapp/iniciar-whatsapp-helper.bat",
      "whatsapp/iniciar-whatsapp-helper-mac.zip",
      "whatsapp/:slug",
      "api/whatsapp-helper/descadastros",
      "api/whatsapp-helper/ja-enviados",
      "api/whatsapp-helper/registro",
      "api/whatsapp-helper/chave",
      "api/whatsapp-helper/respostas",
      "api/whatsapp-helper/apagados",
    ]),
  );
  for (const path of Object.keys(EXCEPTIONS)) expect(paths).toContain(path);
});

test("the guarded routes with a loader or an action are many (the per-route tests below are not vacuous)", () => {
  const checks = guarded().reduce((n, route) => n + Number(route.hasLoader) + Number(route.hasAction), 0);
  expect(checks).toBeGreaterThan(20);
});

// One test per guarded route: a slow machine fails no route for the time the others took, and a
// failure names its route.
for (const route of guarded()) {
  test(`/${route.path} [${route.id}]: its loader and action refuse anonymous and wrong-kind sessions`, async () => {
    const before = snapshot(server.databasePath);
    const failures: string[] = [];
    const area = areaOf(route)!;
    const url = exampleUrl(route, params);
    for (const method of ["GET", "POST"] as const) {
      if (method === "GET" && !route.hasLoader) continue;
      if (method === "POST" && !route.hasAction) continue;
      for (const [label, { cookie, authorization }] of Object.entries(wrongCredentials(area))) {
        const answer = await request(method, url, cookie, authorization);
        if (!refused(area, answer)) failures.push(`${method} ${url} with ${label}: ${answer.status} ${answer.location}`);
        if (answer.text.includes("@example.com") || /scrypt\$/.test(answer.text))
          failures.push(`${method} ${url} with ${label}: leaks data`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    expect(snapshot(server.databasePath)).toEqual(before);
  });

  test(`/${route.path} [${route.id}]: the right session opens it (the refusals are not an accident)`, async () => {
    const area = areaOf(route)!;
    const url = exampleUrl(route, params);
    const { cookie, authorization } = rightCredentials(area);
    if (route.hasLoader) {
      const answer = await request("GET", url, cookie, authorization);
      expect(refused(area, answer), `GET ${url}: ${answer.status} ${answer.location}`).toBe(false);
      // "Already sent?", the send log, the replies and "erased?" are posted with a body: past the token, a GET is a 405.
      if (
        route.path === "api/whatsapp-helper/ja-enviados" ||
        route.path === "api/whatsapp-helper/registro" ||
        route.path === "api/whatsapp-helper/respostas" ||
        route.path === "api/whatsapp-helper/apagados"
      )
        expect(answer.status, `GET ${url}`).toBe(405);
      else expect(answer.status, `GET ${url}`).toBeLessThan(400);
    }
    if (route.hasAction && route.path !== "contato/sair") {
      // The body is deliberately wrong: the action itself answers (400), past the guard.
      const answer = await request("POST", url, cookie, authorization);
      expect(refused(area, answer), `POST ${url}: ${answer.status} ${answer.location}`).toBe(false);
    }
  });
}

test("exception /whatsapp: the gate for everyone, the mirroring page only for an operator", async () => {
  for (const [label, cookie] of Object.entries(wrongCookies("operator"))) {
    const answer = await request("GET", "/whatsapp", cookie);
    expect(answer.status, label).toBe(200);
    expect(answer.text, label).toContain("WhatsApp - Área Restrita");
    expect(answer.text, label).not.toContain('data-testid="whatsapp-mirror"');
  }
  const operator = await request("GET", "/whatsapp", sessions.operator);
  expect(operator.text).toContain('data-testid="whatsapp-mirror"');
  // A staff session of a role holding "whatsapp" gets the mirror without any password (decision 069).
  for (const role of ["admin", "comercial"] as const) {
    const answer = await request("GET", "/whatsapp", staff[role]);
    expect(answer.text, role).toContain('data-testid="whatsapp-mirror"');
    expect(answer.text, role).not.toContain("Senha de acesso");
  }
  const marketing = await request("GET", "/whatsapp", staff.marketing);
  expect(marketing.text).not.toContain('data-testid="whatsapp-mirror"');
  expect(marketing.text).toContain("Seu perfil (Marketing) não tem acesso");
});

// The operator routes open to the roles holding "whatsapp" as they do to an operator (decision 069).
for (const route of guarded().filter((each) => areaOf(each) === "operator")) {
  test(`/${route.path} [${route.id}]: admin and comercial sessions open it without an access password`, async () => {
    const url = exampleUrl(route, params);
    for (const role of ["admin", "comercial"] as const) {
      if (route.hasLoader) {
        const answer = await request("GET", url, staff[role]);
        expect(refused("operator", answer), `GET ${url} as ${role}: ${answer.status} ${answer.location}`).toBe(false);
        expect(answer.status, `GET ${url} as ${role}`).toBeLessThan(400);
      }
      if (route.hasAction) {
        const answer = await request("POST", url, staff[role]);
        expect(refused("operator", answer), `POST ${url} as ${role}: ${answer.status} ${answer.location}`).toBe(false);
      }
    }
  });
}

test("exception /whatsapp/<slug>: changes need the master password or an admin session", async () => {
  const url = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;
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

// ---- Roles (LGPD: need to know) -----------------------------------------------------------------

/**
 * Which roles may use an admin-area route, as a rule by path prefix, so a route added tomorrow under
 * /contato or /admin falls under it: /contato itself every role (marketing sees the totals only,
 * checked below); 'Sair' every signed-in role; a lead's data export and erasure the "lgpd" roles
 * (admin); anything else under /contato the "leads" roles (admin, comercial); the content studio
 * admin and marketing; webhooks and users admin only. An /admin route outside these fails the test.
 */
function rolesFor(path: string): readonly StaffRole[] {
  if (path === "contato" || path === "contato/sair") return STAFF_ROLES;
  if (path === "contato/lead/:id/dados.json" || path === "contato/lead/:id/excluir") return ["admin"];
  if (path.startsWith("contato/")) return ["admin", "comercial"];
  if (path === "admin/conteudo" || path.startsWith("admin/conteudo/")) return ["admin", "marketing"];
  if (path === "admin/webhooks" || path.startsWith("admin/webhooks/") || path === "admin/usuarios") return ["admin"];
  if (path === "admin/e-mails" || path === "admin/tarefas" || path === "admin/distribuicao") return ["admin"];
  // "Resultados" holds no personal data: every role; a comercial user's counts only their own leads (decision 089).
  if (path === "admin/resultados" || path === "admin/resultados.csv") return STAFF_ROLES;
  throw new Error(`/${path}: no role rule yet; add it to rolesFor (and to app/features/staff/roles.ts)`);
}

const ROLE_LABELS: Record<StaffRole, string> = { admin: "Administrador", comercial: "Comercial", marketing: "Marketing" };

/** Leads whose data must never reach a role without the "leads" permission (straight in the database). */
const PEOPLE = [
  { nome: "Pessoa Sigilosa Um", email: "sigilosa.um@lgpd.example.org", telefone: "(31)98765-4321" },
  { nome: "Pessoa Sigilosa Dois", email: "sigilosa.dois@lgpd.example.org", telefone: "(21)97654-3210" },
];

function seedPeople(databasePath: string) {
  const db = new Database(databasePath);
  try {
    insertLeads(
      db,
      PEOPLE.map(({ nome, telefone, email }) => ({ nome, telefone, email, cidade: "Contagem", perfil_resultado: "tecnologia" })),
    );
  } finally {
    db.close();
  }
}

/** Each lead's name, e-mail and phone (as typed and as digits) found in a body; [] when none. */
function personalDataIn(text: string): string[] {
  const data = [
    ...PEOPLE.flatMap((p) => [p.nome, p.email, p.telefone.slice(4), p.telefone.replace(/\D/g, "").slice(2)]),
    // The lead openSessions created through the vocational test.
    "Carla Mendes Teste",
    "sessao.",
    "99999-7777",
  ];
  return data.filter((datum) => text.includes(datum));
}

test("the admin routes give both answers many times (the per-route tests below are not vacuous)", () => {
  let denied = 0;
  let allowed = 0;
  for (const route of adminRoutes()) {
    const methods = Number(route.hasLoader) + Number(route.hasAction && route.path !== "contato/sair");
    allowed += methods * rolesFor(route.path).length;
    denied += methods * (STAFF_ROLES.length - rolesFor(route.path).length);
  }
  expect(denied).toBeGreaterThan(30);
  expect(allowed).toBeGreaterThan(30);
});

// One test per admin route (a failure names its route; a slow machine fails none for the others' time).
for (const route of adminRoutes()) {
  test(`/${route.path} [${route.id}] × method × role: the rule's roles get through, the others get a 403 without anyone's data`, async () => {
    const before = snapshot(server.databasePath);
    const failures: string[] = [];
    const url = exampleUrl(route, params);
    const roles = rolesFor(route.path);
    for (const method of ["GET", "POST"] as const) {
      if (method === "GET" && !route.hasLoader) continue;
      if (method === "POST" && (!route.hasAction || route.path === "contato/sair")) continue;
      for (const role of STAFF_ROLES) {
        const answer = await request(method, url, staff[role]);
        const where = `${method} ${url} as ${role}`;
        if (roles.includes(role)) {
          if (refused("admin", answer)) failures.push(`${where}: refused (${answer.status} ${answer.location})`);
          else if (method === "GET" && answer.status >= 400) failures.push(`${where}: ${answer.status}`);
          continue;
        }
        if (answer.status !== 403) failures.push(`${where}: ${answer.status} ${answer.location}, not 403`);
        const leaked = personalDataIn(answer.text);
        if (leaked.length) failures.push(`${where}: the 403 carries ${leaked.join(", ")}`);
        // A page's 403 is the admin area's, in pt-BR, with the role's own links.
        if (method === "GET" && route.hasComponent) {
          if (
            !answer.text.includes("Acesso não permitido") ||
            !answer.text.includes(`Seu perfil (${ROLE_LABELS[role]}) não tem acesso a esta página.`)
          )
            failures.push(`${where}: no pt-BR forbidden message`);
          if (!answer.text.includes('data-testid="area-header"') || !answer.text.includes('href="/contato"'))
            failures.push(`${where}: not the admin area's 403 page with a link to what the role can use`);
          const single = await request("GET", `${url.split("?")[0]}.data`, staff[role]);
          const leakedData = personalDataIn(single.text);
          if (leakedData.length) failures.push(`GET ${url}.data as ${role}: carries ${leakedData.join(", ")}`);
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    expect(snapshot(server.databasePath)).toEqual(before);
  });
}

test("a marketing session's /contato, /contato.data, CSV and data export carry no personal datum; comercial's do", async () => {
  const id = String(
    (() => {
      const db = new Database(server.databasePath, { readonly: true });
      try {
        return (db.prepare("SELECT id FROM leads WHERE email = ?").get(PEOPLE[0].email) as { id: number }).id;
      } finally {
        db.close();
      }
    })(),
  );
  const urls = ["/contato", "/contato?busca=Sigilosa", "/contato.data", "/contato/leads.csv", `/contato/lead/${id}/dados.json`];
  for (const url of urls) {
    const answer = await request("GET", url, staff.marketing);
    expect(personalDataIn(answer.text), `${url} as marketing`).toEqual([]);
  }
  const panel = await request("GET", "/contato", staff.marketing);
  expect(panel.status).toBe(200);
  expect(panel.text).toContain('data-testid="totals-only"');
  expect(panel.text).not.toContain('data-testid="leads-table"');
  expect(panel.text).not.toContain("/contato/leads.csv");
  expect(panel.text).not.toContain('role="search"');
  for (const url of ["/contato/leads.csv", `/contato/lead/${id}/dados.json`]) {
    expect((await request("GET", url, staff.marketing)).status, url).toBe(403);
  }
  // The same requests as comercial do carry the people: the checks above can see a leak.
  for (const url of ["/contato", "/contato.data", "/contato/leads.csv"]) {
    const answer = await request("GET", url, staff.comercial);
    expect(personalDataIn(answer.text), `${url} as comercial`).toEqual(expect.arrayContaining([PEOPLE[0].nome, PEOPLE[0].email]));
  }
  // The LGPD export is the admin's (lgpd), not comercial's.
  expect((await request("GET", `/contato/lead/${id}/dados.json`, staff.comercial)).status).toBe(403);
  expect(personalDataIn((await request("GET", `/contato/lead/${id}/dados.json`, staff.admin)).text)).toContain(PEOPLE[0].email);
});

test("each role's header shows only its links and its role label", async () => {
  // The WhatsApp tool for the roles holding "whatsapp"; its passwords' page (secret address) for admins only.
  const all = [
    "/contato",
    "/admin/conteudo",
    "/admin/webhooks",
    "/admin/usuarios",
    "/whatsapp",
    `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`,
  ];
  const expected: Record<StaffRole, string[]> = {
    admin: all,
    comercial: ["/contato", "/whatsapp"],
    marketing: ["/contato", "/admin/conteudo"],
  };
  for (const role of STAFF_ROLES) {
    const page = await request("GET", "/contato", staff[role]);
    const header = page.text.slice(page.text.indexOf('data-testid="area-header"'), page.text.indexOf("</header>"));
    expect(
      all.filter((href) => header.includes(`href="${href}"`)),
      role,
    ).toEqual(expected[role]);
    expect(header, role).toContain(`data-testid="signed-in-role"`);
    expect(header, role).toContain(ROLE_LABELS[role]);
  }
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
