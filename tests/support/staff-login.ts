// How integration tests sign a staff user in: the session a real /login-admin opens
// (startAdminSession: an admin_sessions row and the signed `__admin` cookie), without the form and
// its rate limits, for tests whose subject is not the login. Tests that talk HTTP to a running
// server use loginAs/adminSession of tests/support/sessions.ts instead.
import { beforeAll } from "vitest";

import { startAdminSession } from "~/features/staff/auth.server";
import type { Role } from "~/features/staff/roles";
import { createAdmin, type StaffUser } from "~/features/staff/users.server";

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

const TEAM_ROLES = { admin: "admin", ana: "comercial", bruno: "comercial", marketing: "marketing" } as const;

/** The four users of useStaffTeam, and each one's Cookie header by e-mail. */
export type StaffTeam = Record<keyof typeof TEAM_ROLES, StaffUser> & { cookies: Record<string, string> };

/**
 * A small team for the test file, created and signed in before its first test (a vitest
 * `beforeAll` registered here, so it runs before the file's own later hooks): an admin, two
 * comercial users (Ana and Bruno) and a marketing user, e-mails `<who>.<tag>@example.com`. The
 * users are filled in by that hook: read them in a test or a later hook.
 */
export function useStaffTeam(tag: string): StaffTeam {
  const team: StaffTeam = { admin: {}, ana: {}, bruno: {}, marketing: {}, cookies: {} } as StaffTeam;
  beforeAll(async () => {
    for (const [who, role] of Object.entries(TEAM_ROLES) as [keyof typeof TEAM_ROLES, Role][]) {
      Object.assign(team[who], await createAdmin(`${who}.${tag}@example.com`, STAFF_TEST_PASSWORD, role));
      team.cookies[team[who].email] = await signIn(team[who]);
    }
  });
  return team;
}
