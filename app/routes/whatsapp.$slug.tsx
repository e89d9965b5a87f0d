import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, KeyRound, Trash2 } from "lucide-react";
import { data, Form, useLocation, useNavigation } from "react-router";

import { Field, SubmitButton, useIsPending } from "~/components/forms";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import { ActionAlert, inputClass } from "~/components/whatsapp/form-bits";
import { PRIVATE_CACHE_CONTROL } from "~/lib/cache-headers";
import {
  sendKeepingForm,
  skipRevalidationAfterConnectionLost,
  splitConnectionLost,
  useFormKeyKeptAfterConnectionLost,
} from "~/lib/offline-submit";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import {
  BLANK_LABEL_ALERT,
  BLANK_LABEL_MESSAGE,
  BLANK_PASSWORD_ALERT,
  BLANK_PASSWORD_MESSAGE,
  manageSchema,
  PASSWORD_LABEL_MAX,
  removalId,
  revocationId,
  WHATSAPP_PATH,
} from "~/lib/whatsapp";
import { getAdminWith } from "~/server/auth.server";
import { readFormData } from "~/server/form-data.server";
import { listHelperKeys, revokeHelperKey } from "~/server/helper-keys.server";
import { clientIp, withRetryAfter } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  addAccessPassword,
  checkMasterPassword,
  isAdminSlug,
  listAccessPasswords,
  masterLimiter,
  masterPasswordConfigured,
  removeAccessPassword,
  tooManyAttemptsMessage,
} from "~/server/whatsapp-access.server";

import type { Route } from "./+types/whatsapp.$slug";

/**
 * /whatsapp/<admin slug>: 'Gerenciamento de Senhas - Área Restrita'. Adding and removing access
 * passwords need the master password (server configuration) or a signed-in admin. Each password
 * has a name saying whose it is ("Senha da equipe do polo X", decision 069), required when adding
 * and shown in the list; 'Remover' revokes it (its open sessions end, and the helpers installed with it
 * stop working). 'Ajudantes instalados' lists every start script's key (decision 070): whose, when,
 * last use; 'Revogar' cuts that helper off at its next request. A wrong slug is a 404. One form holds every button, so it all works without JavaScript. With JavaScript, a lost
 * connection keeps what was typed, with a message (lib/offline-submit).
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gerenciamento de Senhas - Área Restrita",
    description: "Área restrita da ferramenta de WhatsApp.",
    noindex: true,
  });

/** Answers that leave without the layout's headers (redirects, thrown answers) are not kept either. */
const PRIVATE_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL };

/** The WhatsApp layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);

function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isAdminSlug(params.slug)) notFound();
  // Managing who may use the tool is the admin role's (the users permission); other roles need the master password.
  const admin = await getAdminWith(request, "users");
  return data(
    {
      passwords: listAccessPasswords(),
      helpers: listHelperKeys(),
      adminEmail: admin?.email ?? null,
      masterConfigured: masterPasswordConfigured(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

type ActionFailure = { result: SubmissionResult<string[]>; alert: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  if (!isAdminSlug(params.slug)) notFound();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: manageSchema });
  const hideFields = ["masterPassword", "newPassword"];
  const fail = (status: number, alert: ToastMessage, fieldErrors?: Record<string, string[]>, init: HeadersInit = {}) =>
    data<ActionFailure>(
      { result: submission.reply({ fieldErrors, hideFields }), alert },
      { status, headers: { ...PRIVATE_HEADERS, ...init } },
    );

  if (submission.status !== "success") {
    const blank = submission.error?.newPassword?.includes(BLANK_PASSWORD_MESSAGE);
    const unnamed = submission.error?.label?.includes(BLANK_LABEL_MESSAGE);
    return fail(
      400,
      blank
        ? BLANK_PASSWORD_ALERT
        : unnamed
          ? BLANK_LABEL_ALERT
          : { title: "Ação inválida", description: "Confira os campos e tente novamente." },
    );
  }
  const { intent, masterPassword, newPassword, label } = submission.value;
  const removing = removalId(intent);
  const revoking = revocationId(intent);
  const verb = revoking !== null ? "revogar ajudantes" : removing === null ? "adicionar" : "remover";

  // Who may manage: a signed-in user of the admin role, or whoever knows the master password.
  const admin = await getAdminWith(request, "users");
  if (!admin) {
    const ip = clientIp(request);
    if (!(await masterLimiter.hit(ip))) {
      const retryAfter = await masterLimiter.retryAfterSeconds(ip);
      return fail(429, { title: "Muitas tentativas", description: tooManyAttemptsMessage(retryAfter) }, undefined, {
        "Retry-After": String(retryAfter),
      });
    }
    if (!checkMasterPassword(masterPassword)) {
      const description = masterPasswordConfigured()
        ? `Você não tem permissão para ${verb} senhas`
        : `Você não tem permissão para ${verb} senhas. A senha mestra não está configurada: entre como administrador.`;
      return fail(403, { title: "Senha mestra incorreta", description }, { masterPassword: ["Senha mestra incorreta"] });
    }
    await masterLimiter.release(ip);
  }

  const url = new URL(request.url).pathname;
  if (revoking !== null) {
    if (!revokeHelperKey(revoking)) {
      return fail(404, {
        title: "Ajudante não encontrado",
        description: "A chave pode já ter sido revogada. Recarregue a página.",
      });
    }
    return redirectWithToast(
      request,
      url,
      {
        title: "Ajudante revogado",
        description: "Ele não acessa mais o site nem aceita esta página; um script novo traz uma chave nova.",
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  if (removing !== null) {
    if (!removeAccessPassword(removing)) {
      return fail(404, { title: "Senha não encontrada", description: "Ela pode já ter sido removida. Recarregue a página." });
    }
    return redirectWithToast(request, url, { title: "Senha removida" }, { headers: PRIVATE_HEADERS });
  }

  // A password already stored is refused (found by its lookup tag: one scrypt, decision 060).
  if (!newPassword || !label || (await addAccessPassword(newPassword, label)) === null) {
    return fail(
      409,
      { title: "Senha já cadastrada", description: "Escolha uma senha diferente das já cadastradas." },
      {
        newPassword: ["Esta senha já está cadastrada"],
      },
    );
  }
  return redirectWithToast(
    request,
    url,
    { title: "Senha adicionada", description: "A nova senha já pode ser usada para acessar a ferramenta." },
    { headers: PRIVATE_HEADERS },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

const dateFormat = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" });
const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});

export default function ManagePasswords({ loaderData, actionData }: Route.ComponentProps) {
  const { passwords, helpers, adminEmail, masterConfigured } = loaderData;
  const { lost, answer } = splitConnectionLost(actionData);
  const failure = answer as ActionFailure | undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const formKey = useFormKeyKeptAfterConnectionLost(location.key, actionData);
  const busy = useIsPending();
  // Which button sent the post in progress: that one says what is happening, the others wait.
  const pendingIntent = busy ? String(navigation.formData?.get("intent") ?? "") : null;
  const [form, fields] = useForm({
    id: "gerenciar-senhas",
    lastResult: navigation.state === "idle" ? failure?.result : undefined,
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
  const alert = navigation.state === "idle" ? (blank ?? lost ?? failure?.alert) : undefined;

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <KeyRound aria-hidden="true" className="size-4" /> WhatsApp
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Gerenciamento de Senhas - Área Restrita</h1>
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
          <Field
            label="Senha Mestra"
            htmlFor={fields.masterPassword.id}
            errorId={fields.masterPassword.errorId}
            errors={fields.masterPassword.errors}
            hint="Necessária para adicionar e para remover senhas."
            hintId={fields.masterPassword.descriptionId}
          >
            <input
              {...getInputProps(fields.masterPassword, {
                type: "password",
                ariaDescribedBy: fields.masterPassword.descriptionId,
              })}
              autoComplete="current-password"
              className={inputClass}
            />
          </Field>
        )}

        <div className="rounded-lg border border-slate-200 p-4">
          <Field
            label="Nome da senha"
            htmlFor={fields.label.id}
            errorId={fields.label.errorId}
            errors={fields.label.errors}
            hint="De quem é a senha, por exemplo: Senha da equipe do polo Centro. Aparece na lista e no registro de envios."
            hintId={fields.label.descriptionId}
          >
            <input
              {...getInputProps(fields.label, { type: "text", ariaDescribedBy: fields.label.descriptionId })}
              maxLength={PASSWORD_LABEL_MAX}
              autoComplete="off"
              className={inputClass}
            />
          </Field>
          <div className="mt-4" />
          <Field
            label="Nova Senha"
            htmlFor={fields.newPassword.id}
            errorId={fields.newPassword.errorId}
            errors={fields.newPassword.errors}
          >
            <input
              {...getInputProps(fields.newPassword, { type: "password" })}
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
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

        <div>
          <SectionHeading size="panel">Senhas Cadastradas</SectionHeading>
          {passwords.length === 0 ? (
            <p className="mt-2 text-slate-600" data-testid="no-passwords">
              Nenhuma senha cadastrada
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="password-list">
              {passwords.map((password, index) => (
                <li key={password.id} className="flex items-center justify-between gap-4 px-4 py-3">
                  <span>
                    {/* The dots are decoration; the hidden text names the password (a plain span cannot carry aria-label). */}
                    <span className="font-mono text-lg tracking-widest text-slate-700" aria-hidden="true">
                      ••••••••
                    </span>
                    <span className="sr-only">Senha {index + 1} (oculta)</span>
                    <span className="ml-3 font-semibold text-slate-900" data-testid="password-label">
                      {password.label || "Sem nome (cadastrada antes dos nomes)"}
                    </span>
                    <span className="ml-3 text-xs text-slate-500">
                      cadastrada em {dateFormat.format(new Date(password.createdAt))}
                    </span>
                  </span>
                  <SubmitButton
                    name="intent"
                    value={`remover:${password.id}`}
                    pending={pendingIntent === `remover:${password.id}`}
                    pendingText="Removendo..."
                    spinnerClassName="size-4"
                    disabled={busy}
                    aria-label={`${pendingIntent === `remover:${password.id}` ? "Removendo" : "Remover"} senha ${index + 1}`}
                    variant="danger-outline"
                    size="sm"
                  >
                    <Trash2 aria-hidden="true" className="size-4" /> Remover
                  </SubmitButton>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <SectionHeading size="panel">Ajudantes instalados</SectionHeading>
          <p className="mt-1 text-sm text-slate-600">
            Cada script de início baixado em <code>/whatsapp</code> traz uma chave própria. Revogue a de um computador que não
            deve mais enviar: o ajudante dele para na próxima conexão. Remover uma senha revoga os ajudantes baixados com ela.
          </p>
          {helpers.length === 0 ? (
            <p className="mt-2 text-slate-600" data-testid="no-helpers">
              Nenhum ajudante instalado
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="helper-list">
              {helpers.map((helper) => (
                <li key={helper.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                  <span>
                    <span className="font-semibold text-slate-900" data-testid="helper-owner">
                      {helper.owner || "Sem dono registrado"}
                    </span>
                    <span className="ml-2 text-slate-600">
                      {helper.platform ? `${helper.platform}, ` : ""}baixado em{" "}
                      {dateTimeFormat.format(new Date(helper.createdAt))}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {helper.lastUsedAt
                        ? `último uso em ${dateTimeFormat.format(new Date(helper.lastUsedAt))}`
                        : "ainda não usado"}
                      {helper.live ? "" : " · inativo: o dono não tem mais acesso à ferramenta"}
                    </span>
                  </span>
                  <SubmitButton
                    name="intent"
                    value={`revogar:${helper.id}`}
                    pending={pendingIntent === `revogar:${helper.id}`}
                    pendingText="Revogando..."
                    spinnerClassName="size-4"
                    disabled={busy}
                    aria-label={`Revogar o ajudante de ${helper.owner || "dono não registrado"} baixado em ${dateTimeFormat.format(new Date(helper.createdAt))}`}
                    variant="danger-outline"
                    size="sm"
                  >
                    <Trash2 aria-hidden="true" className="size-4" /> Revogar
                  </SubmitButton>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Form>

      <ButtonLink to={WHATSAPP_PATH} variant="neutral" size="md" className="mt-8">
        <ArrowLeft aria-hidden="true" className="size-4" /> Voltar
      </ButtonLink>
    </section>
  );
}
