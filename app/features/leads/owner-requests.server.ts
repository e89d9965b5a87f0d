import { and, asc, eq } from "drizzle-orm";

import { enqueueEmail } from "~/features/email/outbox.server";
import { firstName, leadAlertEmail } from "~/features/email/templates";
import { leadLink } from "~/features/leads/distribution/assign.server";
import * as serverClock from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";
import { formatDateTimeBr } from "~/shared/dates";

import { REQUEST_UNKNOWN } from "./follow-up-form";
import { LEAD_ORIGINS } from "./origins";
import { findOwner, moveLeadOwnerIn, OWNER_LOCKED_STATUS } from "./owner.server";
import type { Lead } from "./privacy.server";

/**
 * Requests for a colleague's lead (decision 146). A comercial user who sees a colleague's lead (a
 * team whose leads an admin opened) cannot take it: she asks, with an optional reason. The manager
 * approves (the lead becomes hers through the owner change of the lead page: its history note, the
 * previous owner's e-mail, the Matriculado lock) or refuses; the asker is told by e-mail either way,
 * and every step is a note in the lead's history. Each step and its e-mails are one transaction.
 */

const requests = schema.leadOwnerRequests;
const users = schema.adminUsers;

/** The history note kind of a request, its approval and its refusal. */
export const REQUEST_NOTE_KIND = "pedido";

export const ALREADY_ASKED = "Você já pediu este lead. O gestor ainda vai decidir.";
export const REQUEST_LOCKED_ERROR =
  "Lead matriculado: o responsável não muda mais, o pedido não pode ser aprovado. Recuse o pedido.";
export const ASKER_NOT_COMERCIAL = "Quem pediu não é mais um usuário comercial: o lead não pode ir para ela. Recuse o pedido.";

export type Refusal = { ok: false; field: "motivo_pedido" | "pedido"; error: string };

/** A pending request as the manager reads it: who asked, why, when. */
export type PendingRequest = { id: number; leadId: number; asker: string; reason: string; when: string };

function note(leadId: number, text: string, by: string, now: Date) {
  db.insert(schema.leadNotes).values({ leadId, kind: REQUEST_NOTE_KIND, text, author: by, createdAt: now.toISOString() }).run();
}

/** "Pedido de ana@…: o motivo" (or without a reason), as the history and the manager read it. */
export function requestText(asker: string, reason: string): string {
  return reason ? `Pedido de ${asker}: ${reason}` : `Pedido de ${asker}`;
}

/**
 * The asker asks for the lead (the route checked she may: `canAskForLead`). One pending request per
 * lead and asker: asking again is refused with ALREADY_ASKED and stores nothing.
 */
export function askForLead(
  lead: Pick<Lead, "id">,
  asker: { id: number; email: string },
  reason: string | null,
  now: Date = serverClock.now(),
): { ok: true } | Refusal {
  return db.transaction(() => {
    const row = db
      .insert(requests)
      .values({ leadId: lead.id, askerId: asker.id, reason: reason ?? "", createdAt: now.toISOString() })
      .onConflictDoNothing()
      .returning({ id: requests.id })
      .get();
    if (!row) return { ok: false, field: "motivo_pedido", error: ALREADY_ASKED } as const;
    note(lead.id, requestText(asker.email, reason ?? ""), asker.email, now);
    return { ok: true } as const;
  });
}

/** Whether this user has a pending request for this lead. */
export function hasPendingRequest(leadId: number, askerId: number): boolean {
  return !!db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.leadId, leadId), eq(requests.askerId, askerId), eq(requests.status, "pending")))
    .get();
}

/** The pending requests, oldest first: of one lead, or of every lead (the manager's list). */
export function pendingRequests(leadId?: number): PendingRequest[] {
  return db
    .select({ id: requests.id, leadId: requests.leadId, asker: users.email, reason: requests.reason, at: requests.createdAt })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.askerId))
    .where(
      leadId === undefined ? eq(requests.status, "pending") : and(eq(requests.status, "pending"), eq(requests.leadId, leadId)),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id))
    .all()
    .map(({ at, ...row }) => ({ ...row, when: formatDateTimeBr(at) }));
}

/** The asker's e-mail: the lead's staff-alert facts (first name, course, polo, origin; never e-mail or phone). */
function tellAsker(kind: "lead.request_approved" | "lead.request_refused", to: string, lead: Lead, by: string, now: Date) {
  const parts = leadAlertEmail(kind, {
    firstName: firstName(lead.nome),
    course: lead.curso_interesse ?? "",
    polo: lead.polo ?? "",
    origin: LEAD_ORIGINS[lead.origem as keyof typeof LEAD_ORIGINS] ?? lead.origem,
    link: leadLink(lead.id),
    reason: kind === "lead.request_approved" ? `Aprovado por ${by}` : `Recusado por ${by}`,
  });
  enqueueEmail({ kind, to, ...parts, leadId: lead.id }, now);
}

/** The pending request `id` of this lead, with its asker, or undefined. */
function pendingRequestOf(lead: Pick<Lead, "id">, id: number) {
  return db
    .select({ id: requests.id, askerId: requests.askerId, asker: users.email })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.askerId))
    .where(and(eq(requests.id, id), eq(requests.leadId, lead.id), eq(requests.status, "pending")))
    .get();
}

function close(id: number, status: "approved" | "refused", by: string, now: Date) {
  db.update(requests).set({ status, decidedAt: now.toISOString(), decidedBy: by }).where(eq(requests.id, id)).run();
}

/**
 * The manager approves request `id` of this lead (the route checked `decidesLeadRequests`): the lead
 * becomes the asker's (the owner change, its note and the previous owner's e-mail), the asker is
 * told, the decision is a note. Refused, changing nothing: a request that is not pending on this lead,
 * a Matriculado lead (REQUEST_LOCKED_ERROR), an asker who is no longer a comercial user.
 */
export function approveRequest(
  lead: Lead,
  id: number,
  by: string,
  now: Date = serverClock.now(),
): { ok: true; asker: string } | Refusal {
  return db.transaction((tx) => {
    const request = pendingRequestOf(lead, id);
    if (!request) return { ok: false, field: "pedido", error: REQUEST_UNKNOWN } as const;
    if (lead.status === OWNER_LOCKED_STATUS) return { ok: false, field: "pedido", error: REQUEST_LOCKED_ERROR } as const;
    const asker = findOwner(request.askerId);
    if (!asker) return { ok: false, field: "pedido", error: ASKER_NOT_COMERCIAL } as const;
    moveLeadOwnerIn(tx, lead.id, asker, by, now);
    close(request.id, "approved", by, now);
    note(lead.id, `${requestText(request.asker, "")} aprovado por ${by}`, by, now);
    tellAsker("lead.request_approved", request.asker, lead, by, now);
    return { ok: true, asker: request.asker } as const;
  });
}

/** The manager refuses request `id` of this lead: the asker is told, the decision is a note, the owner stays. */
export function refuseRequest(
  lead: Lead,
  id: number,
  by: string,
  now: Date = serverClock.now(),
): { ok: true; asker: string } | Refusal {
  return db.transaction(() => {
    const request = pendingRequestOf(lead, id);
    if (!request) return { ok: false, field: "pedido", error: REQUEST_UNKNOWN } as const;
    close(request.id, "refused", by, now);
    note(lead.id, `${requestText(request.asker, "")} recusado por ${by}`, by, now);
    tellAsker("lead.request_refused", request.asker, lead, by, now);
    return { ok: true, asker: request.asker } as const;
  });
}
