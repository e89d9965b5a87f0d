import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { and, asc, eq, gt, lte } from "drizzle-orm";
import { redirect } from "react-router";

import { WHATSAPP_PATH } from "~/lib/whatsapp";

import { config } from "./config.server";
import { db, schema } from "./db.server";
import { hashPassword, verifyPassword } from "./password.server";
import { createRateLimiter } from "./rate-limit.server";
import { commitOperator, getOperatorSession, OPERATOR_SESSION_SECONDS, operatorStorage } from "./session.server";

/**
 * Who may use the WhatsApp tool. Access passwords live in SQLite as scrypt hashes; the master
 * password (WHATSAPP_MASTER_PASSWORD) or a signed-in admin may add and remove them; an operator who
 * passes the gate gets the `__operador` cookie session, which names a row of `operator_sessions`.
 */

export { WHATSAPP_PATH };

// ---- Rate limits (like the admin login: failures per IP per 15 minutes) ------------------------

export const GATE_MAX_FAILURES = config.rateLimitLogin;
export const GATE_WINDOW_MS = 15 * 60_000;
/** Wrong gate passwords per IP. */
export const gateLimiter = createRateLimiter(GATE_MAX_FAILURES, GATE_WINDOW_MS, "entrada do WhatsApp");
/** Wrong master passwords per IP on the management page. */
export const masterLimiter = createRateLimiter(GATE_MAX_FAILURES, GATE_WINDOW_MS, "senha mestra do WhatsApp");

/** The pt-BR sentence for a 429. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas incorretas. Aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} e tente novamente.`;
}

// ---- Access passwords ---------------------------------------------------------------------------

export type StoredPassword = { id: number; createdAt: string };

/** The stored passwords (ids and dates only: the hashes never leave this module). */
export function listAccessPasswords(): StoredPassword[] {
  return db
    .select({ id: schema.whatsappPasswords.id, createdAt: schema.whatsappPasswords.createdAt })
    .from(schema.whatsappPasswords)
    .orderBy(asc(schema.whatsappPasswords.id))
    .all();
}

export async function addAccessPassword(password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.insert(schema.whatsappPasswords).values({ passwordHash }).returning({ id: schema.whatsappPasswords.id }).get().id;
}

/** Removes one password; false when there was none with that id. */
export function removeAccessPassword(id: number): boolean {
  return db.delete(schema.whatsappPasswords).where(eq(schema.whatsappPasswords.id, id)).run().changes > 0;
}

/** The id of the stored password this one matches, or null. */
export async function matchAccessPassword(password: string): Promise<number | null> {
  if (!password) return null;
  const rows = db
    .select({ id: schema.whatsappPasswords.id, hash: schema.whatsappPasswords.passwordHash })
    .from(schema.whatsappPasswords)
    .all();
  for (const row of rows) {
    if (await verifyPassword(password, row.hash)) return row.id;
  }
  return null;
}

// ---- Master password ----------------------------------------------------------------------------

export function masterPasswordConfigured(): boolean {
  return !!config.whatsappMasterPassword;
}

/** Constant-time comparison with WHATSAPP_MASTER_PASSWORD; always false when none is configured. */
export function checkMasterPassword(given: string | undefined, expected = config.whatsappMasterPassword): boolean {
  if (!expected || !given) return false;
  const a = createHash("sha256").update(given.normalize("NFC"), "utf8").digest();
  const b = createHash("sha256").update(expected.normalize("NFC"), "utf8").digest();
  return timingSafeEqual(a, b);
}

/** True when the path segment is the configured admin slug (compared in constant time). */
export function isAdminSlug(slug: string | undefined): boolean {
  if (!slug) return false;
  const a = createHash("sha256").update(slug).digest();
  const b = createHash("sha256").update(config.whatsappAdminSlug).digest();
  return timingSafeEqual(a, b);
}

// ---- Operator session ---------------------------------------------------------------------------

const OPERATOR_KEY = "operator";
/** What the signed cookie holds: the session row's random id, the password that opened it, when. */
type OperatorCookie = { sid: string; passwordId: number; since: string };
export type Operator = { passwordId: number; since: string };

function readOperatorCookie(value: unknown): OperatorCookie | null {
  const cookie = value as Partial<OperatorCookie> | undefined;
  if (!cookie || typeof cookie.sid !== "string" || typeof cookie.passwordId !== "number" || typeof cookie.since !== "string") {
    return null;
  }
  return { sid: cookie.sid, passwordId: cookie.passwordId, since: cookie.since };
}

/**
 * The operator, or null. The cookie must name an open session row of the password it claims: a
 * row is deleted by 'Desconectar', by removing that access password, and refused after 12 h.
 */
export async function getOperator(request: Request, now: Date = new Date()): Promise<Operator | null> {
  const cookie = readOperatorCookie((await getOperatorSession(request)).get(OPERATOR_KEY));
  if (!cookie) return null;
  const open = db
    .select({ id: schema.operatorSessions.id })
    .from(schema.operatorSessions)
    .where(
      and(
        eq(schema.operatorSessions.id, cookie.sid),
        eq(schema.operatorSessions.passwordId, cookie.passwordId),
        gt(schema.operatorSessions.expiresAt, now.getTime()),
      ),
    )
    .get();
  return open ? { passwordId: cookie.passwordId, since: cookie.since } : null;
}

/** Opens a session row for the access password and returns the Set-Cookie value naming it. */
export async function startOperatorSession(request: Request, passwordId: number, now: Date = new Date()): Promise<string> {
  const session = await getOperatorSession(request);
  const previous = readOperatorCookie(session.get(OPERATOR_KEY));
  if (previous) closeOperatorSession(previous.sid);
  const sid = randomBytes(24).toString("base64url");
  db.delete(schema.operatorSessions).where(lte(schema.operatorSessions.expiresAt, now.getTime())).run();
  db.insert(schema.operatorSessions)
    .values({ id: sid, passwordId, expiresAt: now.getTime() + OPERATOR_SESSION_SECONDS * 1000 })
    .run();
  session.set(OPERATOR_KEY, { sid, passwordId, since: now.toISOString() } satisfies OperatorCookie);
  return commitOperator(session);
}

function closeOperatorSession(sid: string): void {
  db.delete(schema.operatorSessions).where(eq(schema.operatorSessions.id, sid)).run();
}

/** Ends the operator session on the server (its row) and returns the Set-Cookie value clearing the cookie. */
export async function endOperatorSession(request: Request): Promise<string> {
  const session = await getOperatorSession(request);
  const cookie = readOperatorCookie(session.get(OPERATOR_KEY));
  if (cookie) closeOperatorSession(cookie.sid);
  return operatorStorage.destroySession(session);
}

/**
 * The guard for operator-only resources (log, scripts): the operator, or a thrown 401 for API-like
 * requests (`as: "status"`) or a redirect to the gate for documents.
 */
export async function requireOperator(
  request: Request,
  { as = "redirect" }: { as?: "redirect" | "status" } = {},
): Promise<Operator> {
  const operator = await getOperator(request);
  if (operator) return operator;
  if (as === "status") {
    throw new Response("Acesso restrito: entre com a senha de acesso em /whatsapp.", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  throw redirect(WHATSAPP_PATH, { headers: { "Cache-Control": "no-store" } });
}
