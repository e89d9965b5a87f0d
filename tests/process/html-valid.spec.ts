import path from "node:path";

import { expect, test } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";

import { leadIdIn, withDb } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { exampleUrl, routeTable } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";
import {
  completedTestCookie,
  enrolment,
  mergeCookies,
  openSessions,
  postForm,
  roleSessions,
  type SessionKind,
} from "../support/sessions";

/**
 * Valid HTML on every page: the server HTML of every page route of app/routes.ts (dynamic ones with
 * real parameters), fetched anonymously and with each kind of session, plus the 404 and 500 pages,
 * the form modal's embedded pages, a page showing a toast and forms answered with bad input, goes
 * through html-validate with the repository's .htmlvalidate.mjs (every rule turned off there says why).
 */

let server: RunningServer;
let cookies: Record<SessionKind | "completedTest", string>;
let leadId: string;
const validator = new HtmlValidate(new FileSystemConfigLoader());
/** Page routes that answered a real page (not a redirect) to at least one session. */
const rendered = new Set<string>();

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ ...E2E_ENV }, { quiet: true });
  cookies = {
    ...(await openSessions(server.url)),
    // The vocational result pages need a finished test.
    completedTest: await completedTestCookie(server.url, `html.${Date.now()}@example.com`),
  };
  leadId = leadIdIn(server.databasePath, "last");
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

/** html-validate's findings for a document, one line each ("rule: message [selector]"). */
async function problems(html: string): Promise<string[]> {
  // The file name only tells the loader where to look for the configuration (the repository root).
  const report = await validator.validateString(html, path.resolve("page.html"));
  return report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message} [${m.selector ?? ""}]`));
}

/** Validates what the server answers; redirects are not pages and are skipped (returns false). */
async function validate(label: string, response: Response, found: string[]): Promise<boolean> {
  if (response.status >= 300 && response.status < 400) return false;
  expect(response.headers.get("content-type"), label).toContain("text/html");
  for (const problem of await problems(await response.text())) found.push(`${label} (${response.status}): ${problem}`);
  return true;
}

const get = (url: string, cookie = "") =>
  fetch(server.url + url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

// One test per page route, with every kind of session: a slow machine fails no route for the time
// the others took, and a failure names its route.
for (const route of routeTable().filter((r) => r.hasComponent)) {
  test(`/${route.path} [${route.id}] is valid HTML for every kind of session`, async () => {
    const found: string[] = [];
    // The route table's example address (a new dynamic route must have one), with the newest lead.
    const url = exampleUrl(route, { id: leadId });
    for (const kind of ["anonymous", "visitor", "visitorWithLead", "completedTest", "operator", "admin"] as const) {
      if (await validate(`${kind} ${url}`, await get(url, cookies[kind]), found)) rendered.add(route.path);
    }
    expect(found).toEqual([]);
  });
}

test("every page route was validated as a page for at least one session", () => {
  const pages = routeTable()
    .filter((r) => r.hasComponent)
    .map((r) => r.path);
  expect(pages.filter((p) => !rendered.has(p))).toEqual([]);
});

test("the 404 page, the form modal's pages, a course finder step and a course at a shared path are valid HTML", async () => {
  const found: string[] = [];
  const urls = [
    "/pagina-que-nao-existe",
    "/inscricao?embed=1",
    "/inscricao?embed=1&tipo=bolsa",
    "/inscricao?enviado=1&tipo=inscricao&embed=1",
    "/inscricao?enviado=1&tipo=inscricao",
    "/curso-id?area=Sa%C3%BAde",
    "/educacaofisica",
  ];
  for (const url of urls) expect(await validate(url, await get(url), found), url).toBe(true);
  expect(found).toEqual([]);

  const notFound = await (await get("/pagina-que-nao-existe")).text();
  expect(notFound.match(/<title>/g)).toHaveLength(1);
  expect(notFound).toContain("<title>Página não encontrada</title>");
});

test("the studio's questions (delete a course, restore a version; decision 097) are valid HTML", async () => {
  const found: string[] = [];
  for (const url of ["/admin/conteudo/cursos/1?excluir", "/admin/conteudo/historico?restaurar=1"]) {
    expect(await validate(url, await get(url, cookies.admin), found), url).toBe(true);
  }
  expect(found).toEqual([]);
});

test("forms answered with bad input (messages next to the fields) are valid HTML", async () => {
  const found: string[] = [];
  const posts: [string, Record<string, string>][] = [
    ["/inscricao", { ...enrolment("nao-e-email"), telefone: "123", nome: "" }],
    ["/inscricao?embed=1", { ...enrolment("nao-e-email"), telefone: "123" }],
    ["/teste-vocacional", { fullName: "", phone: "1", email: "x" }],
    ["/login-admin", { email: E2E_ENV.ADMIN_EMAIL, password: "senha-errada" }],
    ["/whatsapp", { intent: "entrar", password: "senha-errada" }],
    [
      `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`,
      { intent: "adicionar", label: "Equipe de teste", masterPassword: "errada", newPassword: "x" },
    ],
  ];
  for (const [url, fields] of posts)
    expect(await validate(`POST ${url}`, await postForm(server.url, url, fields), found), url).toBe(true);
  expect(found).toEqual([]);
});

test("the roles' pages are valid HTML: marketing's totals, 403 pages, and Usuários with its refusals", async () => {
  const found: string[] = [];
  const staff = await roleSessions(server.url);
  const pages: [string, keyof typeof staff][] = [
    ["/contato", "marketing"],
    ["/contato", "comercial"],
    ["/admin/webhooks", "marketing"],
    ["/admin/conteudo", "comercial"],
    [`/contato/lead/${leadId}`, "marketing"],
    ["/admin/usuarios", "admin"],
  ];
  for (const [url, role] of pages) expect(await validate(`${role} ${url}`, await get(url, staff[role]), found), url).toBe(true);
  const adminId = withDb(server.databasePath, (db) =>
    String((db.prepare("SELECT id FROM admin_users WHERE email = ?").get(E2E_ENV.ADMIN_EMAIL) as { id: number }).id),
  );
  const posts: Record<string, string>[] = [
    { intent: "adicionar", email: "nao-e-email", role: "dono", password: "curta" },
    { intent: "alterar-perfil", user: adminId, role: "comercial" },
    { intent: "remover", user: adminId },
    { intent: "nada" },
  ];
  // The removal's confirmation in the row.
  expect(await validate("/admin/usuarios?remover", await get(`/admin/usuarios?remover=${adminId}`, staff.admin), found)).toBe(
    true,
  );
  for (const fields of posts) {
    const response = await postForm(server.url, "/admin/usuarios", fields, staff.admin);
    expect(response.status, fields.intent).toBeGreaterThanOrEqual(400);
    expect(await validate(`POST /admin/usuarios ${fields.intent}`, response, found)).toBe(true);
  }
  expect(found).toEqual([]);
});

test("the lead page with a refused status and the bulk status confirmation are valid HTML", async () => {
  const found: string[] = [];
  const lead = `/contato/lead/${leadId}`;
  const refused = await fetch(server.url + lead, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookies.admin, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "status", status: "perdido" }),
  });
  expect(refused.status).toBe(400);
  expect(await validate(`POST ${lead}`, refused, found)).toBe(true);
  const confirm = "/contato/alterar-status?novo_status=perdido&motivo=outro";
  expect(await validate(confirm, await get(confirm, cookies.admin), found)).toBe(true);
  expect(found).toEqual([]);
});

test("the contact page with a refused channel and the bulk owner confirmation are valid HTML", async () => {
  const found: string[] = [];
  const contact = `/contato/lead/${leadId}/contatar`;
  const refused = await fetch(server.url + contact, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookies.admin, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ canal: "sms" }),
  });
  expect(refused.status).toBe(400);
  expect(await validate(`POST ${contact}`, refused, found)).toBe(true);
  for (const url of [
    "/contato/atribuir-responsavel?novo_responsavel=",
    "/contato/atribuir-responsavel?novo_responsavel=999999",
  ]) {
    expect(await validate(url, await get(url, cookies.admin), found)).toBe(true);
  }
  expect(found).toEqual([]);
});

test("the WhatsApp hand-off: its confirmation, a refused post, the list opened on /whatsapp and an unknown list are valid HTML", async () => {
  const found: string[] = [];
  const confirm = "/contato/enviar-whatsapp";
  expect(await validate(confirm, await get(confirm, cookies.admin), found)).toBe(true);
  const post = (intent: string) =>
    fetch(server.url + confirm, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookies.admin, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent }),
    });
  const refused = await post("nada");
  expect(refused.status).toBe(400);
  expect(await validate(`POST ${confirm}`, refused, found)).toBe(true);
  const created = await post("criar");
  expect(created.status).toBe(303);
  const list = created.headers.get("location")!;
  expect(list).toMatch(/^\/whatsapp\?lista=/);
  for (const url of [list, "/whatsapp?lista=nao-existe"]) {
    const answer = await get(url, cookies.operator);
    const html = await answer.clone().text();
    expect(html, url).toContain(url === list ? "Lista do painel de leads:" : "Lista não encontrada.");
    expect(await validate(url, answer, found)).toBe(true);
  }
  expect(found).toEqual([]);
});

test("a page showing a toast is valid HTML", async () => {
  const manage = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;
  const added = await postForm(server.url, manage, {
    intent: "adicionar",
    label: "Equipe de teste",
    masterPassword: E2E_ENV.WHATSAPP_MASTER_PASSWORD,
    newPassword: `toast-${Date.now()}`,
  });
  expect(added.status).toBe(303);
  const html = await (await get(manage, mergeCookies("", added))).text();
  expect(html).toContain("Senha adicionada");
  expect(await problems(html)).toEqual([]);
});

test("the 500 page is valid HTML with one title", async () => {
  // A real failure: the admin login's loader reads a table that is gone (as in errors.spec.ts).
  withDb(server.databasePath, (db) => db.exec("ALTER TABLE admin_users RENAME TO admin_users_fora"));
  try {
    const response = await get("/login-admin");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(await problems(html)).toEqual([]);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Algo deu errado</title>");
  } finally {
    withDb(server.databasePath, (db) => db.exec("ALTER TABLE admin_users_fora RENAME TO admin_users"));
  }
});

test("the replies inbox (with a confirmation) and the opt-out screen (with an undo refused and one logged) are valid HTML", async () => {
  const found: string[] = [];
  const { replyId, optOutId } = withDb(server.databasePath, (db) => {
    const lead = db.prepare("SELECT id, telefone FROM leads WHERE id = ?").get(leadId) as { id: number; telefone: string };
    const at = new Date().toISOString();
    const insert = db.prepare(
      "INSERT INTO whatsapp_replies (message_id, number, key, push_name, text, received_at, category, lead_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    insert.run(
      `HTML${Date.now()}A`,
      "5531999998888",
      "553199998888",
      "Ana <b>",
      "Vou denunciar <script>x</script>\nlinha 2",
      at,
      "denuncia",
      null,
    );
    const noInterest = insert.run(
      `HTML${Date.now()}B`,
      "5531999998888",
      "553199998888",
      "",
      "Não tenho interesse",
      at,
      "sem-interesse",
      lead.id,
    );
    const optOut = db
      .prepare("INSERT INTO whatsapp_optouts (number, key, at, operator, source, said) VALUES (?, ?, ?, 'Maria', 'helper', ?)")
      .run(`55319${String(Date.now()).slice(-8)}`, `5531${String(Date.now()).slice(-8)}`, at, "SAIR <i>já</i>");
    return { replyId: Number(noInterest.lastInsertRowid), optOutId: Number(optOut.lastInsertRowid) };
  });
  for (const url of [
    "/whatsapp/respostas",
    `/whatsapp/respostas?confirmar-perdido=${replyId}`,
    "/whatsapp/descadastros?busca=5531",
  ]) {
    expect(await validate(url, await get(url, cookies.operator), found), url).toBe(true);
  }
  const undoOptOut = (motivo: string) =>
    postForm(server.url, "/whatsapp/descadastros", { intent: "desfazer", id: String(optOutId), motivo }, cookies.operator);
  const refused = await undoOptOut("");
  expect(refused.status).toBe(400);
  expect(await validate("POST /whatsapp/descadastros (sem motivo)", refused, found)).toBe(true);
  const undone = await undoOptOut("Engano <b>");
  expect(undone.status).toBe(303);
  expect(
    await validate("/whatsapp/descadastros (com histórico)", await get("/whatsapp/descadastros", cookies.operator), found),
  ).toBe(true);
  expect(found).toEqual([]);
});
