import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { WhatsAppGate } from "~/components/whatsapp/gate";
import { MirrorPage } from "~/components/whatsapp/mirror";
import { privateData, privateHeaders } from "~/lib/cache-headers";
import {
  type ConnectionLost,
  isConnectionLost,
  sendKeepingForm,
  skipRevalidationAfterConnectionLost,
} from "~/lib/offline-submit";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import {
  gateSchema,
  HELPER_PACKAGE_PATH,
  HELPER_VERIFY_PATH,
  LOG_PAGE_PARAM,
  LOGOUT_INTENT,
  START_SCRIPT_PATHS,
  WHATSAPP_PATH,
} from "~/lib/whatsapp";
import { forbiddenMessage, getAdmin } from "~/server/auth.server";
import { config } from "~/server/config.server";
import { getInstitution } from "~/server/content/institution.server";
import { readFormData } from "~/server/form-data.server";
import { clientIp, withRetryAfter } from "~/server/rate-limit.server";
import { privateRedirectWithToast } from "~/server/toast.server";
import {
  endOperatorSession,
  gateLimiter,
  getWhatsappActor,
  matchAccessPassword,
  startOperatorSession,
  tooManyAttemptsMessage,
} from "~/server/whatsapp-access.server";
import { HANDOFF_PARAM, openHandoff } from "~/server/whatsapp-handoff.server";
import { listSendLog } from "~/server/whatsapp-log.server";
import { unreadReplyCounts } from "~/server/whatsapp-replies.server";

import type { Route } from "./+types/whatsapp._index";

/**
 * /whatsapp: the password gate, or (for an operator who passed it, or a signed-in staff user whose
 * role holds "whatsapp": decision 069) the mirroring page that talks to the local helper over
 * socket.io. A staff user never sees the gate: the page opens as that person. The action handles the gate ('entrar') and 'Desconectar'.
 * ?lista=<id> opens a contact list handed off from the leads panel: the contacts box comes filled
 * (server-rendered), and the gate brings the operator back to the same list after the password.
 * With JavaScript, a lost connection keeps the typed password, or the mirroring page, with a
 * message (lib/offline-submit).
 */

export const meta: Route.MetaFunction = (args) => {
  const mirror = args.data?.view === "mirror";
  return pageMeta(args, {
    title: mirror ? `Espelhamento WhatsApp ${args.data?.productName ?? ""}`.trim() : "WhatsApp - Área Restrita",
    description: "Ferramenta interna de envio de mensagens pelo WhatsApp.",
    noindex: true,
  });
};

/** Answers that leave without the layout's headers (redirects, thrown answers) are not kept either. */

/** The WhatsApp layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);

/** /whatsapp, keeping the hand-off list the operator was opening (?lista=). */
function whatsappPathFor(request: Request): string {
  const list = new URL(request.url).searchParams.get(HANDOFF_PARAM);
  return list && list.length <= 100 ? `${WHATSAPP_PATH}?${new URLSearchParams({ [HANDOFF_PARAM]: list })}` : WHATSAPP_PATH;
}

/** What the page shows of a hand-off list: the lines and the counts, or why it does not open. */
function handoffForPage(list: string | null) {
  if (list === null) return null;
  const opened = openHandoff(list);
  if (!opened.ok) return { ok: false as const, message: opened.message };
  const { id, text, contacts, removedOptOuts, panelHref } = opened;
  return { ok: true as const, id, text, count: contacts.length, removedOptOuts, panelHref };
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await getWhatsappActor(request);
  if (!actor) {
    const headers = privateHeaders();
    // A stale operator cookie (its session ended or expired, or its password was removed) is cleared.
    if (request.headers.get("Cookie")?.includes("__operador=")) headers.append("Set-Cookie", await endOperatorSession(request));
    // A signed-in role without the permission (marketing) is told why the gate asks for a password.
    const staff = await getAdmin(request);
    const staffNotice = staff
      ? `${forbiddenMessage(staff.role)} Sem uma senha de acesso da equipe, a ferramenta não abre.`
      : null;
    return data({ view: "gate" as const, productName: getInstitution().productName, staffNotice }, { headers });
  }
  const params = new URL(request.url).searchParams;
  const page = Number(params.get(LOG_PAGE_PARAM) ?? 1);
  return privateData({
    view: "mirror" as const,
    productName: getInstitution().productName,
    // Who the page opened as (the header names them; 'Sair' ends a staff user's own session).
    viewer:
      actor.kind === "staff"
        ? { name: actor.email, roleLabel: actor.roleLabel, staff: true }
        : { name: actor.label ? `Operador (${actor.label})` : "Operador", roleLabel: null, staff: false },
    // No token in the page: it is made for the helper that proves itself (decision 070).
    helper: { url: config.helperUrl, verifyPath: HELPER_VERIFY_PATH },
    downloads: { ...START_SCRIPT_PATHS, package: HELPER_PACKAGE_PATH },
    log: listSendLog(page),
    handoff: handoffForPage(params.get(HANDOFF_PARAM)),
    unreadReplies: unreadReplyCounts().unread,
  });
}

export type GateFailure = { result: SubmissionResult<string[]>; alert: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);

  if (formData.get("intent") === LOGOUT_INTENT) {
    const cookie = await endOperatorSession(request);
    return privateRedirectWithToast(
      request,
      WHATSAPP_PATH,
      { title: "Sessão encerrada", description: "Você saiu da ferramenta de WhatsApp." },
      { headers: { "Set-Cookie": cookie } },
    );
  }

  const submission = parseWithZod(formData, { schema: gateSchema });
  const fail = (status: number, alert: ToastMessage, fieldErrors?: Record<string, string[]>, retryAfter?: number) =>
    privateData<GateFailure>(
      { result: submission.reply({ fieldErrors, hideFields: ["password"] }), alert },
      { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : {} },
    );
  if (submission.status !== "success") {
    return fail(400, { title: "Senha incorreta", description: "Por favor, tente novamente" });
  }

  // Counted before the (slow) hash comparisons so concurrent guesses cannot all reach them; a success gives it back.
  const ip = clientIp(request);
  if (!(await gateLimiter.hit(ip))) {
    const retryAfter = await gateLimiter.retryAfterSeconds(ip);
    return fail(429, { title: "Muitas tentativas", description: tooManyAttemptsMessage(retryAfter) }, undefined, retryAfter);
  }
  const passwordId = await matchAccessPassword(submission.value.password);
  if (passwordId === null) {
    return fail(401, { title: "Senha incorreta", description: "Por favor, tente novamente" }, { password: ["Senha incorreta"] });
  }
  await gateLimiter.release(ip);
  const cookie = await startOperatorSession(request, passwordId);
  return privateRedirectWithToast(
    request,
    whatsappPathFor(request),
    { title: "Autenticado com sucesso" },
    { headers: { "Set-Cookie": cookie } },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function WhatsApp({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "gate") {
    return <WhatsAppGate answer={actionData as GateFailure | ConnectionLost | undefined} staffNotice={loaderData.staffNotice} />;
  }
  return (
    <MirrorPage
      productName={loaderData.productName}
      helper={loaderData.helper}
      downloads={loaderData.downloads}
      log={loaderData.log}
      handoff={loaderData.handoff}
      connectionLost={isConnectionLost(actionData) ? actionData : null}
      unreadReplies={loaderData.unreadReplies}
    />
  );
}
