import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as leadModule from "~/features/leads/lead";
import * as contatoModule from "~/features/leads/panel";
import { saveLead } from "~/features/leads/save.server";
import { forbiddenMessage, getAdmin } from "~/features/staff/auth.server";
import * as loginModule from "~/features/staff/login-page";
import { verifyPassword } from "~/features/staff/password.server";
import { type Role, ROLES } from "~/features/staff/roles";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  PASSWORD_MESSAGE,
  ROLE_MESSAGE,
  SELF_DEMOTE_MESSAGE,
  SELF_REMOVE_MESSAGE,
  USER_GONE_MESSAGE,
} from "~/features/staff/users";
import { changeUserRoleByEmail, createAdmin, removeUser } from "~/features/staff/users.server";
import * as usersModule from "~/features/staff/users-page";
import { db, schema } from "~/platform/db/client.server";

import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * Roles (decision 056): the Usuários page's actions (add, change a role, remove) with their
 * rules (the last admin, oneself), messages and refusals that store nothing; a role change at the
 * next request; a removed user's sessions ending; and an unknown stored role getting the least access.
 */

const PASSWORD = "senha-forte-de-teste-1";
const users = () =>
  db
    .select({ id: schema.adminUsers.id, email: schema.adminUsers.email, role: schema.adminUsers.role })
    .from(schema.adminUsers)
    .orderBy(schema.adminUsers.id)
    .all();

const sessionOf = (email: string, role: Role = "admin") => signedInStaff(role, email, PASSWORD);

/** The Usuários page's "Adicionar" post by chefe (the initial password is PASSWORD). */
const addUser = (email: string, role: string) => post(chefe.cookie, { intent: "adicionar", email, role, password: PASSWORD });

function post(cookie: string, fields: Record<string, string>) {
  return settle(() => usersModule.action(args(formRequest("/admin/usuarios", fields, { cookie }))));
}

const refusalOf = (answer: unknown) => payload<{ intent: string; user: number | null; error: string }>(answer);
/** A conform reply's field messages. */
const fieldErrorsOf = (answer: unknown) => payload<{ result: { error?: Record<string, string[]> } }>(answer).result.error ?? {};

let chefe: { user: { id: number }; cookie: string };
let leadId = 0;

beforeAll(async () => {
  chefe = await sessionOf("chefe.papeis@example.com");
  leadId = saveLead({
    origem: "contato",
    nome: "Pessoa Sigilosa Papéis",
    telefone: "(31)98765-4321",
    email: "sigilosa.papeis@example.org",
    cidade: "Sabará",
  });
});

describe("Usuários: adding a user", () => {
  it("refuses a bad e-mail, an unknown role and a short password with pt-BR messages next to each field; stores nothing", async () => {
    const before = users();
    const answer = await post(chefe.cookie, { intent: "adicionar", email: "não é e-mail", role: "chefe", password: "curta" });
    expect(statusOf(answer)).toBe(400);
    const errors = fieldErrorsOf(answer);
    expect(errors.email).toEqual([EMAIL_INVALID_MESSAGE]);
    expect(errors.role).toEqual([ROLE_MESSAGE]);
    expect(errors.password).toEqual([PASSWORD_MESSAGE]);
    expect(PASSWORD_MESSAGE).toBe("A senha inicial precisa ter pelo menos 8 caracteres.");
    // The typed password never comes back in the answer.
    expect(JSON.stringify(payload(answer))).not.toContain("curta");
    // One field wrong, the others right: still nothing stored (no partial user).
    const onlyRole = await addUser("quase@example.com", "dono");
    expect(statusOf(onlyRole)).toBe(400);
    expect(fieldErrorsOf(onlyRole)).toEqual({ role: [ROLE_MESSAGE] });
    expect(users()).toEqual(before);
  });

  it("adds a user with the chosen role and only a hash of the initial password; a taken e-mail is refused next to the field", async () => {
    const answer = await addUser(" Vendas.Papeis@Example.com ", "comercial");
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/admin/usuarios");
    const row = db.select().from(schema.adminUsers).where(eq(schema.adminUsers.email, "vendas.papeis@example.com")).get()!;
    expect(row.role).toBe("comercial");
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);

    const before = users();
    const taken = await addUser("vendas.papeis@example.com", "admin");
    expect(statusOf(taken)).toBe(409);
    expect(fieldErrorsOf(taken)).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });
    expect(users()).toEqual(before);
  });

  it("the page lists e-mail, role, created and last login", async () => {
    const page = payload<{ users: { email: string; role: string; createdAt: string; lastLoginAt: string | null }[] }>(
      await usersModule.loader(args(getRequest("/admin/usuarios", { cookie: chefe.cookie }))),
    );
    const vendas = page.users.find((user) => user.email === "vendas.papeis@example.com")!;
    expect(vendas.role).toBe("comercial");
    expect(vendas.createdAt).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    expect(vendas.lastLoginAt).toBeNull();
  });
});

describe("Usuários: changing a role and removing a user", () => {
  it("the last admin keeps the admin role; with another admin, an admin still cannot demote themself", async () => {
    // Until now chefe is the only admin.
    const last = await post(chefe.cookie, { intent: "alterar-perfil", user: String(chefe.user.id), role: "comercial" });
    expect(statusOf(last)).toBe(409);
    expect(refusalOf(last)).toEqual({ intent: "alterar-perfil", user: chefe.user.id, error: LAST_ADMIN_MESSAGE });
    expect(LAST_ADMIN_MESSAGE).toBe("É preciso manter pelo menos um administrador.");

    const other = await sessionOf("outra.chefe@example.com");
    const self = await post(chefe.cookie, { intent: "alterar-perfil", user: String(chefe.user.id), role: "marketing" });
    expect(statusOf(self)).toBe(409);
    expect(refusalOf(self).error).toBe(SELF_DEMOTE_MESSAGE);
    const selfRemove = await post(chefe.cookie, { intent: "remover", user: String(chefe.user.id) });
    expect(statusOf(selfRemove)).toBe(409);
    expect(refusalOf(selfRemove)).toEqual({ intent: "remover", user: chefe.user.id, error: SELF_REMOVE_MESSAGE });
    expect(users().find((user) => user.id === chefe.user.id)?.role).toBe("admin");

    // Another admin may be demoted; then chefe is the last admin again, and no one (not even the CLI) removes them.
    const demoted = await post(chefe.cookie, { intent: "alterar-perfil", user: String(other.user.id), role: "marketing" });
    expect(statusOf(demoted)).toBe(303);
    expect(users().find((user) => user.id === other.user.id)?.role).toBe("marketing");
    expect(removeUser(chefe.user.id, null)).toEqual({ ok: false, error: LAST_ADMIN_MESSAGE });
    expect(changeUserRoleByEmail("chefe.papeis@example.com", "comercial")).toEqual({ ok: false, error: LAST_ADMIN_MESSAGE });
  });

  it("refuses an unknown user, an unknown role and an unknown intent, changing nothing", async () => {
    const before = users();
    const gone = await post(chefe.cookie, { intent: "alterar-perfil", user: "999999", role: "comercial" });
    expect(statusOf(gone)).toBe(404);
    expect(refusalOf(gone).error).toBe(USER_GONE_MESSAGE);
    const vendas = users().find((user) => user.email === "vendas.papeis@example.com")!;
    const badRole = await post(chefe.cookie, { intent: "alterar-perfil", user: String(vendas.id), role: "root" });
    expect(statusOf(badRole)).toBe(400);
    expect(refusalOf(badRole)).toEqual({ intent: "alterar-perfil", user: vendas.id, error: ROLE_MESSAGE });
    expect(statusOf(await post(chefe.cookie, { intent: "remover", user: "abc" }))).toBe(404);
    expect(statusOf(await post(chefe.cookie, { intent: "apagar-tudo" }))).toBe(400);
    expect(users()).toEqual(before);
  });

  it("a role change applies at the user's next request", async () => {
    const { user, cookie } = await sessionOf("muda.papel@example.com", "comercial");
    const panel = () => settle(() => contatoModule.loader(args(getRequest("/contato", { cookie }))));
    const leadPage = () =>
      settle(() => leadModule.loader(args(getRequest(`/contato/lead/${leadId}`, { cookie }), { id: String(leadId) })));
    expect(payload(await panel()).totalsOnly).toBe(false);
    expect(statusOf(await leadPage())).toBe(200);

    expect(statusOf(await post(chefe.cookie, { intent: "alterar-perfil", user: String(user.id), role: "marketing" }))).toBe(303);
    // The same cookie, nothing else: the next request reads the new role.
    expect((await getAdmin(getRequest("/", { cookie })))?.role).toBe("marketing");
    const totals = payload(await panel());
    expect(totals.totalsOnly).toBe(true);
    expect(JSON.stringify(totals)).not.toContain("Pessoa Sigilosa");
    const refused = await leadPage();
    expect(statusOf(refused)).toBe(403);
    expect(refused.data).toBe(forbiddenMessage("marketing"));
    expect(refused.data).toBe(`Seu perfil (${ROLES.marketing}) não tem acesso a esta página.`);
  });

  it("removing a user ends their sessions at once; their leads keep no owner", async () => {
    const { user, cookie } = await sessionOf("sai.da.equipe@example.com", "comercial");
    db.update(schema.leads).set({ owner_id: user.id }).where(eq(schema.leads.id, leadId)).run();
    expect(await getAdmin(getRequest("/", { cookie }))).not.toBeNull();

    const removed = await post(chefe.cookie, { intent: "remover", user: String(user.id) });
    expect(statusOf(removed)).toBe(303);
    expect(users().some((row) => row.id === user.id)).toBe(false);
    expect(db.select().from(schema.adminSessions).where(eq(schema.adminSessions.adminId, user.id)).all()).toEqual([]);
    expect(await getAdmin(getRequest("/", { cookie }))).toBeNull();
    const panel = await settle(() => contatoModule.loader(args(getRequest("/contato", { cookie }))));
    expect(statusOf(panel)).toBe(302);
    expect(panel.headers.get("Location")).toMatch(/^\/login-admin\?redirectTo=/);
    expect(db.select({ owner: schema.leads.owner_id }).from(schema.leads).where(eq(schema.leads.id, leadId)).get()).toEqual({
      owner: null,
    });
  });
});

describe("Usuários: only the users permission (admin)", () => {
  it("comercial and marketing get a 403 on the page and on every post, and nothing changes", async () => {
    const before = users();
    for (const role of ["comercial", "marketing"] as const) {
      const { cookie } = await sessionOf(`sem.acesso.${role}@example.com`, role);
      const snapshot = users();
      const page = await settle(() => usersModule.loader(args(getRequest("/admin/usuarios", { cookie }))));
      expect(statusOf(page), role).toBe(403);
      expect(page.data).toBe(forbiddenMessage(role));
      const posts: Record<string, string>[] = [
        { intent: "adicionar", email: `intruso.${role}@example.com`, role: "admin", password: PASSWORD },
        { intent: "alterar-perfil", user: String(chefe.user.id), role: "marketing" },
        { intent: "remover", user: String(chefe.user.id) },
      ];
      for (const fields of posts) {
        const answer = await post(cookie, fields);
        expect(statusOf(answer), `${role} ${fields.intent}`).toBe(403);
      }
      expect(users(), role).toEqual(snapshot);
    }
    expect(users().length).toBe(before.length + 2);
  });

  it("an unknown stored role gets the least access (marketing): totals only, no lead page, no Usuários", async () => {
    const { user, cookie } = await sessionOf("papel.estranho@example.com", "comercial");
    db.update(schema.adminUsers).set({ role: "superusuario" }).where(eq(schema.adminUsers.id, user.id)).run();
    expect((await getAdmin(getRequest("/", { cookie })))?.role).toBe("marketing");
    const panel = payload(await contatoModule.loader(args(getRequest("/contato", { cookie }))));
    expect(panel.totalsOnly).toBe(true);
    const leadPage = await settle(() =>
      leadModule.loader(args(getRequest(`/contato/lead/${leadId}`, { cookie }), { id: String(leadId) })),
    );
    expect(statusOf(leadPage)).toBe(403);
    expect(statusOf(await settle(() => usersModule.loader(args(getRequest("/admin/usuarios", { cookie })))))).toBe(403);
  });
});

describe("comercial: walls between salespeople (decision 138)", () => {
  it("a comercial user neither lists, opens nor follows up a lead a colleague owns; the owner does", async () => {
    const owner = await sessionOf("dona.do.lead@example.com", "comercial");
    const colleague = await sessionOf("colega.comercial@example.com", "comercial");
    db.update(schema.leads).set({ owner_id: owner.user.id }).where(eq(schema.leads.id, leadId)).run();
    const pageOf = (cookie: string) =>
      settle(() => leadModule.loader(args(getRequest(`/contato/lead/${leadId}`, { cookie }), { id: String(leadId) })));
    const cookie = colleague.cookie;
    const panel = payload(await contatoModule.loader(args(getRequest("/contato?busca=Sigilosa", { cookie }))));
    expect(panel.totalsOnly).toBe(false);
    expect(JSON.stringify(panel)).not.toContain("Pessoa Sigilosa Papéis");
    const page = await pageOf(cookie);
    expect(statusOf(page)).toBe(404);
    expect(JSON.stringify(payload(page))).not.toContain("sigilosa.papeis@example.org");
    const note = await settle(() =>
      leadModule.action(
        args(formRequest(`/contato/lead/${leadId}`, { intent: "nota", texto: "Liguei no lugar da colega." }, { cookie }), {
          id: String(leadId),
        }),
      ),
    );
    expect(statusOf(note)).toBe(404);
    const notes = db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, leadId)).all();
    expect(notes.map((row) => row.text)).not.toContain("Liguei no lugar da colega.");
    const own = await pageOf(owner.cookie);
    expect(statusOf(own)).toBe(200);
    expect(payload(own).lead.email).toBe("sigilosa.papeis@example.org");
  });
});

describe("after login", () => {
  it("a role lands on the page it asked for when it may open it, else on its own first page (marketing: the studio)", async () => {
    const email = "entra.marketing@example.com";
    await createAdmin(email, PASSWORD, "marketing");
    const landing = async (redirectTo: string) => {
      const answer = await settle(() =>
        loginModule.action(
          args(
            formRequest("/login-admin", { email, password: PASSWORD, redirectTo }, { headers: { "X-Client-Ip": "10.9.9.9" } }),
          ),
        ),
      );
      expect(statusOf(answer), redirectTo).toBe(303);
      return (answer as Response).headers.get("Location");
    };
    expect(await landing("/admin/conteudo/faq")).toBe("/admin/conteudo/faq");
    expect(await landing("/contato")).toBe("/contato");
    // Nothing asked for, or a page marketing may not open: the studio, where marketing works.
    expect(await landing("")).toBe("/admin/conteudo");
    for (const forbidden of ["/admin/webhooks", "/admin/usuarios", "/contato/leads.csv", `/contato/lead/${leadId}`]) {
      expect(await landing(forbidden), forbidden).toBe("/admin/conteudo");
    }
    // Already signed in, /login-admin sends the role on the same way.
    const { cookie } = await sessionOf("ja.entrou@example.com", "marketing");
    const open = (redirectTo: string) =>
      settle(() => loginModule.loader(args(getRequest(`/login-admin?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie }))));
    expect((await open("/admin/conteudo")).headers.get("Location")).toBe("/admin/conteudo");
    expect((await open("/admin/usuarios")).headers.get("Location")).toBe("/admin/conteudo");
  });

  it("a comercial user with nothing asked for lands on the panel", async () => {
    const email = "entra.comercial@example.com";
    await createAdmin(email, PASSWORD, "comercial");
    const answer = await settle(() =>
      loginModule.action(
        args(
          formRequest("/login-admin", { email, password: PASSWORD, redirectTo: "" }, { headers: { "X-Client-Ip": "10.9.9.8" } }),
        ),
      ),
    );
    expect((answer as Response).headers.get("Location")).toBe("/contato");
  });
});
