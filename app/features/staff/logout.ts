import { redirect } from "react-router";

import { endAdminSession, LOGIN_PATH, PANEL_PATH, requireAdmin } from "~/features/staff/auth.server";
import { redirectWithToast } from "~/platform/toast.server";
import { privateHeaders } from "~/shared/cache-headers";

import type { Route } from "./+types/logout";

/** Reads the request body to its end; false when the connection closed before all of it came. */
async function bodyArrived(request: Request): Promise<boolean> {
  try {
    await request.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** 'Sair': a POST that ends the admin session and returns to /login-admin. Open to every signed-in role (no permission). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  // The whole post must arrive before anything changes: a request cut off mid-body (the page was
  // closed, the connection dropped) is not a decision to sign out.
  if (!(await bodyArrived(request)))
    return new Response("Requisição incompleta.", {
      status: 400,
      headers: privateHeaders({ "Content-Type": "text/plain; charset=utf-8" }),
    });
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
