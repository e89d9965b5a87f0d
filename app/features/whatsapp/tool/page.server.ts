import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { getInstitution } from "~/features/institution/institution.server";
import { forbiddenMessage, getAdmin } from "~/features/staff/auth.server";
import { LOGOUT_INTENT } from "~/features/whatsapp/paths";
import {
  gateSchema,
  HELPER_PACKAGE_PATH,
  HELPER_VERIFY_PATH,
  LOG_PAGE_PARAM,
  START_SCRIPT_PATHS,
} from "~/features/whatsapp/tool/tool";
import { config } from "~/platform/config.server";
import { clientIp } from "~/platform/rate-limit.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { WHATSAPP_PATH } from "~/shared/area-paths";
import { privateData, privateHeaders } from "~/shared/cache-headers";
import type { ToastMessage } from "~/shared/toast";

import {
  endOperatorSession,
  gateLimiter,
  getWhatsappActor,
  matchAccessPassword,
  startOperatorSession,
  tooManyAttemptsMessage,
} from "../access/access.server";
import { HANDOFF_PARAM, openHandoff } from "../handoff/handoff.server";
import { unreadReplyCounts } from "../replies/replies.server";
import { listSendLog } from "./send-log.server";

/**
 * The WhatsApp tool's page (/whatsapp): the password gate or the mirroring page (whatsappPageData),
 * and its posts by `intent` (whatsappPageAction): 'Desconectar' ends the operator session, anything
 * else is the gate's password.
 */

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

/** The gate (no operator session, no staff role with "whatsapp") or the mirroring page, with their headers. */
export async function whatsappPageData(request: Request) {
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

/** 'Desconectar': the operator session ends, back to the gate. */
async function signOutAction(request: Request) {
  const cookie = await endOperatorSession(request);
  return privateRedirectWithToast(
    request,
    WHATSAPP_PATH,
    { title: "Sessão encerrada", description: "Você saiu da ferramenta de WhatsApp." },
    { headers: { "Set-Cookie": cookie } },
  );
}

/** The gate's password: rate-limited per address, then an operator session and back to the page (and its list). */
async function enterAction(request: Request, formData: FormData) {
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

/** The page's posts, by `intent`. */
export function whatsappPageAction(request: Request, formData: FormData) {
  switch (formData.get("intent")) {
    case LOGOUT_INTENT:
      return signOutAction(request);
    default:
      return enterAction(request, formData);
  }
}
