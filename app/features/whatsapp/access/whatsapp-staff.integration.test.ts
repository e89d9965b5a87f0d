import { beforeEach, describe, expect, it, vi } from "vitest";

// The master password and the management page's slug come from the configuration, read once at import.
vi.hoisted(() => {
  process.env.WHATSAPP_MASTER_PASSWORD = "mestra-equipe-1";
  process.env.WHATSAPP_ADMIN_SLUG = "senhas-da-equipe";
});

import { loader as adminLayoutLoader } from "~/features/staff/layout";
import { addAccessPassword } from "~/features/whatsapp/access/access.server";
import { action as manageAction, loader as manageLoader } from "~/features/whatsapp/passwords/page";
import { loader as shLoader } from "~/features/whatsapp/start-scripts/sh";
import { action as gateAction, loader as gateLoader } from "~/features/whatsapp/tool/page";
import { listSendLog } from "~/features/whatsapp/tool/send-log.server";
import { action as logAction, loader as logLoader } from "~/features/whatsapp/tool/send-log-route";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../../tests/support/route-calls";
import { signedInStaff } from "../../../../tests/support/staff-login";

/**
 * People, not shared passwords, for staff (decision 069): a signed-in admin or
 * comercial user opens the WhatsApp tool as themselves, marketing does not; each send-log row names
 * the staff user or the access password behind it; an access password needs a name, shown in the
 * list; the admin's header links to the passwords' page.
 */

const SLUG = "senhas-da-equipe";
const MANAGE = `/whatsapp/${SLUG}`;

function postJson(body: unknown, cookie: string) {
  return new Request("http://localhost/whatsapp/registro", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Cookie: cookie },
  });
}

const entry = (jobId: string) => ({
  jobId,
  operator: "Nome digitado",
  name: "Maria",
  number: "31999998888",
  message: "Olá Maria",
  status: "sent",
  sentAt: "2026-03-10T15:00:00.000Z",
});

beforeEach(() => {
  resetAllRateLimits();
  db.delete(schema.whatsappSendLog).run();
  db.delete(schema.whatsappPasswords).run();
});

describe("staff sessions open the WhatsApp tool by role", () => {
  it("admin and comercial get the mirroring page as themselves, without any access password", async () => {
    for (const role of ["admin", "comercial"] as const) {
      const { user, cookie } = await signedInStaff(role);
      const page = payload(await gateLoader(args(getRequest("/whatsapp?lista=AAAAAAAAAAAAAAAAAAAAAA", { cookie }))));
      expect(page.view, role).toBe("mirror");
      expect(page.viewer, role).toMatchObject({ name: user.email, staff: true });
      expect(page.handoff, role).toMatchObject({ ok: false });
      // The log and the start scripts open too.
      expect(statusOf(await settle(() => logLoader(args(getRequest("/whatsapp/registro", { cookie })))))).toBe(200);
      expect(statusOf(await settle(() => shLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.sh", { cookie })))))).toBe(
        200,
      );
    }
  });

  it("marketing gets the gate (with why), and the log and scripts refuse it", async () => {
    const { cookie } = await signedInStaff("marketing");
    const page = payload(await gateLoader(args(getRequest("/whatsapp", { cookie }))));
    expect(page.view).toBe("gate");
    expect(page).not.toHaveProperty("helper");
    expect(page.staffNotice).toContain("Seu perfil (Marketing) não tem acesso");
    expect(statusOf(await settle(() => logLoader(args(getRequest("/whatsapp/registro", { cookie })))))).toBe(401);
    expect(statusOf(await settle(() => logAction(args(postJson(entry("job-mkt"), cookie)))))).toBe(401);
    const script = await settle(() => shLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.sh", { cookie }))));
    expect(statusOf(script)).toBe(302);
    expect(db.select().from(schema.whatsappSendLog).all()).toHaveLength(0);
  });
});

describe("the send log names who is behind each send", () => {
  it("a comercial user's send carries the user (id and e-mail), shown in 'Registro de Envios'", async () => {
    const { user, cookie } = await signedInStaff("comercial");
    // A sent_by in the body is not believed: the server writes it from the session.
    const answer = await logAction(args(postJson({ ...entry("job-staff"), sentBy: "senha:1:outra" }, cookie)));
    expect(payload(answer)).toMatchObject({ ok: true, inserted: 1 });
    const [row] = db.select().from(schema.whatsappSendLog).all();
    expect(row.sentBy).toBe(`usuario:${user.id}:${user.email}`);
    expect(listSendLog(1).rows[0].sentBy).toBe(user.email);
  });

  it("an operator's send carries the access password's id and name", async () => {
    const id = await addAccessPassword("senha-polo-centro-1", "Senha da equipe do polo Centro");
    const gate = (await gateAction(
      args(formRequest("/whatsapp", { intent: "entrar", password: "senha-polo-centro-1" })),
    )) as Response;
    const cookie = cookieFrom(gate)
      .split("; ")
      .find((c) => c.startsWith("__operador="))!;
    const page = payload(await gateLoader(args(getRequest("/whatsapp", { cookie }))));
    expect(page.viewer).toMatchObject({ name: "Operador (Senha da equipe do polo Centro)", staff: false });
    expect(payload(await logAction(args(postJson(entry("job-senha"), cookie))))).toMatchObject({ ok: true, inserted: 1 });
    const [row] = db.select().from(schema.whatsappSendLog).all();
    expect(row.sentBy).toBe(`senha:${id}:Senha da equipe do polo Centro`);
    expect(listSendLog(1).rows[0].sentBy).toBe(`Senha #${id} (Senha da equipe do polo Centro)`);
  });
});

describe("access passwords are named", () => {
  it("adding one without a name is refused (400 'Senha sem nome'), nothing stored", async () => {
    for (const label of [undefined, "", "   "]) {
      const fields: Record<string, string> = {
        intent: "adicionar",
        masterPassword: "mestra-equipe-1",
        newPassword: "sem-nome-1",
      };
      if (label !== undefined) fields.label = label;
      const answer = await manageAction(args(formRequest(MANAGE, fields), { slug: SLUG }));
      expect(statusOf(answer), JSON.stringify(label)).toBe(400);
      expect(payload(answer).alert.title).toBe("Senha sem nome");
      expect(payload(answer).result.error.label[0]).toMatch(/^Dê um nome à senha/);
    }
    expect(db.select().from(schema.whatsappPasswords).all()).toHaveLength(0);
  });

  it("a named one is stored with its name and listed with it (never the hash)", async () => {
    const answer = (await manageAction(
      args(
        formRequest(MANAGE, {
          intent: "adicionar",
          masterPassword: "mestra-equipe-1",
          newPassword: "com-nome-1",
          label: "  Senha da equipe do polo Betim ",
        }),
        { slug: SLUG },
      ),
    )) as Response;
    expect(answer.status).toBe(303);
    // the list shows only to an admin or after the master password ('Mostrar as listas')
    expect(payload(await manageLoader(args(getRequest(MANAGE), { slug: SLUG }))).passwords).toHaveLength(0);
    const shown = (await manageAction(
      args(formRequest(MANAGE, { intent: "mostrar", masterPassword: "mestra-equipe-1" }), { slug: SLUG }),
    )) as Response;
    const manager = cookieFrom(shown);
    const listed = payload(await manageLoader(args(getRequest(MANAGE, { cookie: manager }), { slug: SLUG })));
    expect(listed.passwords).toHaveLength(1);
    expect(listed.passwords[0]).toMatchObject({ label: "Senha da equipe do polo Betim" });
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|com-nome-1/);
  });
});

describe("the staff header", () => {
  it("links an admin to the passwords' page and to the tool; comercial to the tool only; marketing to neither", async () => {
    const links = async (role: "admin" | "comercial" | "marketing") => {
      const { cookie } = await signedInStaff(role);
      const data = (await adminLayoutLoader(args(getRequest("/contato", { cookie })))) as { links: { to: string }[] };
      return data.links.map((link) => link.to);
    };
    expect(await links("admin")).toEqual(expect.arrayContaining(["/whatsapp", MANAGE]));
    expect(await links("comercial")).toContain("/whatsapp");
    expect(await links("comercial")).not.toContain(MANAGE);
    expect(await links("marketing")).not.toContain("/whatsapp");
    expect(await links("marketing")).not.toContain(MANAGE);
  });
});
