import { parseWithZod } from "@conform-to/zod/v4";

import { statusWithReason } from "~/features/leads/status";
import { getAdmin } from "~/features/staff/auth.server";
import { can } from "~/features/staff/roles";
import {
  CONFIRM_LOST_PARAM,
  OPT_OUT_SEARCH_PARAM,
  OPT_OUTS_PATH,
  REPLIES_PATH,
  REPLY_INTENTS,
  UNDO_INTENT,
  undoOptOutSchema,
} from "~/features/whatsapp/replies/replies";
import * as serverClock from "~/platform/clock.server";
import { readFormData } from "~/platform/form-data.server";
import { sameOrigin } from "~/platform/same-origin.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";

import { describeSentBy, requireOperator, sentByOf, type WhatsappActor } from "../access/access.server";
import {
  listOptOutChanges,
  listOptOutsForReview,
  OPT_OUT_GONE,
  optOutExists,
  optOutFromReply,
  releaseHeldPerson,
  undoOptOut,
} from "../optouts/optout-review.server";
import { optedOutAmong } from "../optouts/optouts.server";
import {
  leadReplies,
  listReplies,
  markAllRepliesRead,
  markLeadLostFromReply,
  markReplyRead,
  OPT_OUT_REVIEW,
  replyExists,
  type ReplyRow,
  unreadReplyCounts,
} from "./replies.server";

/**
 * The pages /whatsapp/respostas and /whatsapp/descadastros (decision 071): what their loaders give
 * and what their forms do. Open to whoever may use the WhatsApp tool (an operator session or a staff
 * user whose role holds "whatsapp"); anyone else is sent to the gate. Each post is checked here, on
 * the server, then answered with a redirect and a toast (or the form's errors), so every form works
 * without JavaScript.
 */

/** A reply as the pages show it: dates in words, who read or handled it, the lead's status. */
export type ReplyView = ReturnType<typeof replyView>;

function replyView(row: ReplyRow, optedOut = false) {
  return {
    optedOut,
    id: row.id,
    number: row.number,
    pushName: row.pushName,
    text: row.text,
    received: formatDateTimeBr(row.receivedAt),
    receivedAt: row.receivedAt,
    category: row.category,
    categoryLabel: row.categoryLabel,
    flagged: row.flagged,
    lead:
      row.leadId === null
        ? null
        : { id: row.leadId, name: row.leadName ?? "", status: statusWithReason(row.leadStatus ?? "", null) },
    leadLost: row.leadStatus === "perdido",
    // "parece pedido de saída": held out of every send until someone decides (decision 118)
    held: row.optOutReview === OPT_OUT_REVIEW.pending,
    read: row.readAt ? { at: formatDateTimeBr(row.readAt), by: describeSentBy(row.readBy) } : null,
    handled: row.handledAt ? { at: formatDateTimeBr(row.handledAt), by: describeSentBy(row.handledBy) } : null,
  };
}

/** Who the page opened as, for the area's header (the same words as the mirroring page's). */
function viewerOf(actor: WhatsappActor) {
  return actor.kind === "staff"
    ? { name: actor.email, roleLabel: actor.roleLabel, staff: true }
    : { name: actor.label ? `Operador (${actor.label})` : "Operador", roleLabel: null, staff: false };
}

/** Whether this request's staff user may open a lead's page (the lead link shows only then). */
async function canOpenLeads(request: Request): Promise<boolean> {
  const staff = await getAdmin(request);
  return !!staff && can(staff.role, "leads");
}

/** /whatsapp/respostas: the inbox, its counts and the reply whose "Perdido" is being confirmed. */
export async function repliesPageData(request: Request) {
  const actor = await requireOperator(request);
  const rows = listReplies();
  const optedOut = optedOutAmong(rows.map((row) => row.number).filter(Boolean));
  const replies = rows.map((row) => replyView(row, optedOut.has(row.number)));
  const confirmId = Number(new URL(request.url).searchParams.get(CONFIRM_LOST_PARAM) ?? "");
  const confirming = replies.find((reply) => reply.id === confirmId && reply.category === "sem-interesse" && reply.lead) ?? null;
  return privateData({
    viewer: viewerOf(actor),
    replies,
    counts: unreadReplyCounts(),
    confirming,
    leadLinks: await canOpenLeads(request),
  });
}

/** A row id posted by a form: a positive whole number, or null. */
function idField(formData: FormData, name = "id"): number | null {
  const value = formData.get(name);
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}

function refused(message: string, status: number) {
  return privateData({ error: message } as const, { status });
}

const UNKNOWN_INTENT = "Ação desconhecida. Recarregue a página e tente novamente.";
const FOREIGN_ORIGIN = "Envie o formulário pela página do site.";
const REPLY_GONE = "Esta resposta não existe mais. Recarregue a página.";

/**
 * The inbox's posts: "Marcar como lida", "Marcar todas como lidas", "Marcar lead como Perdido"
 * (confirmed), "Descadastrar" and "Não é pedido de saída" (decision 118).
 */
export async function repliesAction(request: Request, now: Date = serverClock.now()) {
  const actor = await requireOperator(request);
  if (!sameOrigin(request)) return refused(FOREIGN_ORIGIN, 403);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const by = sentByOf(actor);
  const back = (title: string, description?: string) => privateRedirectWithToast(request, REPLIES_PATH, { title, description });

  if (intent === REPLY_INTENTS.readAll) {
    const count = markAllRepliesRead(by, now);
    return back("Respostas marcadas como lidas", count === 1 ? "1 resposta." : `${count} respostas.`);
  }
  const id = idField(formData);
  if (intent === REPLY_INTENTS.read) {
    // read already (by someone else, a moment ago) is fine; gone is not
    if (id === null || (!markReplyRead(id, by, now) && !replyExists(id))) return refused(REPLY_GONE, 404);
    return back("Resposta marcada como lida");
  }
  if (intent === REPLY_INTENTS.lost) {
    if (id === null) return refused(REPLY_GONE, 404);
    const result = markLeadLostFromReply(id, by, now);
    if (!result.ok) return refused(result.message, 409);
    return back(
      result.changed ? "Lead marcado como Perdido" : "O lead já estava como Perdido",
      result.changed ? "Motivo: sem interesse (respondeu no WhatsApp: não tenho interesse)." : undefined,
    );
  }
  if (intent === REPLY_INTENTS.optOut) {
    if (id === null) return refused(REPLY_GONE, 404);
    const result = optOutFromReply(id, by, now);
    if (!result.ok) return refused(result.message, 409);
    return back(
      result.changed ? "Descadastrado" : "Este número já estava descadastrado",
      `Nenhum ajudante envia mais mensagens para ${result.number}. Para desfazer, use Descadastros (com o motivo).`,
    );
  }
  if (intent === REPLY_INTENTS.release) {
    if (id === null) return refused(REPLY_GONE, 404);
    const result = releaseHeldPerson(id, by, now);
    if (!result.ok) return refused(result.message, 409);
    return back("Não é pedido de saída", `${result.number} pode voltar a receber mensagens.`);
  }
  return refused(UNKNOWN_INTENT, 400);
}

/** /whatsapp/descadastros: the opt-outs (searched), their undo log and the unread replies' count. */
export async function optOutsPageData(request: Request) {
  const actor = await requireOperator(request);
  const search = (new URL(request.url).searchParams.get(OPT_OUT_SEARCH_PARAM) ?? "").slice(0, 100);
  const { rows, total } = listOptOutsForReview(search);
  return privateData({
    viewer: viewerOf(actor),
    search,
    total,
    optOuts: rows.map((row) => ({
      ...row,
      when: formatDateTimeBr(row.at),
      recordedBy: row.recordedBy || (row.source === "helper" ? "Ajudante do WhatsApp" : "Painel"),
    })),
    changes: listOptOutChanges().map((change) => ({
      ...change,
      when: formatDateTimeBr(change.at),
      optedOut: change.optedOutAt ? formatDateTimeBr(change.optedOutAt) : "-",
    })),
  });
}

/** "Desfazer" an opt-out: the reason is required; the entry goes to the undo log, in one transaction. */
export async function optOutsAction(request: Request, now: Date = serverClock.now()) {
  const actor = await requireOperator(request);
  if (!sameOrigin(request)) return refused(FOREIGN_ORIGIN, 403);
  const formData = await readFormData(request);
  if (formData.get("intent") !== UNDO_INTENT) return refused(UNKNOWN_INTENT, 400);
  // the row first: the reason's message is shown beside that row's field, so the row must be listed
  const id = idField(formData);
  if (id === null || !optOutExists(id)) return refused(OPT_OUT_GONE, 404);
  const submission = parseWithZod(formData, { schema: undoOptOutSchema });
  if (submission.status !== "success") {
    return privateData({ result: submission.reply(), id }, { status: 400 });
  }
  const result = undoOptOut(submission.value.id, submission.value.motivo, sentByOf(actor), now);
  if (!result.ok) return refused(result.message, 404);
  // back to the same list (the search kept)
  const search = new URL(request.url).searchParams.get(OPT_OUT_SEARCH_PARAM)?.slice(0, 100);
  return privateRedirectWithToast(
    request,
    search ? `${OPT_OUTS_PATH}?${new URLSearchParams({ [OPT_OUT_SEARCH_PARAM]: search })}` : OPT_OUTS_PATH,
    { title: "Descadastro desfeito", description: `O número ${result.number} pode voltar a receber mensagens.` },
  );
}

/** The lead page's "Respostas no WhatsApp": that lead's replies, newest first. */
export function leadRepliesView(leadId: number) {
  const rows = leadReplies(leadId);
  const optedOut = optedOutAmong(rows.map((row) => row.number).filter(Boolean));
  return rows.map((row) => replyView(row, optedOut.has(row.number)));
}
