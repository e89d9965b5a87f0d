import { randomBytes } from "node:crypto";

import { and, asc, count, eq, gt, lte } from "drizzle-orm";

import { config } from "~/platform/config.server";
import { db, schema, type Tx } from "~/platform/db/client.server";

import { MIN_ADMIN_PASSWORD_LENGTH } from "./login";
import { hashPassword } from "./password.server";
import { isRole, type Role } from "./roles";
import { LAST_ADMIN_MESSAGE, SELF_DEMOTE_MESSAGE, SELF_REMOVE_MESSAGE, USER_GONE_MESSAGE } from "./users";

/** Admin accounts: small named functions used by the login, the guard and `npm run admin`. */
export type StaffUser = { id: number; email: string; role: Role };

/** A stored role, read safely: anything unknown gives the least access (marketing has no personal data). */
export function roleOf(stored: string): Role {
  return isRole(stored) ? stored : "marketing";
}

/** Admin passwords must have at least this many characters (app/lib/staff/login.ts, shared with the Usuários page's form). */
export { MIN_ADMIN_PASSWORD_LENGTH };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function countAdmins(): number {
  return db.select({ n: count() }).from(schema.adminUsers).get()?.n ?? 0;
}

export function findAdminByEmail(email: string) {
  return db
    .select()
    .from(schema.adminUsers)
    .where(eq(schema.adminUsers.email, normalizeEmail(email)))
    .get();
}

export function findAdminById(id: number) {
  return db.select().from(schema.adminUsers).where(eq(schema.adminUsers.id, id)).get();
}

export function listAdmins() {
  return db
    .select({
      id: schema.adminUsers.id,
      email: schema.adminUsers.email,
      role: schema.adminUsers.role,
      createdAt: schema.adminUsers.createdAt,
      lastLoginAt: schema.adminUsers.lastLoginAt,
    })
    .from(schema.adminUsers)
    .orderBy(asc(schema.adminUsers.id))
    .all();
}

function assertPassword(password: string) {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`A senha precisa ter pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`);
  }
}

/** Creates a staff user (an admin unless another role is given); throws when the e-mail is taken or the password is too short. */
export async function createAdmin(email: string, password: string, role: Role = "admin"): Promise<StaffUser> {
  const normalized = normalizeEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw new Error("E-mail inválido.");
  assertPassword(password);
  if (findAdminByEmail(normalized)) throw new Error(`Já existe um administrador com o e-mail ${normalized}.`);
  const passwordHash = await hashPassword(password);
  const row = db
    .insert(schema.adminUsers)
    .values({ email: normalized, passwordHash, role })
    .returning({ id: schema.adminUsers.id, email: schema.adminUsers.email, role: schema.adminUsers.role })
    .get();
  return { ...row, role: roleOf(row.role) };
}

/** Replaces an admin's password (which also ends that admin's open sessions). */
export async function setAdminPassword(email: string, password: string): Promise<void> {
  assertPassword(password);
  const admin = findAdminByEmail(email);
  if (!admin) throw new Error(`Nenhum administrador com o e-mail ${normalizeEmail(email)}.`);
  const passwordHash = await hashPassword(password);
  db.update(schema.adminUsers).set({ passwordHash }).where(eq(schema.adminUsers.id, admin.id)).run();
}

/** Stores a new hash for an admin (re-hash with stronger parameters after a login). */
export function replaceAdminHash(id: number, passwordHash: string) {
  db.update(schema.adminUsers).set({ passwordHash }).where(eq(schema.adminUsers.id, id)).run();
}

export function recordAdminLogin(id: number, now: Date = new Date()) {
  db.update(schema.adminUsers).set({ lastLoginAt: now.toISOString() }).where(eq(schema.adminUsers.id, id)).run();
}

type BootstrapResult = "exists" | "created" | "no-password";

/**
 * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when there is no admin yet. With no
 * configured password nothing is created (never a default password): the login page then explains
 * `npm run admin -- create`. Returns what happened.
 */
export async function ensureBootstrapAdmin(
  settings: { email: string; password: string | undefined } = { email: config.adminEmail, password: config.adminPassword },
): Promise<BootstrapResult> {
  if (countAdmins() > 0) return "exists";
  if (!settings.password) return "no-password";
  try {
    await createAdmin(settings.email, settings.password);
    return "created";
  } catch (error) {
    // Two first requests at once: the other one created it.
    if (countAdmins() > 0) return "exists";
    console.error("admin: could not create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD:", (error as Error).message);
    return "no-password";
  }
}

let bootstrapped: Promise<BootstrapResult> | undefined;
/** ensureBootstrapAdmin once per process once an admin exists (cheap after that). */
export async function ensureBootstrapAdminOnce(): Promise<BootstrapResult> {
  if (bootstrapped) return bootstrapped;
  const result = await ensureBootstrapAdmin();
  if (result !== "no-password") bootstrapped = Promise.resolve(result);
  return result;
}

/**
 * Start-up (server.js, before it listens): creates the first admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD when no admin exists, so the account is there before the first request. Logs
 * the e-mail only, never the password. Idempotent: with an admin already present it changes nothing.
 */
export async function bootstrapAdminAtStartup(): Promise<BootstrapResult> {
  const result = await ensureBootstrapAdminOnce();
  if (result === "created") {
    console.log(
      `admin: primeiro administrador criado (${normalizeEmail(config.adminEmail)}) a partir de ADMIN_EMAIL/ADMIN_PASSWORD.`,
    );
  } else if (result === "no-password") {
    console.log("admin: nenhum administrador; defina ADMIN_PASSWORD ou rode `npm run admin -- create <email>`.");
  }
  return result;
}

// ---- Open sessions (admin_sessions) -----------------------------------------------------------

/** Opens a session row for the admin; returns its random id (kept in the signed cookie). */
export function openAdminSession(adminId: number, lifetimeMs: number, now: Date = new Date()): string {
  const id = randomBytes(24).toString("base64url");
  db.delete(schema.adminSessions).where(lte(schema.adminSessions.expiresAt, now.getTime())).run();
  db.insert(schema.adminSessions)
    .values({ id, adminId, expiresAt: now.getTime() + lifetimeMs })
    .run();
  return id;
}

/** True when the session row exists for this admin and has not expired. */
export function isAdminSessionOpen(id: string, adminId: number, now: Date = new Date()): boolean {
  const row = db
    .select({ id: schema.adminSessions.id })
    .from(schema.adminSessions)
    .where(
      and(
        eq(schema.adminSessions.id, id),
        eq(schema.adminSessions.adminId, adminId),
        gt(schema.adminSessions.expiresAt, now.getTime()),
      ),
    )
    .get();
  return row !== undefined;
}

export function closeAdminSession(id: string): void {
  db.delete(schema.adminSessions).where(eq(schema.adminSessions.id, id)).run();
}

// ---- Users and roles (the Usuários page, `npm run admin`) ----------------------------------------

export type UserChange = { ok: true; email: string; role: Role } | { ok: false; error: string };

function adminsIn(tx: Tx): number {
  return tx.select({ n: count() }).from(schema.adminUsers).where(eq(schema.adminUsers.role, "admin")).get()?.n ?? 0;
}

/**
 * Gives a user another role, checked and written in one transaction: the last admin keeps theirs
 * (someone must manage users), and an admin never demotes themself (`actorId`, the signed-in user;
 * null from `npm run admin`). The new role applies at the user's next request (getAdmin reads it).
 */
export function changeUserRole(userId: number, role: Role, actorId: number | null): UserChange {
  return db.transaction((tx) => {
    const user = tx.select().from(schema.adminUsers).where(eq(schema.adminUsers.id, userId)).get();
    if (!user) return { ok: false, error: USER_GONE_MESSAGE };
    if (user.role === "admin" && role !== "admin") {
      if (adminsIn(tx) <= 1) return { ok: false, error: LAST_ADMIN_MESSAGE };
      if (user.id === actorId) return { ok: false, error: SELF_DEMOTE_MESSAGE };
    }
    tx.update(schema.adminUsers).set({ role }).where(eq(schema.adminUsers.id, userId)).run();
    return { ok: true, email: user.email, role };
  });
}

/** changeUserRole by e-mail (`npm run admin -- set-role`). */
export function changeUserRoleByEmail(email: string, role: Role): UserChange {
  const user = findAdminByEmail(email);
  if (!user) return { ok: false, error: `Nenhum usuário com o e-mail ${normalizeEmail(email)}.` };
  return changeUserRole(user.id, role, null);
}

/**
 * Removes a user, checked and written in one transaction: never the last admin, never oneself.
 * Their sessions go with them (admin_sessions cascades), and their leads keep no owner (set null).
 */
export function removeUser(userId: number, actorId: number | null): UserChange {
  return db.transaction((tx) => {
    const user = tx.select().from(schema.adminUsers).where(eq(schema.adminUsers.id, userId)).get();
    if (!user) return { ok: false, error: USER_GONE_MESSAGE };
    if (user.role === "admin" && adminsIn(tx) <= 1) return { ok: false, error: LAST_ADMIN_MESSAGE };
    if (user.id === actorId) return { ok: false, error: SELF_REMOVE_MESSAGE };
    tx.delete(schema.adminUsers).where(eq(schema.adminUsers.id, userId)).run();
    return { ok: true, email: user.email, role: roleOf(user.role) };
  });
}
