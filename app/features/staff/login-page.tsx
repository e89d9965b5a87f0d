import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";

import { loginSchema } from "~/features/staff/login";
import { loginAction, loginPageView, type LoginRefusal } from "~/features/staff/login-page.server";
import { readFormData } from "~/platform/form-data.server";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { privateData } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";
import { SubmitButton, TextField, useActionAnswer, useIsPending } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";
import { Title } from "~/ui/title";

import type { Route } from "./+types/login-page";

/**
 * /login-admin: 'Painel Administrativo'. E-mail and password checked on the server (remix-auth
 * form strategy, scrypt hashes), with a rate limit per IP and a growing delay per e-mail. An open
 * session goes straight to the panel. Works without JavaScript (POST → 303 → GET, or a re-render
 * with the message).
 * With JavaScript, a lost connection keeps the e-mail and password typed (lib/offline-submit).
 */

export const meta = privatePageMeta("Painel Administrativo - Login", "Acesso restrito ao painel de leads.");

/** The admin layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);

export async function loader({ request }: Route.LoaderArgs) {
  return privateData(await loginPageView(request));
}

/** The login post (app/features/staff/login-page.server.ts); the authenticator reads the body again, so a clone is parsed here. */
export async function action({ request }: Route.ActionArgs) {
  return loginAction(request, await readFormData(request.clone()));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function LoginAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  // A message shows only once the post is over (not while the form is sent again).
  const { lost, answer, idle } = useActionAnswer(actionData);
  const failure = idle ? (answer as LoginRefusal | undefined) : undefined;
  const [form, fields] = useForm({
    id: "login-admin",
    lastResult: failure?.result,
    defaultValue: { redirectTo: loaderData.redirectTo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const alert = (idle ? lost : null) ?? failure?.alert;
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
          <Title size="card" className="mt-4">
            Painel Administrativo
          </Title>
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

          <TextField
            meta={fields.email}
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            // The page's one task is signing in: the cursor starts in its first field.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />

          <TextField
            meta={fields.password}
            label="Senha"
            type="password"
            ref={passwordRef}
            autoComplete="current-password"
            required
          />

          <SubmitButton pending={pending} pendingText="Entrando..." variant="primary" size="lg" full>
            Entrar
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
