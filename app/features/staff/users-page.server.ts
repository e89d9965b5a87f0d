import { parseWithZod } from "@conform-to/zod/v4";

import { ROLES } from "~/features/staff/roles";
import {
  changeRoleSchema,
  EMAIL_TAKEN_MESSAGE,
  newUserSchema,
  USER_GONE_MESSAGE,
  USER_INTENTS,
  USERS_PATH,
} from "~/features/staff/users";
import { privateData } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";

import { staffPagePost } from "./auth.server";
import { changeUserRole, createAdmin, findAdminByEmail, listAdmins, removeUser, roleOf } from "./users.server";

/** The Usuários page (app/features/staff/users-page.tsx): its data and form posts. Permission "users" (admin). */

export const UNKNOWN_INTENT_MESSAGE = "Ação desconhecida. Recarregue a página e tente novamente.";

export function usersPageData() {
  return listAdmins().map((user) => ({
    id: user.id,
    email: user.email,
    role: roleOf(user.role),
    createdAt: formatDateTimeBr(user.createdAt),
    lastLoginAt: user.lastLoginAt ? formatDateTimeBr(user.lastLoginAt) : null,
  }));
}

/** A refusal of a row's button, shown next to that row's field (`user`). */
function rowRefused(intent: string, user: number | null, error: string, status: number) {
  return privateData({ intent, user, error } as const, { status });
}

/** A refused change: 404 when the user is gone, 409 when a rule (last admin, oneself) keeps things as they are. */
function statusOf(error: string): number {
  return error === USER_GONE_MESSAGE ? 404 : 409;
}

/** A user id posted by a row's form: a positive whole number, or null. */
function userField(formData: FormData): number | null {
  const value = formData.get("user");
  return typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * The page's posts, by `intent`: add a user (e-mail, role, initial password), change a user's role,
 * remove a user. The permission is checked again on every post; the last admin and the signed-in
 * admin themself keep their admin role (admin-users.server.ts says so next to the field).
 */
export async function usersAction(request: Request) {
  const { staff: admin, formData, intent, back } = await staffPagePost(request, "users", USERS_PATH);

  if (intent === USER_INTENTS.add) {
    const submission = parseWithZod(formData, { schema: newUserSchema });
    const hideFields = ["password"];
    if (submission.status !== "success") {
      return privateData({ result: submission.reply({ hideFields }) }, { status: 400 });
    }
    const { email, role, password } = submission.value;
    const taken = () =>
      privateData({ result: submission.reply({ hideFields, fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } }) }, { status: 409 });
    if (findAdminByEmail(email)) return taken();
    let created: Awaited<ReturnType<typeof createAdmin>>;
    try {
      created = await createAdmin(email, password, role);
    } catch (error) {
      // Two posts of the same e-mail at once: the other one created it.
      if (findAdminByEmail(email)) return taken();
      throw error;
    }
    console.info(`admin ${admin.email}: added user ${created.email} (${role})`);
    return back("Usuário adicionado", `${created.email} · ${ROLES[role]}`);
  }
  if (intent === USER_INTENTS.role) {
    const submission = parseWithZod(formData, { schema: changeRoleSchema });
    if (submission.status !== "success") {
      const user = userField(formData);
      const message = submission.error?.role?.[0] ?? USER_GONE_MESSAGE;
      return rowRefused(USER_INTENTS.role, user, message, user === null ? 404 : 400);
    }
    const changed = changeUserRole(submission.value.user, submission.value.role, admin.id);
    if (!changed.ok) return rowRefused(USER_INTENTS.role, submission.value.user, changed.error, statusOf(changed.error));
    console.info(`admin ${admin.email}: ${changed.email} is now ${changed.role}`);
    return back("Perfil alterado", `${changed.email} · ${ROLES[changed.role]}`);
  }
  if (intent === USER_INTENTS.remove) {
    const user = userField(formData);
    if (user === null) return rowRefused(USER_INTENTS.remove, null, USER_GONE_MESSAGE, 404);
    const removed = removeUser(user, admin.id);
    if (!removed.ok) return rowRefused(USER_INTENTS.remove, user, removed.error, statusOf(removed.error));
    console.info(`admin ${admin.email}: removed user ${removed.email}`);
    return back("Usuário removido", `${removed.email} não entra mais no painel.`);
  }
  return rowRefused("", null, UNKNOWN_INTENT_MESSAGE, 400);
}
