import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";

import { loginSchema } from "~/features/staff/login";
import { canOpen, type Role } from "~/features/staff/roles";
import { STUDIO_PATH } from "~/features/studio/studio";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData, privateRedirect } from "~/shared/cache-headers";
import type { ToastMessage } from "~/shared/toast";

import {
  authenticator,
  getAdmin,
  LoginError,
  type LoginFailure,
  PANEL_PATH,
  safeRedirect,
  startAdminSession,
} from "./auth.server";
import { countAdmins, ensureBootstrapAdminOnce } from "./users.server";

/**
 * The staff login page (/login-admin): what it shows and what its post does. E-mail and password
 * are checked by remix-auth's form strategy (scrypt hashes, a rate limit per IP, a growing delay per
 * e-mail: auth.server.ts); this module turns the outcome into the page's answers.
 */

/** A role's own first page: marketing works in the studio, everyone else in the leads panel. */
function homeFor(role: Role): string {
  return role === "marketing" ? STUDIO_PATH : PANEL_PATH;
}

/** Where a signed-in role lands: the wanted page when the role may open it, else its own first page. */
function landingFor(role: Role, target: string): string {
  return target && canOpen(role, new URL(target, "http://local.invalid").pathname) ? target : homeFor(role);
}

/** What the toast after signing in says: where the person now is (it shows on arrival, not before). */
function arrivalText(landing: string): string | undefined {
  if (landing === PANEL_PATH) return "Você está no painel de leads.";
  if (landing === STUDIO_PATH) return "Você está no estúdio de conteúdo.";
  return undefined;
}

/** The page's data; an open session goes straight on (a thrown redirect). */
export async function loginPageView(request: Request) {
  // No address asked for: "" (each role then lands on its own first page).
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const signedIn = await getAdmin(request);
  if (signedIn) throw privateRedirect(landingFor(signedIn.role, redirectTo));
  await ensureBootstrapAdminOnce();
  // The e-mail field starts empty: the page must not tell anyone which e-mail the admin uses.
  return { hasAdmin: countAdmins() > 0, redirectTo };
}

export type LoginRefusal = { result: SubmissionResult<string[]>; alert: ToastMessage | null };

/** The alert, status and headers of a refused login, by why it was refused. */
function refusalOf(failure: LoginFailure | "unexpected"): { status: number; alert: ToastMessage | null; headers?: HeadersInit } {
  if (failure === "unexpected") {
    return {
      status: 503,
      alert: { title: "Erro ao fazer login", description: "Falha na autenticação. Tente novamente.", variant: "destructive" },
    };
  }
  switch (failure.kind) {
    case "rate-limited": {
      const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
      return {
        status: 429,
        alert: {
          title: "Muitas tentativas de login",
          description: `Por segurança, o acesso foi bloqueado temporariamente. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
          variant: "destructive",
        },
        headers: { "Retry-After": String(failure.retryAfterSeconds) },
      };
    }
    case "invalid-credentials":
      return {
        status: 401,
        alert: { title: "Credenciais inválidas", description: "Verifique sua senha e tente novamente.", variant: "destructive" },
      };
    default:
      return { status: 400, alert: null };
  }
}

/**
 * The login post: on success a session and a 303 to where the role may go, with a toast; else the
 * form again with the alert (the password never sent back). `request` must still have its body
 * (the authenticator reads it again): the route passes the form data of a clone.
 */
export async function loginAction(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  const refuse = ({ status, alert, headers }: ReturnType<typeof refusalOf>) =>
    privateData<LoginRefusal>(
      { result: submission.reply({ hideFields: ["password"], formErrors: alert ? [alert.title] : undefined }), alert },
      { status, headers },
    );
  if (submission.status !== "success") return refuse({ status: 400, alert: null });

  // Where to go is settled (and encoded) before a session row exists, so nothing can fail after it.
  const target = safeRedirect(submission.value.redirectTo, "");
  try {
    const user = await authenticator.authenticate("form", request);
    const cookie = await startAdminSession(request, user);
    const landing = landingFor(user.role, target);
    return privateRedirectWithToast(
      request,
      landing,
      { title: "Login realizado com sucesso!", description: arrivalText(landing) },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (error instanceof LoginError) return refuse(refusalOf(error.failure));
    console.error("admin: login failed", error);
    return refuse(refusalOf("unexpected"));
  }
}
