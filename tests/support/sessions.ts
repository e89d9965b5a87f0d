import type { BrowserContext, Page } from "@playwright/test";

import { E2E_ENV } from "./env";

/**
 * Real sessions of each kind, obtained the way people get them (logging in, passing the gate,
 * filling the lead form), for tests that talk HTTP to a running server.
 */
export type SessionKind = "anonymous" | "visitor" | "visitorWithLead" | "operator" | "admin";
export type Sessions = Record<SessionKind, string>;

export const OPERATOR_PASSWORD = "operador-de-teste-123";

/** name=value of each cookie a response sets (a cleared cookie is left out). */
export function cookiesOf(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .filter((pair) => !/=$/.test(pair));
}

function cookieNamed(response: Response, name: string): string {
  const found = cookiesOf(response).find((pair) => pair.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie (status ${response.status})`);
  return found;
}

/** Posts a form the way a browser without JavaScript does, and returns the answer itself (redirects not followed). */
export function postForm(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  cookie = "",
  headers: Record<string, string> = {},
) {
  return fetch(baseUrl + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

/** A complete, valid lead of the vocational test. */
export function vocationalLead(email: string): Record<string, string> {
  return {
    fullName: "Carla Mendes Teste",
    phone: "(31)99999-7777",
    email,
    workStatus: "autonomo",
    workArea: "ti",
    workSatisfaction: "gosto_temporario",
    careerGoal: "nova_area",
    desiredArea: "gestao_negocios",
  };
}

/** A complete, valid enrolment (/inscricao). */
export function enrolment(email: string): Record<string, string> {
  return {
    nome: "Maria Aparecida Teste",
    telefone: "(31)99999-8888",
    email,
    cidade: "Belo Horizonte",
    curso: "Ainda não decidi",
    polo: "Ainda não sei",
    consentimento: "on",
    origem: "inscricao",
  };
}

/** A staff login through /login-admin with these credentials: the session's cookie (an error if refused). */
export async function staffLogin(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  return cookieNamed(await postForm(baseUrl, "/login-admin", credentials), "__admin");
}

/** A new admin session (the configured admin logs in): its cookie. */
export function adminSession(baseUrl: string): Promise<string> {
  return staffLogin(baseUrl, { email: E2E_ENV.ADMIN_EMAIL, password: E2E_ENV.ADMIN_PASSWORD });
}

/** The operators' access password OPERATOR_PASSWORD exists (added with the master password; already there is fine). */
export async function ensureOperatorPassword(baseUrl = process.env.E2E_BASE_URL!) {
  const added = await postForm(baseUrl, `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`, {
    intent: "adicionar",
    label: "Equipe de teste",
    masterPassword: E2E_ENV.WHATSAPP_MASTER_PASSWORD,
    newPassword: OPERATOR_PASSWORD,
  });
  if (added.status !== 303 && added.status !== 409) throw new Error(`could not add an access password: ${added.status}`);
}

/** One session of each kind against the server at baseUrl (creates an access password and a lead). */
export async function openSessions(baseUrl: string): Promise<Sessions> {
  const visitor = cookieNamed(await fetch(`${baseUrl}/?utm_source=sessoes`, { redirect: "manual" }), "__visitante");

  const lead = await postForm(baseUrl, "/teste-vocacional", vocationalLead(`sessao.${Date.now()}@example.com`));
  const visitorWithLead = cookieNamed(lead, "__visitante");

  const admin = await adminSession(baseUrl);

  await ensureOperatorPassword(baseUrl);
  const gate = await postForm(baseUrl, "/whatsapp", { intent: "entrar", password: OPERATOR_PASSWORD });
  const operator = cookieNamed(gate, "__operador");

  return { anonymous: "", visitor, visitorWithLead, operator, admin };
}

/** Merges the cookies a response sets into a Cookie header. */
export function mergeCookies(previous: string, response: Response): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair] as const),
  );
  for (const pair of cookiesOf(response)) jar.set(pair.split("=")[0], pair);
  return [...jar.values()].join("; ");
}

/** Letters per question page: C wins (11 of 20) → the 'tecnologia' result. */
export const TECH_PATTERN = ["CCCCA", "CCBDA", "CCCDB", "ABCDC"];

/** A visitor cookie that went through the whole vocational test (lead form, 20 answers, result). */
export async function completedTestCookie(baseUrl: string, email: string): Promise<string> {
  let cookie = mergeCookies("", await postForm(baseUrl, "/teste-vocacional", vocationalLead(email)));
  for (const [i, letters] of TECH_PATTERN.entries()) {
    const page = i + 1;
    const fields: Record<string, string> = {
      pagina: String(page),
      intent: page === TECH_PATTERN.length ? "resultado" : "proximo",
    };
    [...letters].forEach((letter, j) => (fields[`q${i * 5 + j + 1}`] = letter));
    const response = await postForm(baseUrl, `/teste-vocacional/perguntas?pagina=${page}`, fields, cookie);
    if (response.status !== 303) throw new Error(`question page ${page}: ${response.status}`);
    cookie = mergeCookies(cookie, response);
  }
  return cookie;
}

/** The staff roles (app/features/staff/roles.ts), spelled here so a test states them itself. */
export type StaffRole = "admin" | "comercial" | "marketing";
export const STAFF_ROLES: readonly StaffRole[] = ["admin", "comercial", "marketing"];
export const STAFF_PASSWORD = "senha-da-equipe-123";

/**
 * A staff user of this role, added the way an admin adds one (the Usuários page, as the given admin
 * session), then logged in through /login-admin: their e-mail and cookie. The e-mail is never on
 * @example.com, so a page that shows it is not mistaken for one that shows a lead.
 */
export async function staffSession(
  baseUrl: string,
  role: StaffRole,
  adminCookie: string,
  email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@equipe.example.org`,
): Promise<{ email: string; cookie: string }> {
  const added = await postForm(
    baseUrl,
    "/admin/usuarios",
    { intent: "adicionar", email, role, password: STAFF_PASSWORD },
    adminCookie,
  );
  if (added.status !== 303) throw new Error(`could not add the ${role} user ${email}: ${added.status}`);
  return { email, cookie: await staffLogin(baseUrl, { email, password: STAFF_PASSWORD }) };
}

/** One logged-in session per role (the admin one is the configured admin's). */
export async function roleSessions(baseUrl: string): Promise<Record<StaffRole, string>> {
  const admin = await adminSession(baseUrl);
  return {
    admin,
    comercial: (await staffSession(baseUrl, "comercial", admin)).cookie,
    marketing: (await staffSession(baseUrl, "marketing", admin)).cookie,
  };
}

/**
 * Puts the pairs of a Cookie header (`a=1; b=2`, as the helpers above return) into a browser
 * context for the site at baseUrl: the one way a test hands a session to a page.
 */
export async function useCookies(context: BrowserContext, cookieHeader: string, baseUrl = process.env.E2E_BASE_URL!) {
  const cookies = cookieHeader
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" as const };
    });
  await context.addCookies(cookies);
}

/**
 * Signs the page's browser context in through a real /login-admin: as the configured admin
 * ("admin"), as a new staff user of another role (added on the Usuários page by the admin, see
 * staffSession), or with the given credentials. Returns the e-mail and the session cookie.
 */
export async function loginAs(
  page: Page,
  who: StaffRole | { email: string; password: string },
  baseUrl = process.env.E2E_BASE_URL!,
): Promise<{ email: string; cookie: string }> {
  let session: { email: string; cookie: string };
  if (who === "admin") session = { email: E2E_ENV.ADMIN_EMAIL, cookie: await adminSession(baseUrl) };
  else if (typeof who === "string") session = await staffSession(baseUrl, who, await adminSession(baseUrl));
  else session = { email: who.email, cookie: await staffLogin(baseUrl, who) };
  await useCookies(page.context(), session.cookie, baseUrl);
  return session;
}
