import { redirect } from "react-router";
import type { Route } from "./+types/contato.sair";
import { endAdminSession, LOGIN_PATH, PANEL_PATH, requireAdmin } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";

/** 'Sair': a POST that ends the admin session and returns to /login-admin. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  try {
    return redirect(LOGIN_PATH, { status: 303, headers: { "Set-Cookie": await endAdminSession(request) } });
  } catch (error) {
    console.error("admin: logout failed", error);
    return redirectWithToast(request, PANEL_PATH, {
      title: "Erro ao fazer logout",
      description: "Tente novamente.",
      variant: "destructive",
    });
  }
}

/** A GET here (a typed URL) does nothing: back to the panel, or to the login when signed out. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(PANEL_PATH);
}
