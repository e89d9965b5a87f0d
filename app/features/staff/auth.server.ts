import { data, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { loginSchema } from "~/features/staff/login";
import { can, type Permission, ROLES } from "~/features/staff/roles";
import { config } from "~/platform/config.server";
import { readFormData } from "~/platform/form-data.server";
import { clientIp, createRateLimiter, sleep } from "~/platform/rate-limit.server";
import { ADMIN_SESSION_SECONDS, adminStorage, commitAdmin, getAdminSession } from "~/platform/session.server";
import { privateRedirectWithToast } from "~/platform/toast.server";

import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.server";
import {
  closeAdminSession,
  ensureBootstrapAdminOnce,
  findAdminByEmail,
  findAdminById,
  isAdminSessionOpen,
  normalizeEmail,
  openAdminSession,
  recordAdminLogin,
  replaceAdminHash,
  roleOf,
  type StaffUser,
} from "./users.server";

/**
 * Admin authentication: remix-auth with a form strategy, the admin id kept in the `__admin` cookie
 * session, a login rate limit per IP, a growing delay per e-mail, and `requireAdmin` as the guard
 * every admin loader and action calls first.
 */

export const LOGIN_PATH = "/login-admin";
export const PANEL_PATH = "/contato";

// ---- Rate limit ---------------------------------------------------------------------------------

/** Failed attempts allowed per IP within the window (RATE_LIMIT_LOGIN, default 5); then 429 for that IP. */
export const LOGIN_MAX_FAILURES = config.rateLimitLogin;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const loginIpLimiter = createRateLimiter(LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, "login do painel (IP)");
/**
 * Recent attempts per e-mail. Never a hard block: that would let anyone lock the admin out by
 * guessing from a few addresses. Instead each attempt waits longer (loginDelayMs), which slows a
 * guessing attack spread over many addresses while the right password still gets in.
 */
export const loginEmailAttempts = createRateLimiter(Number.MAX_SAFE_INTEGER, LOGIN_WINDOW_MS);
/** The longest wait before checking a password. */
export const LOGIN_MAX_DELAY_MS = 3000;

/** The wait before checking a password, given the e-mail's earlier attempts in the window: 0, 250 ms, 500 ms, 1 s, 2 s, then 3 s. */
export function loginDelayMs(earlierAttempts: number): number {
  if (earlierAttempts <= 0) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 250 * 2 ** (earlierAttempts - 1));
}

// ---- Errors the login page shows ----------------------------------------------------------------

export type LoginFailure =
  | { kind: "invalid-input"; fieldErrors: Record<string, string[]> }
  | { kind: "invalid-credentials" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

export class LoginError extends Error {
  constructor(readonly failure: LoginFailure) {
    super(failure.kind);
    this.name = "LoginError";
  }
}

// ---- The authenticator --------------------------------------------------------------------------

/** Checks an e-mail and password; throws LoginError. Exported for the authenticator and tests. */
export async function verifyLogin(form: FormData, request: Request): Promise<StaffUser> {
  await ensureBootstrapAdminOnce();
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      (fieldErrors[key] ??= []).push(issue.message);
    }
    throw new LoginError({ kind: "invalid-input", fieldErrors });
  }
  const email = normalizeEmail(parsed.data.email);
  const ipKey = clientIp(request);
  // The attempt is counted before the (slow) password check, so a burst of concurrent guesses cannot
  // all reach it; over the limit, the answer comes without checking the password at all. A
  // successful login gives its attempt back.
  if (!(await loginIpLimiter.hit(ipKey))) {
    throw new LoginError({ kind: "rate-limited", retryAfterSeconds: await loginIpLimiter.retryAfterSeconds(ipKey) });
  }
  // Counted before waiting, so concurrent guesses at one e-mail wait longer and longer too.
  await loginEmailAttempts.hit(email);
  const earlier = (await loginEmailAttempts.attempts(email)) - 1;
  const delay = loginDelayMs(earlier);
  // Logged once, when the e-mail's wait reaches its cap (the password is never logged).
  if (delay === LOGIN_MAX_DELAY_MS && loginDelayMs(earlier - 1) < LOGIN_MAX_DELAY_MS) {
    console.warn(`auth: login de ${email} desacelerado (${delay / 1000} s por tentativa) após ${earlier} tentativas erradas`);
  }
  await sleep(delay);

  const admin = findAdminByEmail(email);
  // An unknown e-mail costs the same scrypt work as a wrong password.
  const ok = await verifyPassword(parsed.data.password, admin?.passwordHash ?? (await dummyPasswordHash()));
  if (!admin || !ok) throw new LoginError({ kind: "invalid-credentials" });

  await loginIpLimiter.release(ipKey);
  // Only failures slow the e-mail down: the admin's own logins add nothing, and do not wipe an attacker's count.
  await loginEmailAttempts.release(email);
  recordAdminLogin(admin.id);
  if (needsRehash(admin.passwordHash)) replaceAdminHash(admin.id, await hashPassword(parsed.data.password));
  return { id: admin.id, email: admin.email, role: roleOf(admin.role) };
}

export const authenticator = new Authenticator<StaffUser>();
authenticator.use(new FormStrategy(({ form, request }) => verifyLogin(form, request)), "form");

// ---- Session ------------------------------------------------------------------------------------

const SESSION_ADMIN_ID = "adminId";
/** A fingerprint of the password hash: changing the password ends the sessions opened with the old one. */
const SESSION_STAMP = "stamp";
/** The id of the session's admin_sessions row. */
const SESSION_ID = "sid";

function stampOf(passwordHash: string) {
  return passwordHash.slice(-16);
}

/** Starts an admin session for the user (a new admin_sessions row); returns the Set-Cookie value. */
export async function startAdminSession(request: Request, user: StaffUser): Promise<string> {
  const session = await getAdminSession(request);
  const admin = findAdminById(user.id);
  const previous = session.get(SESSION_ID);
  if (typeof previous === "string") closeAdminSession(previous);
  session.set(SESSION_ADMIN_ID, user.id);
  session.set(SESSION_STAMP, admin ? stampOf(admin.passwordHash) : "");
  session.set(SESSION_ID, openAdminSession(user.id, ADMIN_SESSION_SECONDS * 1000));
  return commitAdmin(session);
}

/**
 * Ends the admin session: its row is deleted (a copy of the cookie stops working too); returns
 * the Set-Cookie value that clears the cookie.
 */
export async function endAdminSession(request: Request): Promise<string> {
  const session = await getAdminSession(request);
  const id = session.get(SESSION_ID);
  if (typeof id === "string") closeAdminSession(id);
  return adminStorage.destroySession(session);
}

/** The signed-in admin, or null: a signed cookie naming an open session of an admin whose password has not changed since. */
export async function getAdmin(request: Request): Promise<StaffUser | null> {
  const session = await getAdminSession(request);
  const id = session.get(SESSION_ADMIN_ID);
  const sessionId = session.get(SESSION_ID);
  if (typeof id !== "number" || typeof sessionId !== "string") return null;
  const admin = findAdminById(id);
  if (!admin || session.get(SESSION_STAMP) !== stampOf(admin.passwordHash)) return null;
  if (!isAdminSessionOpen(sessionId, admin.id)) return null;
  // The role is read from the database on every request: a change on /admin/usuarios applies at once.
  return { id: admin.id, email: admin.email, role: roleOf(admin.role) };
}

/** The signed-in user when their role holds `permission`, else null (for pages that also open another way). */
export async function getAdminWith(request: Request, permission: Permission): Promise<StaffUser | null> {
  const admin = await getAdmin(request);
  return admin && can(admin.role, permission) ? admin : null;
}

/** A base no real request has: only used to parse and re-serialise a local path. */
const LOCAL_BASE = "http://local.invalid";

/**
 * A safe place to go after login: a local path only ("/x", never "//host", "/\\host" or a URL),
 * else the fallback. The result is percent-encoded ("/contato?q=a%C3%A7%C3%A3o"): a Location
 * header takes bytes only, and a raw "ç" there made the redirect throw.
 */
export function safeRedirect(to: unknown, fallback: string = PANEL_PATH): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  // Control characters (and backslashes, which browsers read as "/") never belong in a return address.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, LOCAL_BASE);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  // Parsing resolves dot segments ("/.//evil" becomes "//evil", another host for a browser): check again.
  if (url.origin !== LOCAL_BASE || path.startsWith("//")) return fallback;
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(LOGIN_PATH + "/")) return fallback;
  return path;
}

/** The login URL that returns to this request's page afterwards. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  return `${LOGIN_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The guard: returns the signed-in admin, or throws a redirect to /login-admin that remembers the
 * wanted URL. Call it first in every admin loader and action.
 */
export async function requireAdmin(request: Request): Promise<StaffUser> {
  const admin = await getAdmin(request);
  if (!admin) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    // A stale admin cookie (expired stamp, deleted admin) is cleared on the way out.
    if (request.headers.get("Cookie")?.includes("__admin=")) headers.append("Set-Cookie", await endAdminSession(request));
    throw redirect(loginUrlFor(request), { headers });
  }
  return admin;
}

/** The message of the 403 page a signed-in user gets on a screen their role does not open. */
export function forbiddenMessage(role: StaffUser["role"]): string {
  return `Seu perfil (${ROLES[role]}) não tem acesso a esta página.`;
}

/**
 * The per-role guard: the signed-in user when their role holds `permission`; else a 403 (never the
 * page's data). Anonymous requests go to the login like requireAdmin. Call it first in every staff
 * loader and action, with the permission the screen needs (app/features/staff/roles.ts).
 */
export async function requirePermission(request: Request, permission: Permission): Promise<StaffUser> {
  const admin = await requireAdmin(request);
  if (!can(admin.role, permission)) {
    throw data(forbiddenMessage(admin.role), { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  return admin;
}

/** Back to the page a post came from, with a toast: `back("Usuário removido")`. */
export type BackWithToast = (title: string, description?: string) => Promise<Response>;

/**
 * How a staff page's post starts (one form per `intent`, decision 078): the permission checked as
 * requirePermission does, the form read, its `intent`, and `back` to `path` with a toast.
 */
export async function staffPagePost(request: Request, permission: Permission, path: string) {
  const staff = await requirePermission(request, permission);
  const formData = await readFormData(request);
  const back: BackWithToast = (title, description) => privateRedirectWithToast(request, path, { title, description });
  return { staff, formData, intent: formData.get("intent"), back };
}
