import { asc, eq, max } from "drizzle-orm";

import { firstName } from "~/features/email/templates";
import { firstContactState } from "~/features/leads/distribution/business-hours";
import { isLeadLate } from "~/features/leads/distribution/late";
import { EMPTY_FILTERS } from "~/features/leads/filters";
import * as serverClock from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { countLeads, leadConditions } from "../queries.server";
import { type LeadViewer, withinWall } from "../walls.server";

const leads = schema.leads;
const users = schema.adminUsers;

/** One lead of the panel's "Aguardando primeiro contato" box: what the viewer may already see in the list. */
export type WaitingLead = {
  id: number;
  firstName: string;
  course: string;
  polo: string;
  owner: string | null;
  /** "aguardando há 12 min" (decision 087). */
  text: string;
  /** "atrasado" by the one rule of decision 142 (app/features/leads/distribution/late.ts). */
  late: boolean;
};

/**
 * The box and its live copy (/contato/aguardando.json): how many leads wait for a first contact,
 * how many leads are "atrasados" (the count `?atrasados=1` lists), the most urgent waiting leads,
 * and the id of the newest waiting lead (so the page can tell that a new one arrived).
 */
export type WaitingBox = {
  total: number;
  late: number;
  leads: WaitingLead[];
  newest: { id: number; firstName: string } | null;
};

/** The most urgent few: the list of leads under the box is the panel's first screen, the total links to them all. */
export const WAITING_BOX_SIZE = 5;

/**
 * The panel's waiting box for a viewer at `now`: every count and row inside her wall (decision 138),
 * so a comercial user counts and sees only her own leads and the unassigned ones. Refuses nothing;
 * the caller has checked the "leads" permission.
 */
export function waitingBox(viewer: LeadViewer, now: Date = serverClock.now(), limit = WAITING_BOX_SIZE): WaitingBox {
  const waitingFilters = withinWall({ ...EMPTY_FILTERS, aguardando: true }, viewer);
  const where = leadConditions(waitingFilters, { now });
  const rows = db
    .select({
      id: leads.id,
      nome: leads.nome,
      curso: leads.curso_interesse,
      polo: leads.polo,
      ownerEmail: users.email,
      criado_em: leads.criado_em,
      first_contact_due_at: leads.first_contact_due_at,
      first_contact_at: leads.first_contact_at,
      proximo_contato: leads.proximo_contato,
      status: leads.status,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.owner_id))
    .where(where)
    .orderBy(asc(leads.first_contact_due_at), asc(leads.id))
    .limit(limit)
    .all();
  const newestId =
    db
      .select({ id: max(leads.id) })
      .from(leads)
      .where(where)
      .get()?.id ?? null;
  const newest =
    newestId === null ? undefined : db.select({ id: leads.id, nome: leads.nome }).from(leads).where(eq(leads.id, newestId)).get();
  return {
    total: countLeads(waitingFilters, now),
    late: countLeads(withinWall({ ...EMPTY_FILTERS, atrasados: true }, viewer), now),
    leads: rows.map((row) => ({
      id: row.id,
      firstName: firstName(row.nome),
      course: row.curso,
      polo: row.polo,
      owner: row.ownerEmail ?? null,
      text: firstContactState(row, now)?.text ?? "",
      late: isLeadLate(row, now),
    })),
    newest: newest ? { id: newest.id, firstName: firstName(newest.nome) } : null,
  };
}

/** The box with nothing in it: what the panel shows when the leads could not be read. */
export const EMPTY_WAITING_BOX: WaitingBox = { total: 0, late: 0, leads: [], newest: null };
