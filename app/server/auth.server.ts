import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema } from "~/lib/admin-login";
import {
  closeAdminSession,
  ensureBootstrapAdminOnce,
  isAdminSessionOpen,
  openAdminSession,
  findAdminByEmail,
  findAdminById,
  normalizeEmail,
  recordAdminLogin,
  replaceAdminHash,
  type AdminUser,
} from "./admin-users.server";
import { config } from "./config.server";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { clientIp, createRateLimiter } from "./rate-limit.server";
import { ADMIN_SESSION_SECONDS, adminStorage, commitAdmin, getAdminSession } from "./session.server";

/**
 * Admin authentication: remix-auth with a form strategy, the admin id kept in the `__admin` cookie
 * session, a login rate limit per IP and per e-mail, and `requireAdmin` as the guard every admin
 * loader and action calls first.
 */

export const LOGIN_PATH = "/login-admin";
export const PANEL_PATH = "/contato";

// ---- Rate limit ---------------------------------------------------------------------------------

/** Failed attempts allowed per IP and per e-mail within the window (RATE_LIMIT_LOGIN, default 5). */
export const LOGIN_MAX_FAILURES = config.rateLimitLogin;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const loginIpLimiter = createRateLimiter(LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
export const loginEmailLimiter = createRateLimiter(LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);

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
export async function verifyLogin(form: FormData, request: Request): Promise<AdminUser> {
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
  const ipAllowed = loginIpLimiter.hit(ipKey);
  const emailAllowed = loginEmailLimiter.hit(email);
  if (!ipAllowed || !emailAllowed) {
    const retryAfterSeconds = Math.max(loginIpLimiter.retryAfterSeconds(ipKey), loginEmailLimiter.retryAfterSeconds(email));
    throw new LoginError({ kind: "rate-limited", retryAfterSeconds });
  }

  const admin = findAdminByEmail(email);
  // An unknown e-mail costs the same scrypt work as a wrong password.
  const ok = await verifyPassword(parsed.data.password, admin?.passwordHash ?? (await dummyPasswordHash()));
  if (!admin || !ok) throw new LoginError({ kind: "invalid-credentials" });

  loginIpLimiter.release(ipKey);
  loginEmailLimiter.reset(email);
  recordAdminLogin(admin.id);
  if (needsRehash(admin.passwordHash)) replaceAdminHash(admin.id, await hashPassword(parsed.data.password));
  return { id: admin.id, email: admin.email };
}

export const authenticator = new Authenticator<AdminUser>();
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
export async function startAdminSession(request: Request, user: AdminUser): Promise<string> {
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
export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const session = await getAdminSession(request);
  const id = session.get(SESSION_ADMIN_ID);
  const sessionId = session.get(SESSION_ID);
  if (typeof id !== "number" || typeof sessionId !== "string") return null;
  const admin = findAdminById(id);
  if (!admin || session.get(SESSION_STAMP) !== stampOf(admin.passwordHash)) return null;
  if (!isAdminSessionOpen(sessionId, admin.id)) return null;
  return { id: admin.id, email: admin.email };
}

/**
 * A safe place to go after login: a local path only ("/x", never "//host", "/\\host" or a URL),
 * else the fallback.
 */
export function safeRedirect(to: unknown, fallback: string = PANEL_PATH): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (to === LOGIN_PATH || to.startsWith(LOGIN_PATH + "?") || to.startsWith(LOGIN_PATH + "/")) return fallback;
  return to;
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
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (!admin) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    // A stale admin cookie (expired stamp, deleted admin) is cleared on the way out.
    if (request.headers.get("Cookie")?.includes("__admin=")) headers.append("Set-Cookie", await endAdminSession(request));
    throw redirect(loginUrlFor(request), { headers });
  }
  return admin;
}
