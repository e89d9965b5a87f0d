import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, KeyRound } from "lucide-react";
import { data, Form, useLocation, useNavigation } from "react-router";

import { isAdminSlug } from "~/features/whatsapp/access/access.server";
import { HelperList, PasswordList, RevokedHelperList } from "~/features/whatsapp/passwords/access-lists";
import { type ManageFailure, managePasswordsAction, managePasswordsView } from "~/features/whatsapp/passwords/page.server";
import { ActionAlert } from "~/features/whatsapp/tool/form-bits";
import {
  BLANK_LABEL_ALERT,
  BLANK_LABEL_MESSAGE,
  BLANK_PASSWORD_ALERT,
  BLANK_PASSWORD_MESSAGE,
  MANAGER_UNLOCK_MINUTES,
  manageSchema,
  PASSWORD_LABEL_MAX,
} from "~/features/whatsapp/tool/tool";
import { readFormData } from "~/platform/form-data.server";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { WHATSAPP_PATH } from "~/shared/area-paths";
import { privateData } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";
import { ButtonLink } from "~/ui/button";
import { SubmitButton, TextField, useActionAnswer, useIsPending } from "~/ui/forms";
import {
  sendKeepingForm,
  skipRevalidationAfterConnectionLost,
  useFormKeyKeptAfterConnectionLost,
} from "~/ui/forms/offline-submit";
import { AreaTitle } from "~/ui/title";

import type { Route } from "./+types/page";

/**
 * /whatsapp/<admin slug>: 'Gerenciamento de Senhas - Área Restrita'. Adding and removing access
 * passwords need the master password (server configuration) or a signed-in admin. Each password
 * has a name saying whose it is ("Senha da equipe do polo X", decision 069), required when adding
 * and shown in the list; 'Remover' revokes it (its open sessions end, and the helpers installed with it
 * stop working). 'Ajudantes instalados' lists every start script's key (decision 070): whose, when,
 * last use; 'Revogar' cuts that helper off at its next request, and 'Ajudantes revogados' says whether
 * it confirmed it left WhatsApp (decision 115). The lists show only to an admin or after the master
 * password (decision 116). A wrong slug is a 404. One form holds every button, so it all works without JavaScript. With JavaScript, a lost
 * connection keeps what was typed, with a message (lib/offline-submit).
 */

export const meta = privatePageMeta("Gerenciamento de Senhas - Área Restrita", "Área restrita da ferramenta de WhatsApp.");

/** The WhatsApp layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);

function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isAdminSlug(params.slug)) notFound();
  return privateData(await managePasswordsView(request));
}

/** Add, remove or revoke, by `intent`: app/features/whatsapp/passwords/page.server.ts. */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isAdminSlug(params.slug)) notFound();
  return managePasswordsAction(request, await readFormData(request));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function ManagePasswords({ loaderData, actionData }: Route.ComponentProps) {
  const { locked, passwords, helpers, revokedHelpers, adminEmail, masterConfigured, unusedKeyDays, maxUnusedKeys } = loaderData;
  const { lost, answer, idle } = useActionAnswer(actionData);
  const failure = answer as ManageFailure | undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const formKey = useFormKeyKeptAfterConnectionLost(location.key, actionData);
  const busy = useIsPending();
  // Which button sent the post in progress: that one says what is happening, the others wait.
  const pendingIntent = busy ? String(navigation.formData?.get("intent") ?? "") : null;
  const pending = { intent: pendingIntent, busy };
  const [form, fields] = useForm({
    id: "gerenciar-senhas",
    lastResult: idle ? failure?.result : undefined,
    shouldValidate: "onSubmit",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: manageSchema });
    },
  });
  // With JavaScript a blank new password never reaches the server: the browser's check shows the
  // server's message too, so the page looks the same with and without JavaScript. It is the newest
  // answer, so it comes before the alert of an earlier post.
  const blank = fields.newPassword.errors?.includes(BLANK_PASSWORD_MESSAGE)
    ? BLANK_PASSWORD_ALERT
    : fields.label.errors?.includes(BLANK_LABEL_MESSAGE)
      ? BLANK_LABEL_ALERT
      : undefined;
  const alert = idle ? (blank ?? lost ?? failure?.alert) : undefined;

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <AreaTitle icon={KeyRound} area="WhatsApp">
        Gerenciamento de Senhas - Área Restrita
      </AreaTitle>
      <p className="mt-2 text-slate-600">
        As senhas cadastradas aqui dão acesso à ferramenta de envio em <code>/whatsapp</code>. Elas são guardadas cifradas e nunca
        são exibidas.
      </p>

      {adminEmail ? (
        <p className="mt-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900" data-testid="admin-notice">
          Você está conectado como administrador ({adminEmail}): a senha mestra não é necessária.
        </p>
      ) : !masterConfigured ? (
        <Alert tone="warning" as="p" className="mt-4">
          A senha mestra não está configurada neste servidor. Para gerenciar as senhas,{" "}
          <a className="font-semibold underline" href={`/login-admin?redirectTo=${encodeURIComponent(location.pathname)}`}>
            entre como administrador
          </a>
          .
        </Alert>
      ) : null}

      {/* Keyed by location: after each post the password fields start empty, as without JavaScript
          (not after a lost connection: the message says what was typed is kept). */}
      <Form method="post" {...getFormProps(form)} key={formKey} className="mt-6 space-y-6">
        <ActionAlert alert={alert} />

        {adminEmail ? null : (
          <TextField
            meta={fields.masterPassword}
            label="Senha Mestra"
            type="password"
            look="ring"
            hint="Necessária para adicionar e para remover senhas."
            autoComplete="current-password"
          />
        )}

        <div className="rounded-lg border border-slate-200 p-4">
          <TextField
            meta={fields.label}
            label="Nome da senha"
            look="ring"
            hint="De quem é a senha, por exemplo: Senha da equipe do polo Centro. Aparece na lista e no registro de envios."
            maxLength={PASSWORD_LABEL_MAX}
          />
          <div className="mt-4" />
          <TextField meta={fields.newPassword} label="Nova Senha" type="password" look="ring" autoComplete="new-password" />
          <SubmitButton
            name="intent"
            value="adicionar"
            pending={pendingIntent === "adicionar"}
            pendingText="Adicionando..."
            spinnerClassName="size-4"
            disabled={busy}
            variant="primary"
            size="md"
            className="mt-4"
          >
            Adicionar Nova Senha
          </SubmitButton>
        </div>

        {locked ? (
          <div className="rounded-lg border border-slate-200 p-4" data-testid="lists-locked">
            <h2 className="font-semibold text-slate-900">Senhas e ajudantes</h2>
            <p className="mt-1 text-sm text-slate-600">
              As listas de senhas e de ajudantes instalados só aparecem para um administrador conectado ou depois da senha mestra,
              que as mostra neste navegador por {MANAGER_UNLOCK_MINUTES} minutos.
            </p>
            <SubmitButton
              name="intent"
              value="mostrar"
              pending={pendingIntent === "mostrar"}
              pendingText="Verificando..."
              spinnerClassName="size-4"
              disabled={busy}
              variant="neutral"
              size="md"
              className="mt-3"
            >
              Mostrar as listas
            </SubmitButton>
          </div>
        ) : (
          <>
            <PasswordList passwords={passwords} pending={pending} />
            <HelperList helpers={helpers} pending={pending} unusedKeyDays={unusedKeyDays} maxUnusedKeys={maxUnusedKeys} />
            <RevokedHelperList helpers={revokedHelpers} />
          </>
        )}
      </Form>

      <ButtonLink to={WHATSAPP_PATH} variant="neutral" size="md" className="mt-8">
        <ArrowLeft aria-hidden="true" className="size-4" /> Voltar
      </ButtonLink>
    </section>
  );
}
