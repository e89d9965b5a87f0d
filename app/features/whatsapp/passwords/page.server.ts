import type { Submission as ConformSubmission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie } from "react-router";

import { getAdminWith } from "~/features/staff/auth.server";
import {
  BLANK_LABEL_ALERT,
  BLANK_LABEL_MESSAGE,
  BLANK_PASSWORD_ALERT,
  BLANK_PASSWORD_MESSAGE,
  type ManageInput,
  MANAGER_UNLOCK_MINUTES,
  manageSchema,
  removalId,
  revocationId,
} from "~/features/whatsapp/tool/tool";
import { now as clockNow } from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { clientIp } from "~/platform/rate-limit.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { WHATSAPP_PATH } from "~/shared/area-paths";
import { privateData } from "~/shared/cache-headers";
import type { ToastMessage } from "~/shared/toast";

import {
  addAccessPassword,
  checkMasterPassword,
  listAccessPasswords,
  masterLimiter,
  masterPasswordConfigured,
  removeAccessPassword,
  tooManyAttemptsMessage,
} from "../access/access.server";
import {
  listHelperKeys,
  listRevokedHelpers,
  MAX_UNUSED_KEYS_PER_OWNER,
  revokeHelperKey,
  UNUSED_KEY_DAYS,
} from "../helper-api/helper-keys.server";

/**
 * The WhatsApp tool's password page (/whatsapp/<admin slug>): what it shows and what its one form
 * does, by `intent`: add a password, remove one ("remover-<id>"), revoke a helper ("revogar-<id>").
 * Managing is for a signed-in user of the admin role (the users permission) or whoever knows the
 * master password. The route checks the slug; everything else is here.
 */

/**
 * Set when the master password was given on this page: the lists show in this browser for
 * MANAGER_UNLOCK_MINUTES. Signed, http-only, only sent to the WhatsApp pages. Every change still
 * needs the master password (or an admin session) itself.
 */
const managerCookie = createCookie("__gerente_whatsapp", {
  httpOnly: true,
  sameSite: "strict",
  secure: config.isProduction && config.siteUrl.startsWith("https://"),
  path: WHATSAPP_PATH,
  maxAge: MANAGER_UNLOCK_MINUTES * 60,
  secrets: [config.sessionSecret],
});

async function unlockedByMaster(request: Request): Promise<boolean> {
  try {
    const value = (await managerCookie.parse(request.headers.get("Cookie"))) as { at?: unknown } | null;
    const at = typeof value?.at === "number" ? value.at : NaN;
    const now = clockNow().getTime();
    return at <= now && now - at < MANAGER_UNLOCK_MINUTES * 60_000;
  } catch {
    return false;
  }
}

/**
 * The page's data. The lists (passwords' names, helpers' owners with their e-mails, key ids and
 * dates) only for a signed-in admin or a browser that gave the master password in the last
 * MANAGER_UNLOCK_MINUTES; anyone else gets the forms and `locked`.
 */
export async function managePasswordsView(request: Request) {
  const admin = await getAdminWith(request, "users");
  const unlocked = admin !== null || (await unlockedByMaster(request));
  return {
    locked: !unlocked,
    passwords: unlocked ? listAccessPasswords() : [],
    helpers: unlocked ? listHelperKeys() : [],
    revokedHelpers: unlocked ? listRevokedHelpers() : [],
    adminEmail: admin?.email ?? null,
    masterConfigured: masterPasswordConfigured(),
    unusedKeyDays: UNUSED_KEY_DAYS,
    maxUnusedKeys: MAX_UNUSED_KEYS_PER_OWNER,
  };
}

export type ManageFailure = { result: SubmissionResult<string[]>; alert: ToastMessage };

/** What refusals need of the parsed post: its reply. */
type Submission = Pick<ConformSubmission<ManageInput>, "reply">;
const HIDDEN_FIELDS = ["masterPassword", "newPassword"];

/** A refused post: the alert, the field errors, no password sent back. */
function refuse(
  submission: Submission,
  status: number,
  alert: ToastMessage,
  fieldErrors?: Record<string, string[]>,
  headers?: HeadersInit,
) {
  return privateData<ManageFailure>(
    { result: submission.reply({ fieldErrors, hideFields: HIDDEN_FIELDS }), alert },
    { status, headers },
  );
}

/** What the post asks for, read from its `intent`. */
type Target = { kind: "revoke"; id: string } | { kind: "remove"; id: number } | { kind: "add" } | { kind: "show" };

function targetOf(intent: string): Target {
  if (intent === "mostrar") return { kind: "show" };
  const revoking = revocationId(intent);
  if (revoking !== null) return { kind: "revoke", id: revoking };
  const removing = removalId(intent);
  if (removing !== null) return { kind: "remove", id: removing };
  return { kind: "add" };
}

const VERBS: Record<Target["kind"], string> = {
  revoke: "revogar ajudantes",
  remove: "remover",
  add: "adicionar",
  show: "ver as listas de",
};

/**
 * Who may manage: a signed-in admin, or the master password (rate-limited per address). Returns the
 * refusal to answer, or null to go on.
 */
async function refuseUnlessManager(request: Request, submission: Submission, masterPassword: string | undefined, target: Target) {
  if (await getAdminWith(request, "users")) return null;
  return refuseUnlessMaster(request, submission, masterPassword, target);
}

async function refuseUnlessMaster(request: Request, submission: Submission, masterPassword: string | undefined, target: Target) {
  const ip = clientIp(request);
  if (!(await masterLimiter.hit(ip))) {
    const retryAfter = await masterLimiter.retryAfterSeconds(ip);
    const alert = { title: "Muitas tentativas", description: tooManyAttemptsMessage(retryAfter) };
    return refuse(submission, 429, alert, undefined, { "Retry-After": String(retryAfter) });
  }
  if (!checkMasterPassword(masterPassword)) {
    const verb = VERBS[target.kind];
    const description = masterPasswordConfigured()
      ? `Você não tem permissão para ${verb} senhas`
      : `Você não tem permissão para ${verb} senhas. A senha mestra não está configurada: entre como administrador.`;
    return refuse(
      submission,
      403,
      { title: "Senha mestra incorreta", description },
      { masterPassword: ["Senha mestra incorreta"] },
    );
  }
  await masterLimiter.release(ip);
  return null;
}

function revokeHelperAction(request: Request, submission: Submission, id: string) {
  if (!revokeHelperKey(id)) {
    return refuse(submission, 404, {
      title: "Ajudante não encontrado",
      description: "A chave pode já ter sido revogada. Recarregue a página.",
    });
  }
  return privateRedirectWithToast(request, new URL(request.url).pathname, {
    title: "Ajudante revogado",
    description:
      "Ele não acessa mais o site nem aceita esta página; ao saber, sai do WhatsApp, apaga a sessão e fecha. Confira no celular, em Aparelhos conectados, e remova o aparelho se ainda aparecer.",
  });
}

function removePasswordAction(request: Request, submission: Submission, id: number) {
  if (!removeAccessPassword(id)) {
    return refuse(submission, 404, {
      title: "Senha não encontrada",
      description: "Ela pode já ter sido removida. Recarregue a página.",
    });
  }
  return privateRedirectWithToast(request, new URL(request.url).pathname, {
    title: "Senha removida",
    description:
      "Os ajudantes baixados com ela foram revogados: ao saber, saem do WhatsApp e apagam a sessão. Confira no celular, em Aparelhos conectados.",
  });
}

async function addPasswordAction(request: Request, submission: Submission, newPassword?: string, label?: string) {
  // A password already stored is refused (found by its lookup tag: one scrypt, decision 060).
  if (!newPassword || !label || (await addAccessPassword(newPassword, label)) === null) {
    const alert = { title: "Senha já cadastrada", description: "Escolha uma senha diferente das já cadastradas." };
    return refuse(submission, 409, alert, { newPassword: ["Esta senha já está cadastrada"] });
  }
  return privateRedirectWithToast(request, new URL(request.url).pathname, {
    title: "Senha adicionada",
    description: "A nova senha já pode ser usada para acessar a ferramenta.",
  });
}

/** The page's post: parse, check who manages, then the named change; a redirect with a toast, or the refusal. */
export async function managePasswordsAction(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: manageSchema });
  if (submission.status !== "success") {
    const blank = submission.error?.newPassword?.includes(BLANK_PASSWORD_MESSAGE);
    const unnamed = submission.error?.label?.includes(BLANK_LABEL_MESSAGE);
    const alert = blank
      ? BLANK_PASSWORD_ALERT
      : unnamed
        ? BLANK_LABEL_ALERT
        : { title: "Ação inválida", description: "Confira os campos e tente novamente." };
    return refuse(submission, 400, alert);
  }
  const { intent, masterPassword, newPassword, label } = submission.value;
  const target = targetOf(intent);
  const refused = await refuseUnlessManager(request, submission, masterPassword, target);
  if (refused) return refused;
  // the master password (not an admin session) shows the lists in this browser for a while
  const answer = await answerFor(request, submission, target, newPassword, label);
  if (answer instanceof Response && !(await getAdminWith(request, "users"))) {
    answer.headers.append("Set-Cookie", await managerCookie.serialize({ at: clockNow().getTime() }));
  }
  return answer;
}

async function answerFor(request: Request, submission: Submission, target: Target, newPassword?: string, label?: string) {
  switch (target.kind) {
    case "show":
      return privateRedirectWithToast(request, new URL(request.url).pathname, {
        title: "Listas liberadas",
        description: `As senhas e os ajudantes ficam visíveis neste navegador por ${MANAGER_UNLOCK_MINUTES} minutos.`,
      });
    case "revoke":
      return revokeHelperAction(request, submission, target.id);
    case "remove":
      return removePasswordAction(request, submission, target.id);
    case "add":
      return addPasswordAction(request, submission, newPassword, label);
  }
}
