import type { BrowserContext, Page } from "@playwright/test";

import { seriousViolations } from "../support/axe";
import { E2E_ENV } from "../support/env";
import { expect, test, uniqueEmail } from "../support/fixtures";
import { exampleUrl, routeTable, urlFor } from "../support/route-table";
import { completedTestCookie, openSessions, roleSessions, type Sessions } from "../support/sessions";

/**
 * Accessibility: axe on every public page (from the route table and one course
 * page of each kind), every screen of the vocational test, the admin login, panel, lead page, bulk
 * status confirmation and LGPD page, the Usuários page, a marketing session's totals and a 403 page,
 * and the WhatsApp gate, management and mirroring pages: no serious or critical violation, on the
 * whole document (shared layout included). axe runs as a script in the page, so these run in the
 * JavaScript project; the no-JavaScript markup is the same server render.
 */

/** Visits each URL and collects its serious and critical violations. */
async function audit(page: Page, urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBeLessThan(500);
    await page.waitForLoadState("load");
    for (const violation of await seriousViolations(page)) found.push(`${url}: ${violation}`);
  }
  return found;
}

async function useCookies(context: BrowserContext, cookieHeader: string, baseURL: string) {
  const cookies = cookieHeader
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
    });
  await context.addCookies(cookies);
}

const AREAS = ["contato", "whatsapp", "teste-vocacional"];

/** The vocational test's screens once it is completed (each its own test below). */
const VOCATIONAL_SCREENS = [
  "/teste-vocacional",
  "/teste-vocacional/perguntas?pagina=1",
  "/teste-vocacional/perguntas?pagina=2",
  "/teste-vocacional/perguntas?pagina=3",
  "/teste-vocacional/perguntas?pagina=4",
  "/teste-vocacional/analise",
  "/teste-vocacional/resultado",
  "/teste-vocacional/resultado/tecnologia",
  "/teste-vocacional/resultado/saude",
  "/teste-vocacional/simulacao-formatura",
  "/teste-vocacional/submissoes",
];

/** One set of sessions per worker process, shared by the forms', admin and WhatsApp pages' tests. */
let sessions: Promise<Sessions> | undefined;
function sharedSessions(baseURL: string): Promise<Sessions> {
  sessions ??= openSessions(baseURL);
  return sessions;
}

/** One session per staff role per worker process, shared by the roles' tests. */
let staff: ReturnType<typeof roleSessions> | undefined;
function sharedRoleSessions(baseURL: string): ReturnType<typeof roleSessions> {
  staff ??= roleSessions(baseURL);
  return staff;
}

/** The first lead's LGPD deletion page, as its lead page links it (the admin's cookies already in the context). */
async function firstErasePath(page: Page): Promise<string> {
  await page.goto("/contato");
  const leadPath = await page.locator('main a[href^="/contato/lead/"]').first().getAttribute("href");
  expect(leadPath).toMatch(/^\/contato\/lead\/\d+$/);
  await page.goto(leadPath!);
  const href = await page
    .getByRole("link", { name: /^Excluir/ })
    .first()
    .getAttribute("href");
  expect(href).toMatch(/^\/contato\/lead\/\d+\/excluir$/);
  return href!;
}

/** The admin's pages, each its own test; `url` gets the first lead's deletion page. */
const ADMIN_PAGES: { name: string; url: (erasePath: string) => string; needsLead?: boolean }[] = [
  { name: "/contato", url: () => "/contato" },
  { name: "/contato?busca=ninguem-assim", url: () => "/contato?busca=ninguem-assim" },
  { name: "a lead's LGPD deletion page", url: (erase) => erase, needsLead: true },
  // The lead page (follow-up forms and history), the bulk status confirmation and the WhatsApp hand-off's,
  // the lead's contact page and the bulk owner confirmation.
  { name: "a lead's page", url: (erase) => erase.replace(/\/excluir$/, ""), needsLead: true },
  { name: "the bulk status confirmation", url: () => "/contato/alterar-status?novo_status=perdido&motivo=outro" },
  { name: "the WhatsApp hand-off's confirmation", url: () => "/contato/enviar-whatsapp" },
  { name: "a lead's contact page", url: (erase) => erase.replace(/\/excluir$/, "/contatar"), needsLead: true },
  { name: "the bulk owner confirmation", url: () => "/contato/atribuir-responsavel?novo_responsavel=" },
  { name: "the jobs engine's page", url: () => "/admin/tarefas" },
];

/** One completed test per worker process, shared by the screens' tests. */
let completed: Promise<string> | undefined;
function completedTest(baseURL: string): Promise<string> {
  completed ??= completedTestCookie(baseURL, uniqueEmail("a11y"));
  return completed;
}

/** Public pages: every route of app/routes.ts with a page and no parameter, outside the guarded areas and the test flow. */
function publicPages(): string[] {
  const pages = routeTable()
    .filter(
      (route) =>
        route.hasComponent && !/[:*]/.test(route.path) && !AREAS.some((a) => route.path === a || route.path.startsWith(`${a}/`)),
    )
    .map((route) => urlFor(route));
  const all = [
    ...pages,
    // One course page of each kind: one formation (Presencial, Semipresencial, EAD), two formations, a /cursos/ page.
    "/enfermagem",
    "/farmacia",
    "/gestao-hospitalar",
    "/educacaofisica",
    exampleUrl({ path: "cursos/:slug" }),
    // A polo's page (decision 085).
    exampleUrl({ path: "polos/:slug" }),
    // Search results and the catalogue's states.
    "/?q=enfermagem#cursos",
    "/?q=zzzzzz#cursos",
    "/curso-ideal?area=Sa%C3%BAde",
    // The 404 page, the enrolment form in the modal's embedded mode and with its error state.
    "/pagina-que-nao-existe",
    "/inscricao?embed=1&tipo=contato",
  ];
  return [...new Set(all)];
}

test.describe("axe: no serious or critical violations", () => {
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, "axe runs as a script in the page");
  });

  test("the public pages include the ones the law and the campaign need", () => {
    expect(publicPages()).toEqual(
      expect.arrayContaining(["/", "/campanha-relampago", "/america-mg", "/trabalhe-conosco", "/bolsas", "/inscricao"]),
    );
  });

  // One test per page: a slow machine fails no page for the time the others took, and a failure names its page.
  for (const url of publicPages()) {
    test(`public page ${url}`, async ({ page }) => {
      expect(await audit(page, [url])).toEqual([]);
    });
  }

  // Each form showing its errors: one test per form.
  test("forms showing their errors: /inscricao", async ({ page }) => {
    await page.goto("/inscricao");
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expect(page.getByText("Nome completo é obrigatório").first()).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/inscricao (errors): ${v}`)).toEqual([]);
  });

  test("forms showing their errors: /teste-vocacional", async ({ page }) => {
    await page.goto("/teste-vocacional");
    await page.getByRole("button", { name: "Iniciar Teste Vocacional" }).click();
    await expect(page.getByText("Nome completo é obrigatório").first()).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/teste-vocacional (errors): ${v}`)).toEqual([]);
  });

  test("forms showing their errors: /login-admin", async ({ page }) => {
    await page.goto("/login-admin");
    await page.getByLabel("E-mail").fill("alguem@example.com");
    await page.getByLabel("Senha").fill("senha-errada-123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("login-alert")).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/login-admin (errors): ${v}`)).toEqual([]);
  });

  test("forms showing their errors: a question page's 'answer every question'", async ({ page, context, baseURL }) => {
    await useCookies(context, (await sharedSessions(baseURL!)).visitorWithLead, baseURL!);
    await page.goto("/teste-vocacional/perguntas?pagina=1");
    await page.getByRole("button", { name: /Próximo/ }).click();
    await expect(page.getByText("Pergunta sem resposta").first()).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/teste-vocacional/perguntas (errors): ${v}`)).toEqual([]);
  });

  test("the vocational test's start page, before the lead form is sent", async ({ page }) => {
    expect(await audit(page, ["/teste-vocacional"])).toEqual([]);
  });

  // Each screen of a completed test (lead form sent, questions answered): one test per screen.
  for (const url of VOCATIONAL_SCREENS) {
    test(`the vocational test, completed: ${url}`, async ({ page, context, baseURL }) => {
      await useCookies(context, await completedTest(baseURL!), baseURL!);
      expect(await audit(page, [url])).toEqual([]);
    });
  }

  test("admin: /login-admin", async ({ page }) => {
    expect(await audit(page, ["/login-admin"])).toEqual([]);
  });

  // The leads panel and what it links to: one test per page.
  for (const { name, url, needsLead } of ADMIN_PAGES) {
    test(`admin: ${name}`, async ({ page, context, baseURL }) => {
      await useCookies(context, (await sharedSessions(baseURL!)).admin, baseURL!);
      const erase = needsLead ? await firstErasePath(page) : "";
      expect(await audit(page, [url(erase)])).toEqual([]);
    });
  }

  test("roles: the Usuários page", async ({ page, context, baseURL }) => {
    await useCookies(context, (await sharedRoleSessions(baseURL!)).admin, baseURL!);
    expect(await audit(page, ["/admin/usuarios"])).toEqual([]);
  });

  test("roles: the Usuários page with its messages", async ({ page, context, baseURL }) => {
    await useCookies(context, (await sharedRoleSessions(baseURL!)).admin, baseURL!);
    await page.goto("/admin/usuarios");
    await page.getByLabel("E-mail").fill("sem-arroba");
    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/admin/usuarios (errors): ${v}`)).toEqual([]);
  });

  test("roles: a marketing session's totals", async ({ page, context, baseURL }) => {
    await useCookies(context, (await sharedRoleSessions(baseURL!)).marketing, baseURL!);
    expect(await audit(page, ["/contato"])).toEqual([]);
  });

  test("roles: a 403 page", async ({ page, context, baseURL }) => {
    await useCookies(context, (await sharedRoleSessions(baseURL!)).marketing, baseURL!);
    const found = await audit(page, ["/admin/webhooks"]);
    await expect(page.getByRole("heading", { level: 1, name: "Acesso não permitido" })).toBeVisible();
    expect(found).toEqual([]);
  });

  // The WhatsApp pages: one test per page or state.
  for (const url of ["/whatsapp", `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`]) {
    test(`WhatsApp: ${url === "/whatsapp" ? "the gate" : "password management"}`, async ({ page }) => {
      expect(await audit(page, [url])).toEqual([]);
    });
  }

  test("WhatsApp: the gate with its error", async ({ page }) => {
    await page.goto("/whatsapp");
    await page.getByLabel("Senha de acesso").fill("senha-errada");
    await page.getByRole("button", { name: /Entrar|Acessar/ }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/whatsapp (error): ${v}`)).toEqual([]);
  });

  test("WhatsApp: the mirroring page once it says the helper is not running", async ({ page, context, baseURL }) => {
    await useCookies(context, (await sharedSessions(baseURL!)).operator, baseURL!);
    await page.goto("/whatsapp");
    await expect(page.getByTestId("whatsapp-mirror")).toBeVisible();
    // The helper is not running: after the click that connects, wait for the page to say so, then check that state.
    await page.getByLabel("Nome do Operador").fill("Operadora Axe");
    await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
    await expect(page.getByTestId("server-panel")).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `/whatsapp (mirror): ${v}`)).toEqual([]);
  });

  // The replies inbox and the opt-out screen (decision 071).
  for (const url of ["/whatsapp/respostas", "/whatsapp/descadastros"]) {
    test(`WhatsApp: ${url}`, async ({ page, context, baseURL }) => {
      await useCookies(context, (await sharedSessions(baseURL!)).operator, baseURL!);
      expect(await audit(page, [url])).toEqual([]);
    });
  }
});

test.describe("axe on a phone: no serious or critical violations", () => {
  // Lighthouse's mobile screen: below the first screen the layout differs from the desktop one (and
  // content skipped by content-visibility, which the footer once had, reads as light text on white).
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, "axe runs as a script in the page");
  });

  for (const url of ["/", "/?polo=belo#onde-estudar", "/campanha-relampago", "/enfermagem", "/teste-vocacional", "/inscricao"]) {
    test(`on a phone: ${url}`, async ({ page }) => {
      expect(await audit(page, [url])).toEqual([]);
    });
  }
});
