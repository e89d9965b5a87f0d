import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";

import { Field, SubmitButton, useIsPending } from "~/components/forms";
import { Alert } from "~/components/ui/alert";
import { loginSchema } from "~/lib/admin-login";
import { PRIVATE_PAGE_HEADERS } from "~/lib/cache-headers";
import { sendKeepingForm, skipRevalidationAfterConnectionLost, splitConnectionLost } from "~/lib/offline-submit";
import { canOpen, type Role } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { countAdmins, ensureBootstrapAdminOnce } from "~/server/admin-users.server";
import { authenticator, getAdmin, LoginError, PANEL_PATH, safeRedirect, startAdminSession } from "~/server/auth.server";
import { readFormData } from "~/server/form-data.server";
import { withRetryAfter } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/login-admin";

/**
 * /login-admin: 'Painel Administrativo'. E-mail and password checked on the server (remix-auth
 * form strategy, scrypt hashes), with a rate limit per IP and a growing delay per e-mail. An open
 * session goes straight to the panel. Works without JavaScript (POST → 303 → GET, or a re-render
 * with the message).
 * With JavaScript, a lost connection keeps the e-mail and password typed (lib/offline-submit).
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Painel Administrativo - Login",
    description: "Acesso restrito ao painel de leads.",
    noindex: true,
  });

/** Answers that leave without the layout's headers (redirects) carry them too. */
const PRIVATE = PRIVATE_PAGE_HEADERS;

/** The admin layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);

/** Where a signed-in role lands: the wanted page when the role may open it, else the panel (every role opens /contato). */
function landingFor(role: Role, target: string): string {
  return canOpen(role, new URL(target, "http://local.invalid").pathname) ? target : PANEL_PATH;
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const signedIn = await getAdmin(request);
  if (signedIn) throw redirect(landingFor(signedIn.role, redirectTo), { headers: PRIVATE });
  await ensureBootstrapAdminOnce();
  // The e-mail field starts empty: the page must not tell anyone which e-mail the admin uses.
  return data({ hasAdmin: countAdmins() > 0, redirectTo }, { headers: PRIVATE });
}

type ActionFailure = { result: SubmissionResult<string[]>; alert: ToastMessage | null };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request.clone());
  const submission = parseWithZod(formData, { schema: loginSchema });
  const hideFields = ["password"];
  const fail = (status: number, alert: ToastMessage | null, init: HeadersInit = {}) =>
    data<ActionFailure>(
      { result: submission.reply({ hideFields, formErrors: alert ? [alert.title] : undefined }), alert },
      { status, headers: { ...PRIVATE, ...init } },
    );
  if (submission.status !== "success") return fail(400, null);

  // Where to go is settled (and encoded) before a session row exists, so nothing can fail after it.
  const target = safeRedirect(submission.value.redirectTo);
  try {
    const user = await authenticator.authenticate("form", request);
    const cookie = await startAdminSession(request, user);
    return redirectWithToast(
      request,
      landingFor(user.role, target),
      { title: "Login realizado com sucesso!", description: "Redirecionando para o painel de leads..." },
      { headers: { "Set-Cookie": cookie, ...PRIVATE } },
    );
  } catch (error) {
    if (error instanceof LoginError) {
      const { failure } = error;
      if (failure.kind === "rate-limited") {
        const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
        return fail(
          429,
          {
            title: "Muitas tentativas de login",
            description: `Por segurança, o acesso foi bloqueado temporariamente. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
            variant: "destructive",
          },
          { "Retry-After": String(failure.retryAfterSeconds) },
        );
      }
      if (failure.kind === "invalid-credentials") {
        return fail(401, {
          title: "Credenciais inválidas",
          description: "Verifique sua senha e tente novamente.",
          variant: "destructive",
        });
      }
      return fail(400, null);
    }
    console.error("admin: login failed", error);
    return fail(503, {
      title: "Erro ao fazer login",
      description: "Falha na autenticação. Tente novamente.",
      variant: "destructive",
    });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function LoginAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = useIsPending();
  const { lost, answer } = splitConnectionLost(navigation.state === "idle" ? actionData : undefined);
  const failure = answer as ActionFailure | undefined;
  const [form, fields] = useForm({
    id: "login-admin",
    lastResult: failure?.result,
    defaultValue: { redirectTo: loaderData.redirectTo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const alert = lost ?? failure?.alert;
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a refused attempt (with JavaScript the page is not reloaded): empty the password and focus it.
  // (Not after a lost connection: the message says what was typed is kept.)
  useEffect(() => {
    if (!failure?.alert || !passwordRef.current) return;
    passwordRef.current.value = "";
    passwordRef.current.focus();
  }, [failure]);

  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Lock aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Painel Administrativo</h1>
          <p className="mt-1 text-sm text-slate-600">Acesso restrito. Entre com seu e-mail e senha para ver os leads.</p>
        </div>

        {!loaderData.hasAdmin ? (
          <Alert tone="warning" size="md" className="mt-6 text-sm" data-testid="no-admin">
            <p className="font-semibold">Nenhum administrador cadastrado.</p>
            <p className="mt-1">
              Para criar o primeiro, rode no servidor{" "}
              <code className="rounded bg-amber-100 px-1">npm run admin -- create seu-email@exemplo.com</code> ou defina{" "}
              <code className="rounded bg-amber-100 px-1">ADMIN_EMAIL</code> e{" "}
              <code className="rounded bg-amber-100 px-1">ADMIN_PASSWORD</code> e reinicie o site.
            </p>
          </Alert>
        ) : null}

        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
          {alert ? (
            <Alert role="alert" id={form.errorId} data-testid="login-alert" className="flex gap-3">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div>
                <p className="font-semibold">{alert.title}</p>
                {alert.description ? <p>{alert.description}</p> : null}
              </div>
            </Alert>
          ) : null}

          <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />

          <Field label="E-mail" htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="username"
              required
              // The page's one task is signing in: the cursor starts in its first field.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500"
            />
          </Field>

          <Field label="Senha" htmlFor={fields.password.id} errorId={fields.password.errorId} errors={fields.password.errors}>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              ref={passwordRef}
              autoComplete="current-password"
              required
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500"
            />
          </Field>

          <SubmitButton pending={pending} pendingText="Entrando..." variant="primary" size="lg" full>
            Entrar
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
