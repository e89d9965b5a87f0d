// How integration tests sign a staff user in: the session a real /login-admin opens
// (startAdminSession: an admin_sessions row and the signed `__admin` cookie), without the form and
// its rate limits, for tests whose subject is not the login. Tests that talk HTTP to a running
// server use loginAs/adminSession of tests/support/sessions.ts instead.
import type { Role } from "~/lib/staff/roles";
import { startAdminSession } from "~/server/staff/auth.server";
import { createAdmin, type StaffUser } from "~/server/staff/users.server";

import { getRequest } from "./route-calls";

export const STAFF_TEST_PASSWORD = "senha-da-equipe-de-teste-123";

/** The Cookie header (`__admin=…`) of a new session of this staff user. */
export async function signIn(user: Pick<StaffUser, "id">): Promise<string> {
  return (await startAdminSession(getRequest("/"), user as StaffUser)).split(";")[0];
}

/** A new staff user of this role (through createAdmin) and the Cookie header of their session. */
export async function signedInStaff(
  role: Role = "admin",
  email = `${role}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@equipe.example.org`,
  password = STAFF_TEST_PASSWORD,
): Promise<{ user: StaffUser; cookie: string }> {
  const user = await createAdmin(email, password, role);
  return { user, cookie: await signIn(user) };
}
