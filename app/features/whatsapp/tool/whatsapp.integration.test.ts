import { beforeEach, describe, expect, it, vi } from "vitest";

// The master password comes from the configuration, read once at import.
vi.hoisted(() => {
  process.env.WHATSAPP_MASTER_PASSWORD = "mestra-integracao-1";
  process.env.WHATSAPP_ADMIN_SLUG = "painel-secreto";
});

import { eq } from "drizzle-orm";
import { parseKey } from "whatsapp-helper/token";

import { addAccessPassword, checkMasterPassword, GATE_MAX_FAILURES, getOperator } from "~/features/whatsapp/access/access.server";
import { action as manageAction, loader as manageLoader } from "~/features/whatsapp/passwords/page";
import { loader as batLoader } from "~/features/whatsapp/start-scripts/bat";
import { loader as shLoader } from "~/features/whatsapp/start-scripts/sh";
import { action as gateAction, loader as gateLoader } from "~/features/whatsapp/tool/page";
import { listSendLog, recentlySent } from "~/features/whatsapp/tool/send-log.server";
import { action as logAction, loader as logLoader } from "~/features/whatsapp/tool/send-log-route";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";
import { getVisitorSession, operatorStorage } from "~/platform/session.server";

import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../../tests/support/route-calls";
import { signedInStaff } from "../../../../tests/support/staff-login";

const SLUG = "painel-secreto";
const MASTER = "mestra-integracao-1";
const MANAGE = `/whatsapp/${SLUG}`;

async function toastOf(response: Response) {
  const cookie = cookieFrom(response);
  const session = await getVisitorSession(getRequest("/", { cookie }));
  return session.get("toast") as { title: string; description?: string } | undefined;
}

async function operatorCookie(password = "senha-operador-1") {
  const rows = db.select().from(schema.whatsappPasswords).all();
  if (rows.length === 0) await addAccessPassword(password, "Equipe de teste");
  const response = await gateAction(args(formRequest("/whatsapp", { intent: "entrar", password })));
  return cookieFrom(response as Response)
    .split("; ")
    .find((c) => c.startsWith("__operador="))!;
}

beforeEach(() => {
  resetAllRateLimits();
});

describe("password management /whatsapp/<slug>", () => {
  beforeEach(() => {
    db.delete(schema.whatsappPasswords).run();
  });

  it("answers 404 for a wrong slug, on GET and POST", async () => {
    const get = await settle(() => manageLoader(args(getRequest("/whatsapp/errado"), { slug: "errado" })));
    expect(statusOf(get)).toBe(404);
    const post = await settle(() =>
      manageAction(
        args(
          formRequest("/whatsapp/errado", {
            intent: "adicionar",
            label: "Equipe de teste",
            masterPassword: MASTER,
            newPassword: "x",
          }),
          { slug: "errado" },
        ),
      ),
    );
    expect(statusOf(post)).toBe(404);
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(0);
  });

  it("lists no password at first, and never exposes hashes", async () => {
    const cookie = (await signedInStaff("admin", "gestor.lista@example.com", "senha-admin-forte")).cookie;
    const result = payload(await manageLoader(args(getRequest(MANAGE, { cookie }), { slug: SLUG })));
    expect(result.passwords).toEqual([]);
    expect(result.masterConfigured).toBe(true);
    await addAccessPassword("uma-senha", "Equipe de teste");
    const after = payload(await manageLoader(args(getRequest(MANAGE, { cookie }), { slug: SLUG })));
    expect(after.passwords).toHaveLength(1);
    expect(JSON.stringify(after)).not.toContain("scrypt");
  });

  it("shows no list, e-mail, name, key id or date without an admin session or the master password", async () => {
    await addAccessPassword("senha-da-lista", "Senha da equipe do polo Norte");
    const staff = (await signedInStaff("comercial", "comercial.lista@example.com", "senha-forte-123")).cookie;
    await shLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.sh", { cookie: staff })));
    const keyId = db.select().from(schema.whatsappHelperKeys).get()!.id;
    for (const [label, cookie] of [
      ["nobody", ""],
      ["an operator", await operatorCookie("senha-da-lista")],
      ["a comercial user", staff],
    ] as const) {
      const view = payload(await manageLoader(args(getRequest(MANAGE, { cookie }), { slug: SLUG })));
      expect(view, label).toMatchObject({ locked: true, passwords: [], helpers: [], revokedHelpers: [] });
      const text = JSON.stringify(view);
      for (const secret of ["comercial.lista@example.com", "polo Norte", keyId]) expect(text, label).not.toContain(secret);
    }

    // the master password shows them in this browser for 15 minutes
    const wrong = await manageAction(args(formRequest(MANAGE, { intent: "mostrar", masterPassword: "errada" }), { slug: SLUG }));
    expect(statusOf(wrong)).toBe(403);
    const shown = (await manageAction(
      args(formRequest(MANAGE, { intent: "mostrar", masterPassword: MASTER }), { slug: SLUG }),
    )) as Response;
    expect(shown.status).toBe(303);
    const manager = shown.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("__gerente_whatsapp="))!;
    expect(manager).toBeTruthy();
    const view = payload(await manageLoader(args(getRequest(MANAGE, { cookie: manager }), { slug: SLUG })));
    expect(view.locked).toBe(false);
    expect(JSON.stringify(view)).toContain("comercial.lista@example.com");
    expect(JSON.stringify(view)).toContain(keyId);
    const start = Date.now();
    setClockForTests(() => start + 16 * 60_000);
    try {
      const later = payload(await manageLoader(args(getRequest(MANAGE, { cookie: manager }), { slug: SLUG })));
      expect(later).toMatchObject({ locked: true, helpers: [] });
    } finally {
      resetClock();
      db.delete(schema.whatsappHelperKeys).run();
    }
  });

  it("refuses a wrong master password: 403, 'Senha mestra incorreta', nothing stored", async () => {
    const result = await manageAction(
      args(
        formRequest(MANAGE, {
          intent: "adicionar",
          label: "Equipe de teste",
          masterPassword: "errada",
          newPassword: "nova-senha",
        }),
        { slug: SLUG },
      ),
    );
    expect(statusOf(result)).toBe(403);
    const body = payload(result);
    expect(body.alert).toEqual({ title: "Senha mestra incorreta", description: "Você não tem permissão para adicionar senhas" });
    expect(body.result.error.masterPassword).toEqual(["Senha mestra incorreta"]);
    // The typed passwords are not echoed back.
    expect(JSON.stringify(body)).not.toContain("nova-senha");
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(0);
  });

  it("refuses a blank new password: 'Senha inválida' / 'A senha não pode estar em branco'", async () => {
    for (const blank of ["", "   "]) {
      const result = await manageAction(
        args(formRequest(MANAGE, { intent: "adicionar", label: "Equipe de teste", masterPassword: MASTER, newPassword: blank }), {
          slug: SLUG,
        }),
      );
      expect(statusOf(result)).toBe(400);
      const body = payload(result);
      expect(body.alert).toEqual({ title: "Senha inválida", description: "A senha não pode estar em branco" });
      expect(body.result.error.newPassword).toEqual(["A senha não pode estar em branco"]);
    }
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(0);
  });

  it("adds a password as a scrypt hash with 'Senha adicionada', then removes it with 'Senha removida'", async () => {
    const added = (await manageAction(
      args(
        formRequest(MANAGE, { intent: "adicionar", label: "Equipe de teste", masterPassword: MASTER, newPassword: "acesso-123" }),
        { slug: SLUG },
      ),
    )) as Response;
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(MANAGE);
    expect((await toastOf(added))?.title).toBe("Senha adicionada");
    const rows = db.select().from(schema.whatsappPasswords).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].passwordHash).toMatch(/^scrypt\$/);
    expect(rows[0].passwordHash).not.toContain("acesso-123");

    // The same password twice is refused.
    const again = await manageAction(
      args(
        formRequest(MANAGE, { intent: "adicionar", label: "Equipe de teste", masterPassword: MASTER, newPassword: "acesso-123" }),
        { slug: SLUG },
      ),
    );
    expect(statusOf(again)).toBe(409);

    // Removing needs the master password too.
    const wrong = await manageAction(
      args(formRequest(MANAGE, { intent: `remover:${rows[0].id}`, masterPassword: "x" }), { slug: SLUG }),
    );
    expect(statusOf(wrong)).toBe(403);
    expect(payload(wrong).alert.description).toBe("Você não tem permissão para remover senhas");
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(1);

    const removed = (await manageAction(
      args(formRequest(MANAGE, { intent: `remover:${rows[0].id}`, masterPassword: MASTER, newPassword: "" }), { slug: SLUG }),
    )) as Response;
    expect(removed.status).toBe(303);
    expect((await toastOf(removed))?.title).toBe("Senha removida");
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(0);
  });

  it("a signed-in admin manages without the master password", async () => {
    const cookie = (await signedInStaff("admin", "gestor@example.com", "senha-admin-forte")).cookie;
    const loaded = payload(await manageLoader(args(getRequest(MANAGE, { cookie }), { slug: SLUG })));
    expect(loaded.adminEmail).toBe("gestor@example.com");
    const added = (await manageAction(
      args(formRequest(MANAGE, { intent: "adicionar", label: "Equipe de teste", newPassword: "senha-do-admin" }, { cookie }), {
        slug: SLUG,
      }),
    )) as Response;
    expect(added.status).toBe(303);
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(1);
  });

  it("a comercial or marketing user still needs the master password (managing access is the admin role's)", async () => {
    for (const role of ["comercial", "marketing"] as const) {
      const cookie = (await signedInStaff(role, `${role}.senhas@example.com`, "senha-forte-123")).cookie;
      const loaded = payload(await manageLoader(args(getRequest(MANAGE, { cookie }), { slug: SLUG })));
      expect(loaded.adminEmail).toBeNull();
      const refused = await manageAction(
        args(
          formRequest(MANAGE, { intent: "adicionar", label: "Equipe de teste", newPassword: `senha-de-${role}` }, { cookie }),
          {
            slug: SLUG,
          },
        ),
      );
      expect(statusOf(refused)).toBe(403);
      expect(payload(refused).alert.title).toBe("Senha mestra incorreta");
      expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(0);
    }
  });

  it("rate-limits wrong master passwords per IP (429)", async () => {
    const attempt = () =>
      manageAction(
        args(
          formRequest(
            MANAGE,
            { intent: "adicionar", label: "Equipe de teste", masterPassword: "chute", newPassword: "p" },
            { headers: { "X-Client-Ip": "10.0.0.9" } },
          ),
          {
            slug: SLUG,
          },
        ),
      );
    for (let i = 0; i < GATE_MAX_FAILURES; i++) expect(statusOf(await attempt())).toBe(403);
    const limited = await attempt();
    expect(statusOf(limited)).toBe(429);
    expect(payload(limited).alert.title).toBe("Muitas tentativas");
    // Even the right master password waits now.
    const right = await manageAction(
      args(
        formRequest(
          MANAGE,
          { intent: "adicionar", label: "Equipe de teste", masterPassword: MASTER, newPassword: "p" },
          { headers: { "X-Client-Ip": "10.0.0.9" } },
        ),
        {
          slug: SLUG,
        },
      ),
    );
    expect(statusOf(right)).toBe(429);
  });

  it("does not count right master passwords against the IP's limit", async () => {
    for (let i = 0; i <= GATE_MAX_FAILURES + 1; i++) {
      const added = await manageAction(
        args(
          formRequest(
            MANAGE,
            { intent: "adicionar", label: "Equipe de teste", masterPassword: MASTER, newPassword: `senha-${i}` },
            { headers: { "X-Client-Ip": "10.0.0.10" } },
          ),
          { slug: SLUG },
        ),
      );
      expect(statusOf(added)).toBe(303);
    }
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(GATE_MAX_FAILURES + 2);
  });

  it("compares the master password in constant time and never matches when unset", () => {
    expect(checkMasterPassword(MASTER)).toBe(true);
    expect(checkMasterPassword("mestra-integracao-")).toBe(false);
    expect(checkMasterPassword(undefined)).toBe(false);
    expect(checkMasterPassword("", "")).toBe(false);
    expect(checkMasterPassword("qualquer", undefined)).toBe(false);
  });
});

describe("the gate /whatsapp", () => {
  beforeEach(async () => {
    db.delete(schema.whatsappPasswords).run();
    await addAccessPassword("senha-operador-1", "Equipe de teste");
  });

  it("shows the gate to a visitor", async () => {
    const result = payload(await gateLoader(args(getRequest("/whatsapp"))));
    expect(result.view).toBe("gate");
    expect(result).not.toHaveProperty("helper");
  });

  it("refuses a wrong password: 401 'Senha incorreta' / 'Por favor, tente novamente', no cookie", async () => {
    const result = await gateAction(args(formRequest("/whatsapp", { intent: "entrar", password: "errada" })));
    expect(statusOf(result)).toBe(401);
    expect(payload(result).alert).toEqual({ title: "Senha incorreta", description: "Por favor, tente novamente" });
    expect(JSON.stringify(payload(result))).not.toContain("errada");
    const headers = new Headers((result as any).init?.headers);
    expect(headers.get("Set-Cookie") ?? "").not.toContain("__operador=");
  });

  it("lets the right password in: operator cookie, 'Autenticado com sucesso', then the mirroring page (no token in it)", async () => {
    const response = (await gateAction(
      args(formRequest("/whatsapp", { intent: "entrar", password: "senha-operador-1" })),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/whatsapp");
    expect((await toastOf(response))?.title).toBe("Autenticado com sucesso");
    const cookie = cookieFrom(response);
    expect(cookie).toContain("__operador=");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("__operador="))).toMatch(/HttpOnly/);

    const page = payload(await gateLoader(args(getRequest("/whatsapp", { cookie }))));
    expect(page.view).toBe("mirror");
    expect(page.helper.url).toBe(config.helperUrl);
    // the token is made only for a helper that proved itself (decision 070): none in the page
    expect(page.helper).toEqual({ url: config.helperUrl, verifyPath: "/whatsapp/ajudante" });
    expect(JSON.stringify(page)).not.toMatch(/token/i);
    expect(page.downloads.windows).toBe("/whatsapp/iniciar-whatsapp-helper.bat");
    expect(JSON.stringify(page)).not.toContain(config.sessionSecret);
  });

  it("'Desconectar' ends the operator session and returns to the gate", async () => {
    const cookie = await operatorCookie();
    const response = (await gateAction(args(formRequest("/whatsapp", { intent: "desconectar" }, { cookie })))) as Response;
    expect(response.status).toBe(303);
    const after = cookieFrom(response, cookie);
    const page = payload(await gateLoader(args(getRequest("/whatsapp", { cookie: after }))));
    expect(page.view).toBe("gate");
  });

  it("a copy of the cookie taken before 'Desconectar' is refused afterwards; other operators' sessions stay open", async () => {
    const copy = await operatorCookie();
    const other = await operatorCookie();
    await gateAction(args(formRequest("/whatsapp", { intent: "desconectar" }, { cookie: copy })));
    expect(payload(await gateLoader(args(getRequest("/whatsapp", { cookie: copy })))).view).toBe("gate");
    expect(await settle(() => logLoader(args(getRequest("/whatsapp/registro", { cookie: copy }))))).toHaveProperty("status", 401);
    expect(payload(await gateLoader(args(getRequest("/whatsapp", { cookie: other })))).view).toBe("mirror");
  });

  it("an operator session ends after 12 h, even with the cookie kept", async () => {
    const cookie = await operatorCookie();
    expect(await getOperator(getRequest("/whatsapp", { cookie }), new Date(Date.now() + 11 * 3_600_000))).not.toBeNull();
    expect(await getOperator(getRequest("/whatsapp", { cookie }), new Date(Date.now() + 12 * 3_600_000 + 1_000))).toBeNull();
  });

  it("a validly signed cookie that names no open session row is just the gate", async () => {
    const [{ id }] = db.select().from(schema.whatsappPasswords).all();
    const session = await operatorStorage.getSession();
    // The cookie of an earlier version (no session id), and one naming a made-up row.
    session.set("operator", { passwordId: id, since: new Date().toISOString() });
    const old = (await operatorStorage.commitSession(session)).split(";")[0];
    session.set("operator", { sid: "inventado", passwordId: id, since: new Date().toISOString() });
    const madeUp = (await operatorStorage.commitSession(session)).split(";")[0];
    for (const cookie of [old, madeUp]) {
      expect(payload(await gateLoader(args(getRequest("/whatsapp", { cookie })))).view).toBe("gate");
    }
  });

  it("removing the password that opened a session ends that session", async () => {
    const cookie = await operatorCookie();
    db.delete(schema.whatsappPasswords).run();
    const page = payload(await gateLoader(args(getRequest("/whatsapp", { cookie }))));
    expect(page.view).toBe("gate");
  });

  it("a forged operator cookie is just the gate", async () => {
    const session = await operatorStorage.getSession();
    session.set("operator", { passwordId: 1, since: new Date().toISOString() });
    const forged = (await operatorStorage.commitSession(session)).split(";")[0].replace(/.{4}$/, "AAAA");
    const page = payload(await gateLoader(args(getRequest("/whatsapp", { cookie: forged }))));
    expect(page.view).toBe("gate");
  });

  it(`rate-limits: ${GATE_MAX_FAILURES} failures per IP, then 429 even for the right password`, async () => {
    const post = (password: string, ip: string) =>
      gateAction(args(formRequest("/whatsapp", { intent: "entrar", password }, { headers: { "X-Client-Ip": ip } })));
    for (let i = 0; i < GATE_MAX_FAILURES; i++) expect(statusOf(await post("chute", "10.1.1.1"))).toBe(401);
    const limited = await post("senha-operador-1", "10.1.1.1");
    expect(statusOf(limited)).toBe(429);
    expect(payload(limited).alert.title).toBe("Muitas tentativas");
    expect(payload(limited).alert.description).toMatch(/Aguarde \d+ minutos? e tente novamente/);
    expect(new Headers((limited as any).init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    // Another IP is not affected.
    expect(statusOf(await post("senha-operador-1", "10.1.1.2"))).toBe(303);
  });
});

describe("send log /whatsapp/registro", () => {
  beforeEach(async () => {
    db.delete(schema.whatsappSendLog).run();
    db.delete(schema.whatsappPasswords).run();
  });

  const entry = {
    jobId: "job-1",
    operator: "Ana Operadora",
    name: "Maria",
    number: "31999998888",
    message: "Olá Maria",
    status: "sent",
    sentAt: "2026-03-10T15:00:00.000Z",
  };

  function postJson(body: unknown, cookie?: string, headers: Record<string, string> = {}) {
    return new Request("http://localhost/whatsapp/registro", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    });
  }

  it("refuses anonymous requests (401) and stores nothing", async () => {
    const result = await settle(() => logAction(args(postJson(entry))));
    expect(statusOf(result)).toBe(401);
    const list = await settle(() => logLoader(args(getRequest("/whatsapp/registro"))));
    expect(statusOf(list)).toBe(401);
    expect(db.select().from(schema.whatsappSendLog).all()).toHaveLength(0);
  });

  it("records a result once per (job, number), however often it arrives", async () => {
    const cookie = await operatorCookie();
    const first = payload(await logAction(args(postJson(entry, cookie))));
    expect(first).toMatchObject({ ok: true, inserted: 1 });
    const second = payload(await logAction(args(postJson(entry, cookie))));
    expect(second).toMatchObject({ ok: true, inserted: 0 });
    // A batch (a replay after a reload) with the same row plus a new one.
    const batch = payload(
      await logAction(
        args(
          postJson(
            [entry, { ...entry, number: "(31) 98888-7777", name: "", status: "error", detail: "Número não está no WhatsApp" }],
            cookie,
          ),
        ),
      ),
    );
    expect(batch).toMatchObject({ ok: true, inserted: 1, received: 2 });
    // Form posts work too.
    const form = payload(await logAction(args(formRequest("/whatsapp/registro", { ...entry, jobId: "job-2" }, { cookie }))));
    expect(form).toMatchObject({ ok: true, inserted: 1 });

    const rows = db.select().from(schema.whatsappSendLog).where(eq(schema.whatsappSendLog.jobId, "job-1")).all();
    expect(rows).toHaveLength(2);
    const error = rows.find((r) => r.number === "31988887777")!;
    expect(error).toMatchObject({
      status: "Erro",
      name: "Desconhecido",
      detail: "Número não está no WhatsApp",
      operator: "Ana Operadora",
    });
    expect(rows.find((r) => r.number === "31999998888")).toMatchObject({ status: "Enviado", sentAt: "2026-03-10T15:00:00.000Z" });
  });

  it("a contact the helper skipped ('já enviado em dd/mm') is 'Ignorado', as in 'Status dos Envios', and not a send", async () => {
    const cookie = await operatorCookie();
    const skipped = { ...entry, jobId: "job-9", status: "skipped", detail: "já enviado em 08/03" };
    expect(payload(await logAction(args(postJson(skipped, cookie))))).toMatchObject({ ok: true, inserted: 1 });
    const row = db.select().from(schema.whatsappSendLog).where(eq(schema.whatsappSendLog.jobId, "job-9")).get();
    expect(row).toMatchObject({ status: "Ignorado", detail: "já enviado em 08/03" });
    // The "already sent" question reads 'Enviado' rows only: a skip is not a send.
    expect(recentlySent([{ number: entry.number, text: entry.message }], new Date("2026-03-11T12:00:00.000Z"))).toEqual({});
    // 'Registro de Envios' lists it with that word.
    expect(listSendLog().rows[0]).toMatchObject({ status: "Ignorado" });
  });

  it("validates with zod: bad entries get 400 and a batch with one bad entry stores nothing", async () => {
    const cookie = await operatorCookie();
    for (const bad of [
      { ...entry, number: "123" },
      { ...entry, status: "talvez" },
      { ...entry, jobId: "" },
      { ...entry, sentAt: "ontem" },
    ]) {
      expect(statusOf(await logAction(args(postJson(bad, cookie))))).toBe(400);
    }
    expect(
      statusOf(
        await logAction(
          args(
            postJson(
              [
                { ...entry, number: "31911112222" },
                { ...entry, number: "1" },
              ],
              cookie,
            ),
          ),
        ),
      ),
    ).toBe(400);
    const garbage = new Request("http://localhost/whatsapp/registro", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json", Cookie: cookie },
    });
    expect(statusOf(await logAction(args(garbage)))).toBe(400);
    expect(db.select().from(schema.whatsappSendLog).all()).toHaveLength(0);
  });

  it("refuses a foreign Origin", async () => {
    const cookie = await operatorCookie();
    const result = await logAction(args(postJson(entry, cookie, { Origin: "https://evil.example" })));
    expect(statusOf(result)).toBe(403);
    expect(db.select().from(schema.whatsappSendLog).all()).toHaveLength(0);
  });

  it("the page loads the log newest first, paged", async () => {
    const cookie = await operatorCookie();
    const entries = Array.from({ length: 25 }, (_, i) => ({
      ...entry,
      number: `3199999${String(i).padStart(4, "0")}`,
      sentAt: new Date(Date.UTC(2026, 2, 10, 12, i)).toISOString(),
    }));
    await logAction(args(postJson(entries, cookie)));
    const first = payload(await gateLoader(args(getRequest("/whatsapp", { cookie }))));
    expect(first.log).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.log.rows).toHaveLength(20);
    expect(first.log.rows[0].number).toBe("31999990024");
    const second = payload(await gateLoader(args(getRequest("/whatsapp?pagina=2", { cookie }))));
    expect(second.log.rows.map((r: any) => r.number)).toEqual([
      "31999990004",
      "31999990003",
      "31999990002",
      "31999990001",
      "31999990000",
    ]);
  });
});

describe("start scripts", () => {
  beforeEach(() => {
    db.delete(schema.whatsappPasswords).run();
  });

  it("refuse anonymous requests", async () => {
    for (const [loader, path] of [
      [shLoader, "/whatsapp/iniciar-whatsapp-helper.sh"],
      [batLoader, "/whatsapp/iniciar-whatsapp-helper.bat"],
    ] as const) {
      const result = await settle(() => loader(args(getRequest(path))));
      expect(result).toBeInstanceOf(Response);
      expect([302, 401]).toContain(result.status);
      expect(await result.text()).not.toContain("HELPER_KEY");
      expect(db.select().from(schema.whatsappHelperKeys).all()).toHaveLength(0);
    }
  });

  it("are served to an operator, private and uncached, with the site origin and a key of their own", async () => {
    const cookie = await operatorCookie();
    const sh = (await shLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.sh", { cookie })))) as Response;
    expect(sh.status).toBe(200);
    expect(sh.headers.get("Cache-Control")).toBe("private, no-store");
    expect(sh.headers.get("Content-Disposition")).toBe('attachment; filename="iniciar-whatsapp-helper.sh"');
    const shText = await sh.text();
    expect(shText).toMatch(/^#!\/bin\/sh\n/);
    expect(shText).toContain(`HELPER_ALLOWED_ORIGINS='${new URL(config.siteUrl).origin}'`);
    const shKey = /^HELPER_KEY='([^']+)'$/m.exec(shText)?.[1];
    expect(parseKey(shKey)).not.toBeNull();
    expect(shText).not.toContain("HELPER_SECRET");
    // everything the helper writes is private to the operator's account
    expect(shText).toMatch(/^umask 077$/m);
    expect(shText).toContain("https://nodejs.org");
    expect(shText).toContain(`${config.siteUrl}/downloads/whatsapp-helper.tgz`);
    expect(shText).toContain(`HELPER_ENTRY="$APP_DIR/bin/whatsapp-helper.js"`);
    expect(shText).toContain("Próximos passos");

    const bat = (await batLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.bat", { cookie })))) as Response;
    expect(bat.status).toBe(200);
    expect(bat.headers.get("Cache-Control")).toBe("private, no-store");
    const batText = await bat.text();
    expect(batText).toContain("\r\n");
    expect(batText).not.toMatch(/[^\r]\n/);
    const batKey = /^set "HELPER_KEY=([^"]+)"\r$/m.exec(batText)?.[1];
    expect(parseKey(batKey)).not.toBeNull();
    expect(batKey).not.toBe(shKey);
    expect(batText).not.toContain("HELPER_SECRET");
    expect(batText).toContain(`set "HELPER_ALLOWED_ORIGINS=${new URL(config.siteUrl).origin}"`);
    expect(batText).toContain("where node");
    expect(batText).toContain("https://nodejs.org");
  });
});
