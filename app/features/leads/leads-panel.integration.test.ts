import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { SPEC_CSV_COLUMNS } from "~/features/leads/csv";
import { loader as csvLoader } from "~/features/leads/csv-route";
import * as panelModule from "~/features/leads/panel";
import { loader as panelLoader } from "~/features/leads/panel";
import { saveLead } from "~/features/leads/save.server";
import * as authServer from "~/features/staff/auth.server";
import { requireAdmin, safeRedirect } from "~/features/staff/auth.server";
import * as loginModule from "~/features/staff/login-page";
import { action as loginAction, loader as loginLoader } from "~/features/staff/login-page";
import { action as logoutAction } from "~/features/staff/logout";
import { countAdmins, createAdmin, ensureBootstrapAdmin, setAdminPassword } from "~/features/staff/users.server";
import { setClockForTests } from "~/platform/clock.server";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { resetAllRateLimits, setSleepForTests } from "~/platform/rate-limit.server";
import { loader as rootLoader } from "~/root";
import routes from "~/routes";

import {
  args,
  cookieFrom,
  formRequest,
  getRequest,
  payload,
  renderPage,
  settle,
  statusOf,
} from "../../../tests/support/route-calls";

const EMAIL = "admin@example.com";
const PASSWORD = "senha-correta-123";

function adminCookieSet(response: unknown): boolean {
  if (!(response instanceof Response)) {
    const headers = new Headers((response as any)?.init?.headers);
    return headers.getSetCookie().some((c) => /^__admin=[^;]+/.test(c) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
  }
  return response.headers.getSetCookie().some((c) => /^__admin=[^;]+/.test(c) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
}

function login(password: string, init: { ip?: string; email?: string; redirectTo?: string } = {}) {
  const fields: Record<string, string> = { email: init.email ?? EMAIL, password };
  if (init.redirectTo) fields.redirectTo = init.redirectTo;
  return settle(() =>
    loginAction(args(formRequest("/login-admin", fields, { headers: { "X-Client-Ip": init.ip ?? "10.0.0.1" } }))),
  );
}

async function adminCookie(): Promise<string> {
  const response = (await login(PASSWORD, { ip: "10.9.9.9" })) as Response;
  expect(response.status).toBe(303);
  return cookieFrom(response);
}

/**
 * Runs a request through React Router's static handler and renders the page, as the server does
 * (without the hydration data, so only what the page itself shows is in the HTML).
 */
const renderRoute = (mod: Parameters<typeof renderPage>[0], request: Request) =>
  renderPage(mod, new URL(request.url).pathname, request);

/** The per-e-mail login delays asked for (recorded instead of waited: no test waits on the clock). */
const delays: number[] = [];
beforeEach(() => {
  delays.length = 0;
  setSleepForTests(async (ms) => {
    delays.push(ms);
  });
});
afterAll(() => setSleepForTests());

const sessionRows = () => db.select().from(schema.adminSessions).all().length;

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
function flatten(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

describe("first admin (bootstrap)", () => {
  it("creates none without a configured password, and the login page says how to create one", async () => {
    expect(countAdmins()).toBe(0);
    expect(await ensureBootstrapAdmin({ email: EMAIL, password: undefined })).toBe("no-password");
    // The test environment configures no ADMIN_PASSWORD: the page's lazy bootstrap creates nothing.
    const result = payload(await loginLoader(args(getRequest("/login-admin"))));
    expect(result.hasAdmin).toBe(false);
    expect(countAdmins()).toBe(0);
  });

  it("creates the configured admin once, when none exists", async () => {
    expect(await ensureBootstrapAdmin({ email: " Admin@Example.com ", password: PASSWORD })).toBe("created");
    expect(await ensureBootstrapAdmin({ email: "outro@example.com", password: "outra-senha-123" })).toBe("exists");
    const admins = db.select().from(schema.adminUsers).all();
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe(EMAIL);
    expect(admins[0].passwordHash).toMatch(/^scrypt\$/);
    expect(admins[0].passwordHash).not.toContain(PASSWORD);
    expect(payload(await loginLoader(args(getRequest("/login-admin")))).hasAdmin).toBe(true);
  });
});

describe("every admin route is guarded", () => {
  const adminRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path === "contato" || r.path.startsWith("contato/"));

  it("finds the panel, the CSV export and the logout in the route table", () => {
    expect(adminRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(["contato", "contato/leads.csv", "contato/sair"]));
  });

  it("answers anonymous requests to each admin route with a redirect to /login-admin (a script's JSON with 401)", async () => {
    for (const route of adminRoutes) {
      const mod = await import(/* @vite-ignore */ path.resolve("app", route.file));
      expect(mod.loader ?? mod.action, `${route.file} has no loader or action`).toBeTypeOf("function");
      for (const kind of ["loader", "action"] as const) {
        if (typeof mod[kind] !== "function") continue;
        const url = `/${route.path}?busca=x`;
        const request = kind === "loader" ? getRequest(url) : formRequest(url, { any: "thing" });
        const result = await settle(() => mod[kind](args(request)));
        expect(result, `${kind} of ${route.file}`).toBeInstanceOf(Response);
        const response = result as Response;
        // The box's live JSON is read by a script, which cannot follow a login page: 401, no lead.
        if (route.path === "contato/aguardando.json") {
          expect(response.status, `${kind} of ${route.file}`).toBe(401);
          continue;
        }
        expect([302, 303], `${kind} of ${route.file}`).toContain(response.status);
        const location = response.headers.get("Location") ?? "";
        expect(location, `${kind} of ${route.file}`).toMatch(/^\/login-admin(\?|$)/);
        expect(new URL(location, "http://x").searchParams.get("redirectTo")).toBe(url);
      }
    }
  });

  it("rejects a forged or tampered admin cookie", async () => {
    const result = await settle(() =>
      panelLoader(args(getRequest("/contato", { cookie: "__admin=eyJhZG1pbklkIjoxfQ%3D%3D.forged" }))),
    );
    expect((result as Response).headers.get("Location")).toMatch(/^\/login-admin/);
  });

  it("only redirects to local paths after login", () => {
    expect(safeRedirect("/contato?pagina=2")).toBe("/contato?pagina=2");
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      "/login-admin",
    ]) {
      expect(safeRedirect(bad)).toBe("/contato");
    }
  });
});

describe("login", () => {
  beforeEach(() => resetAllRateLimits());

  it("signs in with the right password: session, toast, redirect to the wanted page", async () => {
    const response = (await login(PASSWORD, { redirectTo: "/contato?pagina=2" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contato?pagina=2");
    expect(adminCookieSet(response)).toBe(true);
    const cookie = cookieFrom(response);
    expect(cookie).toContain("__visitante="); // the flashed toast
    const admin = await requireAdmin(getRequest("/contato", { cookie }));
    expect(admin.email).toBe(EMAIL);
    expect(db.select().from(schema.adminUsers).get()!.lastLoginAt).not.toBeNull();
    // An open session skips the login page.
    const again = (await settle(() => loginLoader(args(getRequest("/login-admin", { cookie }))))) as Response;
    expect(again.headers.get("Location")).toBe("/contato");
  });

  it("never redirects to another site after login", async () => {
    const response = (await login(PASSWORD, { redirectTo: "//evil.example/x" })) as Response;
    expect(response.headers.get("Location")).toBe("/contato");
  });

  it("answers a wrong password with the spec's message and no session", async () => {
    const result = await login("senha-errada");
    expect(statusOf(result)).toBe(401);
    expect(adminCookieSet(result)).toBe(false);
    const body = payload(result);
    expect(body.alert).toMatchObject({ title: "Credenciais inválidas", description: "Verifique sua senha e tente novamente." });
    expect(JSON.stringify(body.result)).not.toContain("senha-errada");
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const result = await login(PASSWORD, { email: "ninguem@example.com" });
    expect(statusOf(result)).toBe(401);
    expect(payload(result).alert.title).toBe("Credenciais inválidas");
  });

  it("asks for the missing fields without counting an attempt", async () => {
    const result = await settle(() => loginAction(args(formRequest("/login-admin", { email: "", password: "" }))));
    expect(statusOf(result)).toBe(400);
    const errors = payload(result).result.error;
    expect(errors.email).toEqual(["Informe o e-mail"]);
    expect(errors.password).toEqual(["Informe a senha"]);
  });

  it("blocks the sixth attempt from one IP with 429, without checking the password", async () => {
    for (let i = 0; i < 5; i++) expect(statusOf(await login(`errada-${i}`, { ip: "10.1.1.1" }))).toBe(401);
    // Even the right password is refused now: the password is not checked.
    const blocked = await login(PASSWORD, { ip: "10.1.1.1" });
    expect(statusOf(blocked)).toBe(429);
    expect(adminCookieSet(blocked)).toBe(false);
    expect(payload(blocked).alert.title).toBe("Muitas tentativas de login");
    expect(payload(blocked).alert.description).toMatch(/Tente novamente em 15 minutos/);
    expect(new Headers((blocked as any).init.headers).get("Retry-After")).toMatch(/^\d+$/);
  });

  it("nobody can lock the admin out: wrong passwords from one IP never stop the right one from another", async () => {
    for (let i = 0; i < 8; i++) await login(`errada-${i}`, { ip: "10.1.2.1" });
    expect(statusOf(await login(PASSWORD, { ip: "10.1.2.1" }))).toBe(429);
    const fromElsewhere = await login(PASSWORD, { ip: "10.1.2.2" });
    expect(statusOf(fromElsewhere)).toBe(303);
    expect(adminCookieSet(fromElsewhere)).toBe(true);
  });

  it("slows guesses at one e-mail spread over many IPs with a growing delay, capped at 3 s, and never blocks the right password", async () => {
    for (let i = 0; i < 8; i++) expect(statusOf(await login("errada", { ip: `10.2.0.${i}` }))).toBe(401);
    // The first guess waits nothing, then each one longer, up to the cap.
    expect(delays).toEqual([250, 500, 1000, 2000, 3000, 3000, 3000]);
    const right = await login(PASSWORD, { ip: "10.2.0.99" });
    expect(statusOf(right)).toBe(303);
    expect(adminCookieSet(right)).toBe(true);
    expect(delays.at(-1)).toBe(3000);
    // The admin's login does not wipe the attacker's count: the next guess still waits the most.
    await login("errada", { ip: "10.2.0.100" });
    expect(delays.at(-1)).toBe(3000);
    // Another e-mail is not slowed down.
    delays.length = 0;
    await login("errada", { ip: "10.2.0.101", email: "outra.pessoa@example.com" });
    expect(delays).toEqual([]);
  });

  it("the admin's own right logins do not slow the next ones", async () => {
    for (let i = 0; i < 6; i++) expect(statusOf(await login(PASSWORD, { ip: "10.2.1.1" }))).toBe(303);
    expect(delays).toEqual([]);
  });

  it("logs each block once, one line, without the password", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (let i = 0; i < 8; i++) await login("segredo-errado-xyz", { ip: "10.4.4.4" });
      const ipLines = warn.mock.calls.map((call) => call.join(" ")).filter((line) => line.includes("10.4.4.4"));
      expect(ipLines).toHaveLength(1);
      expect(ipLines[0]).toMatch(/bloqueado/);
      // A slow attack over many addresses is logged too, once, when the e-mail reaches the longest delay.
      for (let i = 0; i < 8; i++) await login("segredo-errado-xyz", { ip: `10.5.0.${i}` });
      const emailLines = warn.mock.calls.map((call) => call.join(" ")).filter((line) => line.includes(EMAIL));
      expect(emailLines).toHaveLength(1);
      expect(emailLines[0]).toMatch(/desacelerado/);
      for (const call of warn.mock.calls) expect(call.join(" ")).not.toContain("segredo-errado-xyz");
    } finally {
      warn.mockRestore();
    }
  });

  it("the page does not show the admin's e-mail; after an error it keeps what was typed", async () => {
    expect(JSON.stringify(payload(await loginLoader(args(getRequest("/login-admin")))))).not.toContain(EMAIL);
    const empty = await renderRoute(loginModule, getRequest("/login-admin"));
    expect(empty.html).not.toContain(EMAIL);
    expect(empty.html).toMatch(/<input[^>]*type="email"/);
    expect(empty.html).not.toMatch(/<input[^>]*type="email"[^>]*value=/);
    const typed = "fulano.digitou@example.com";
    const failed = await renderRoute(
      loginModule,
      formRequest("/login-admin", { email: typed, password: "errada-123" }, { headers: { "X-Client-Ip": "10.6.6.6" } }),
    );
    expect(failed.status).toBe(401);
    expect(failed.html).toContain(`value="${typed}"`);
    expect(failed.html).not.toContain("errada-123");
  });

  it("returns to a redirectTo with any character, percent-encoded, with the cookie and exactly one session", async () => {
    const before = sessionRows();
    const response = (await login(PASSWORD, { redirectTo: "/contato?q=ação€😀&origem=inscricao#topo" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contato?q=a%C3%A7%C3%A3o%E2%82%AC%F0%9F%98%80&origem=inscricao#topo");
    expect(adminCookieSet(response)).toBe(true);
    expect(sessionRows()).toBe(before + 1);
    // The percent-encoded form decodes back to what was asked for.
    expect(new URL(response.headers.get("Location")!, "http://x").searchParams.get("q")).toBe("ação€😀");
    // An open session skips the login page, to the same encoded address.
    const again = (await settle(() =>
      loginLoader(
        args(getRequest(`/login-admin?redirectTo=${encodeURIComponent("/contato?q=ação")}`, { cookie: cookieFrom(response) })),
      ),
    )) as Response;
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/contato?q=a%C3%A7%C3%A3o");
  });

  it("sends hostile redirectTo values to /contato, never 5xx, one session each", async () => {
    for (const hostile of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example",
      "/.//evil.example",
      "/%2e//evil.example",
      "javascript:alert(1)",
      "/\u{1F600}/..//evil.example",
    ]) {
      const before = sessionRows();
      const response = (await login(PASSWORD, { redirectTo: hostile })) as Response;
      expect(response.status, hostile).toBe(303);
      expect(response.headers.get("Location"), hostile).toBe("/contato");
      expect(sessionRows(), hostile).toBe(before + 1);
    }
  });

  it("ends the sessions of an admin whose password changed", async () => {
    const cookie = await adminCookie();
    await setAdminPassword(EMAIL, "nova-senha-456");
    const result = await settle(() => panelLoader(args(getRequest("/contato", { cookie }))));
    expect((result as Response).headers.get("Location")).toMatch(/^\/login-admin/);
    await setAdminPassword(EMAIL, PASSWORD);
  });
});

describe("logout", () => {
  beforeEach(() => resetAllRateLimits());

  it("'Sair' destroys the session and returns to /login-admin", async () => {
    const cookie = await adminCookie();
    const response = (await settle(() => logoutAction(args(formRequest("/contato/sair", {}, { cookie }))))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login-admin");
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("__admin="));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const after = cookieFrom(response, cookie);
    const result = await settle(() => panelLoader(args(getRequest("/contato", { cookie: after }))));
    expect((result as Response).headers.get("Location")).toMatch(/^\/login-admin/);
  });

  it("a copy of the cookie taken before 'Sair' is refused afterwards; other sessions of the admin stay open", async () => {
    const copied = await adminCookie();
    const otherDevice = await adminCookie();
    expect((await requireAdmin(getRequest("/contato", { cookie: copied }))).email).toBe(EMAIL);
    await settle(() => logoutAction(args(formRequest("/contato/sair", {}, { cookie: copied }))));
    // The browser that logged out drops its cookie; whoever kept a copy sends it again.
    const replay = await settle(() => panelLoader(args(getRequest("/contato", { cookie: copied }))));
    expect((replay as Response).headers.get("Location")).toMatch(/^\/login-admin/);
    expect((await requireAdmin(getRequest("/contato", { cookie: otherDevice }))).email).toBe(EMAIL);
  });

  it("an admin session ends when its time is up, even with the cookie kept", async () => {
    const cookie = await adminCookie();
    vi.useFakeTimers({ now: Date.now() + 8 * 60 * 60 * 1000 + 1000, toFake: ["Date"] });
    try {
      const result = await settle(() => panelLoader(args(getRequest("/contato", { cookie }))));
      expect((result as Response).headers.get("Location")).toMatch(/^\/login-admin/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("leads panel", () => {
  let cookie = "";
  const panel = async (query = "") => payload(await panelLoader(args(getRequest(`/contato${query}`, { cookie }))));

  beforeAll(async () => {
    resetAllRateLimits();
    sqlite.exec("DELETE FROM leads");
    cookie = await adminCookie();
    // 60 leads, one per day from 2025-01-01 (São Paulo noon), alternating origins.
    for (let i = 0; i < 60; i++) {
      const day = new Date(Date.UTC(2025, 0, 1 + i, 15));
      saveLead(
        {
          origem: i % 2 === 0 ? "teste_vocacional" : "inscricao",
          nome: `Pessoa ${String(i).padStart(2, "0")}`,
          telefone: `(31)9${String(10000000 + i)}`,
          email: `pessoa${i}@example.com`,
          cidade: i === 7 ? "São João del-Rei" : "Belo Horizonte",
          curso_interesse: i === 8 ? "Educação Física" : "",
          polo: i === 9 ? "Polo Contagem" : "",
        },
        day,
      );
    }
    db.update(schema.leads)
      .set({ perfil_resultado: "saude", teste_concluido_em: "2025-01-01T16:00:00.000Z" })
      .where(eq(schema.leads.email, "pessoa0@example.com"))
      .run();
    db.update(schema.leads)
      .set({ perfil_resultado: "saude", teste_concluido_em: "2025-01-03T16:00:00.000Z" })
      .where(eq(schema.leads.email, "pessoa2@example.com"))
      .run();
    db.update(schema.leads)
      .set({ perfil_resultado: "tecnologia", teste_concluido_em: "2025-01-05T16:00:00.000Z" })
      .where(eq(schema.leads.email, "pessoa4@example.com"))
      .run();
  });

  it("lists 25 leads per page, newest first, with the total", async () => {
    const first = await panel();
    expect(first.page.total).toBe(60);
    expect(first.page.pages).toBe(3);
    expect(first.page.rows).toHaveLength(25);
    expect(first.page.rows[0].nome).toBe("Pessoa 59");
    expect(first.page.rows[24].nome).toBe("Pessoa 35");
    const third = await panel("?pagina=3");
    expect(third.page.page).toBe(3);
    expect(third.page.rows.map((r: any) => r.nome)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pessoa ${String(9 - i).padStart(2, "0")}`),
    );
    // A page past the end shows the last page; garbage shows the first.
    expect((await panel("?pagina=99")).page.page).toBe(3);
    expect((await panel("?pagina=abc")).page.page).toBe(1);
  });

  it("orders leads of the same day by their creation time", async () => {
    saveLead(
      { origem: "contato", nome: "Mesmo Dia Cedo", telefone: "(31)91111-1111", email: "cedo@example.com" },
      new Date("2025-03-01T12:00:00Z"),
    );
    saveLead(
      { origem: "contato", nome: "Mesmo Dia Tarde", telefone: "(31)91111-2222", email: "tarde@example.com" },
      new Date("2025-03-01T20:00:00Z"),
    );
    const result = await panel("?origem=contato");
    expect(result.page.rows.map((r: any) => r.nome)).toEqual(["Mesmo Dia Tarde", "Mesmo Dia Cedo"]);
    sqlite.exec("DELETE FROM leads WHERE origem = 'contato'");
  });

  it("searches name, e-mail, phone, city, course and polo ignoring case and accents", async () => {
    const names = async (busca: string) => (await panel(`?busca=${encodeURIComponent(busca)}`)).page.rows.map((r: any) => r.nome);
    expect(await names("SAO JOAO")).toEqual(["Pessoa 07"]);
    expect(await names("educacao")).toEqual(["Pessoa 08"]);
    expect(await names("contagem")).toEqual(["Pessoa 09"]);
    expect(await names("pessoa12@")).toEqual(["Pessoa 12"]);
    expect(await names("910000013")).toEqual(["Pessoa 13"]);
    expect(await names("pessoa 14")).toEqual(["Pessoa 14"]);
    expect(await names("100%")).toEqual([]);
    expect(await names("nada-disso")).toEqual([]);
  });

  it("filters by origin, result profile and date range, and combines them", async () => {
    expect((await panel("?origem=inscricao")).page.total).toBe(30);
    const saude = await panel("?perfil=saude");
    expect(saude.page.rows.map((r: any) => r.nome)).toEqual(["Pessoa 02", "Pessoa 00"]);
    expect((await panel("?perfil=sem_resultado")).page.total).toBe(57);
    const range = await panel("?de=2025-01-10&ate=2025-01-12");
    expect(range.page.rows.map((r: any) => r.data_criacao)).toEqual(["2025-01-12", "2025-01-11", "2025-01-10"]);
    // Reversed bounds are swapped; invalid dates and origins are ignored.
    expect((await panel("?de=2025-01-12&ate=2025-01-10")).page.total).toBe(3);
    expect((await panel("?de=2025-02-31&origem=hacker")).page.total).toBe(60);
    expect((await panel("?origem=teste_vocacional&de=2025-01-01&ate=2025-01-04&perfil=saude")).page.total).toBe(2);
  });

  it("shows the dashboard and the profile filter options", async () => {
    const result = await panel();
    expect(result.dashboard.days).toHaveLength(30);
    expect(result.profiles).toEqual(expect.arrayContaining(["saude", "negocios", "tecnologia", "criatividade"]));
    expect(result.error).toBeNull();
  });
});

describe("CSV export", () => {
  let cookie = "";
  const csv = async (query = "") => {
    const response = (await settle(() => csvLoader(args(getRequest(`/contato/leads.csv${query}`, { cookie }))))) as Response;
    expect(response.status).toBe(200);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    resetAllRateLimits();
    cookie = await adminCookie();
    saveLead(
      {
        origem: "inscricao",
        nome: '=HYPERLINK("http://x")',
        telefone: "+55 31 99999-0000",
        email: "formula@example.com",
        cidade: "Conceição do Mato Dentro",
        curso_interesse: "Gestão; Negócios",
        polo: "@polo",
      },
      new Date("2025-06-15T15:30:00Z"),
    );
  });

  it("is named for what it holds: the São Paulo day of the clock, and the origin or status filter", async () => {
    // 02:30 UTC on the 4th is still the 3rd in São Paulo.
    const restore = setClockForTests(() => Date.parse("2026-12-04T02:30:00Z"));
    try {
      const name = async (query: string) =>
        (await csv(query)).response.headers.get("Content-Disposition")?.match(/filename="(.*)"/)?.[1];
      expect(await name("")).toBe("leads-2026-12-03.csv");
      expect(await name("?origem=teste_vocacional")).toBe("leads-teste-vocacional-2026-12-03.csv");
      expect(await name("?origem=inscricao&status=em_contato")).toBe("leads-inscricao-em-contato-2026-12-03.csv");
      // A search term is personal data (a name, a phone): it never reaches the file name.
      expect(await name("?busca=Maria%20Silva&status=novo")).toBe("leads-novo-2026-12-03.csv");
    } finally {
      restore();
    }
  });

  it("is a UTF-8 file with BOM, ';' delimiter, the spec's columns first and pt-BR dates", async () => {
    const { response, bytes } = await csv();
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split("\r\n");
    // The spec's twelve columns in its order (app/features/leads/csv.ts's SPEC_CSV_COLUMNS), then ours.
    expect(lines[0].split(";").slice(0, 12)).toEqual([...SPEC_CSV_COLUMNS]);
    expect(lines[0]).toMatch(
      /^nome;telefone;email;cidade;curso_interesse;polo;data_criacao;perfil_trabalho;area_atuacao;satisfacao_area;objetivo_carreira;area_desejada;id;origem;perfil_resultado;/,
    );
    expect(text).toContain("Conceição do Mato Dentro");
    expect(text).toContain("São João del-Rei");
    expect(lines.at(-1)).toBe(""); // ends with CRLF
    expect(lines).toHaveLength(1 + 61 + 1);
    // Newest first; the date in pt-BR; the origin in words.
    const formulaLine = lines[1];
    expect(formulaLine).toContain(";15/06/2025;");
    expect(formulaLine).toContain(";Formulário de inscrição;");
    expect(formulaLine).toContain(";15/06/2025 12:30:00;");
  });

  it("neutralises cells a spreadsheet would run as formulas, and quotes per RFC 4180", async () => {
    const { bytes } = await csv("?busca=formula");
    const text = new TextDecoder().decode(bytes);
    const [, row] = text.split("\r\n");
    // '=HYPERLINK("http://x")' → apostrophe first, quotes doubled inside a quoted field.
    expect(row.startsWith(`"'=HYPERLINK(""http://x"")";`)).toBe(true);
    expect(row).toContain(";'+55 31 99999-0000;");
    expect(row).toContain(';"Gestão; Negócios";');
    expect(row).toContain(";'@polo;");
    expect(row).not.toMatch(/(^|;)[=+@-]/);
  });

  it("writes a valid e-mail address that starts with + or - as it is; any other such cell keeps the apostrophe", async () => {
    // "+ana@…" and "-beto@…" are real addresses (sub-addressing), never formulas.
    for (const [nome, email] of [
      ["Ana Mais", "+ana.sub@example.com"],
      ["Beto Menos", "-beto@example.com.br"],
      ["Carla DDE", "-2+3+cmd|' /C calc'!A0@example.com"],
      ["Davi Soma", "+SUM(1;2)@example.com"],
      ["Eva Igual", "=ana@example.com"],
    ]) {
      saveLead({ origem: "inscricao", nome, telefone: "(31)97777-0000", email, cidade: "Cidade-Email-Guarda" });
    }
    const text = new TextDecoder().decode((await csv("?busca=Cidade-Email-Guarda")).bytes);
    const emails = Object.fromEntries(
      text
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => [line.split(";")[0], line.split(";")[2]]),
    );
    expect(emails["Ana Mais"]).toBe("+ana.sub@example.com");
    expect(emails["Beto Menos"]).toBe("-beto@example.com.br");
    // Not valid addresses (stored lower-cased): the guard stays. A cell with ';' is quoted, so the
    // row splits at that ';' too: these two are looked for in the whole text.
    expect(text).toContain(`;'-2+3+cmd|' /c calc'!a0@example.com;`);
    expect(text).toContain(`;"'+sum(1;2)@example.com";`);
    expect(emails["Eva Igual"]).toBe("'=ana@example.com");
  });

  it("honours the panel's search and filters", async () => {
    const { bytes } = await csv("?origem=teste_vocacional&perfil=saude");
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith("Pessoa 02;")).toBe(true);
    expect(lines[2].startsWith("Pessoa 00;")).toBe(true);
    expect(lines[1]).toContain(";Saúde & Bem-Estar;");
    const empty = new TextDecoder()
      .decode((await csv("?busca=ninguem-assim")).bytes)
      .trim()
      .split("\r\n");
    expect(empty).toHaveLength(1); // just the header
  });

  it("streams: the body is a stream that arrives in pieces", async () => {
    const insert = sqlite.transaction(() => {
      for (let i = 0; i < 2000; i++) {
        saveLead({ origem: "bolsa", nome: `Volume ${i}`, telefone: "(31)98888-0000", email: `volume${i}@example.com` });
      }
    });
    insert();
    const response = (await settle(() => csvLoader(args(getRequest("/contato/leads.csv?origem=bolsa", { cookie }))))) as Response;
    const reader = response.body!.getReader();
    let chunks = 0;
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      size += value.length;
    }
    expect(chunks).toBeGreaterThan(1);
    expect(size).toBeGreaterThan(2000 * 30);
    // The site's own connection stays usable during and after an export.
    expect(sqlite.prepare("SELECT count(*) AS n FROM leads WHERE origem = 'bolsa'").get()).toEqual({ n: 2000 });
  });

  it("stops reading when the download is abandoned", async () => {
    const response = (await settle(() => csvLoader(args(getRequest("/contato/leads.csv", { cookie }))))) as Response;
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    // The database still answers writes (no reader left holding it).
    saveLead({ origem: "bolsa", nome: "Depois", telefone: "(31)98888-0001", email: "depois@example.com" });
  });
});

describe("admin users", () => {
  it("refuses short passwords and duplicate e-mails", async () => {
    await expect(createAdmin("novo@example.com", "curta")).rejects.toThrow(/pelo menos 8/);
    await expect(createAdmin(EMAIL.toUpperCase(), "outra-senha-123")).rejects.toThrow(/Já existe/);
  });
});

/**
 * The spec's error toasts of the admin area, with the data access really failing: the message must
 * reach what the admin sees (the rendered page, or the toast the next page shows).
 */
describe("admin error toasts", () => {
  let cookie = "";

  beforeAll(async () => {
    resetAllRateLimits();
    cookie = await adminCookie();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    resetAllRateLimits();
  });

  it("'Erro ao carregar leads' when the leads cannot be read: 503, the alert on the page, no table", async () => {
    saveLead({ origem: "contato", nome: "Visível Normalmente", telefone: "(31)97777-0000", email: "visivel@example.com" });
    const healthy = await renderRoute(panelModule, getRequest("/contato", { cookie }));
    expect(healthy.status).toBe(200);
    expect(healthy.html).toContain("Visível Normalmente");
    expect(healthy.html).not.toContain("Erro ao carregar leads");

    vi.spyOn(console, "error").mockImplementation(() => {});
    // The leads table is gone (a broken or locked database file looks the same to the loader).
    sqlite.exec("ALTER TABLE leads RENAME TO leads_fora_do_ar");
    try {
      const broken = await renderRoute(panelModule, getRequest("/contato", { cookie }));
      expect(broken.status).toBe(503);
      expect(broken.html).toMatch(/<div[^>]*role="alert"[^>]*data-testid="load-error"/);
      expect(broken.html).toContain("Erro ao carregar leads");
      expect(broken.html).toContain("Não foi possível carregar os dados. Tente novamente.");
      expect(broken.html).not.toContain('data-testid="leads-table"');
      // The loader data the page's toast() call receives.
      expect(payload(await panelLoader(args(getRequest("/contato", { cookie })))).error).toMatchObject({
        title: "Erro ao carregar leads",
        variant: "destructive",
      });
    } finally {
      sqlite.exec("ALTER TABLE leads_fora_do_ar RENAME TO leads");
    }
  });

  it("'Erro ao fazer login' when the login cannot be stored: 503, the alert on the page, no session", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Reads work, writes to the admin table fail (a full disk, a read-only file).
    sqlite.exec(
      "CREATE TEMP TRIGGER admin_write_fails BEFORE UPDATE ON main.admin_users BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    try {
      const request = () =>
        formRequest("/login-admin", { email: EMAIL, password: PASSWORD }, { headers: { "X-Client-Ip": "10.3.3.3" } });
      const result = await login(PASSWORD, { ip: "10.3.3.3" });
      expect(statusOf(result)).toBe(503);
      expect(adminCookieSet(result)).toBe(false);
      expect(payload(result).alert).toMatchObject({
        title: "Erro ao fazer login",
        description: "Falha na autenticação. Tente novamente.",
      });

      const page = await renderRoute(loginModule, request());
      expect(page.status).toBe(503);
      expect(page.html).toMatch(/<div[^>]*role="alert"[^>]*data-testid="login-alert"/);
      expect(page.html).toContain("Erro ao fazer login");
      expect(page.html).toContain("Falha na autenticação. Tente novamente.");
    } finally {
      sqlite.exec("DROP TRIGGER temp.admin_write_fails");
    }
  });

  it("'Erro ao fazer logout' when the session cannot be ended: back to the panel with the toast, still signed in", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(authServer, "endAdminSession").mockRejectedValue(new Error("session store unavailable"));
    const response = (await settle(() => logoutAction(args(formRequest("/contato/sair", {}, { cookie }))))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contato");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__admin="))).toBe(false);
    // The next page's root loader hands the toast to the Toaster.
    const next = cookieFrom(response, cookie);
    const root = payload(await rootLoader(args(getRequest("/contato", { cookie: next }))));
    expect(root.toast).toEqual({ title: "Erro ao fazer logout", description: "Tente novamente.", variant: "destructive" });
    expect((await requireAdmin(getRequest("/contato", { cookie: next }))).email).toBe(EMAIL);
  });
});
