import { saoPauloDate } from "../dates";
import { CLOSED_STATUSES, type LeadStatus } from "./status";

/**
 * What "atrasado" means, everywhere (decision 142): a lead still open (not Perdido nor Matriculado)
 * whose first contact is past its due time (no first contact yet and `first_contact_due_at` at or
 * before now), or whose next contact (`proximo_contato`) was due before today in São Paulo. The
 * panel's "Atrasados" filter (`lateLeadCondition` in queries.server.ts, the same rule in SQL), its
 * waiting box and the lead page all use it.
 */
export type LateLeadFields = {
  status: string;
  first_contact_at: string | null;
  first_contact_due_at: string | null;
  proximo_contato: string | null;
};

/** Whether a lead is "atrasado" at `now` (see LateLeadFields); a closed lead never is. */
export function isLeadLate(lead: LateLeadFields, now: Date): boolean {
  if (CLOSED_STATUSES.includes(lead.status as LeadStatus)) return false;
  return isFirstContactLate(lead, now) || Boolean(lead.proximo_contato && lead.proximo_contato < saoPauloDate(now));
}

/** The first half of the rule: no first contact yet and its due time reached. */
export function isFirstContactLate(lead: Omit<LateLeadFields, "proximo_contato">, now: Date): boolean {
  if (CLOSED_STATUSES.includes(lead.status as LeadStatus)) return false;
  return (
    lead.first_contact_at === null && lead.first_contact_due_at !== null && Date.parse(lead.first_contact_due_at) <= now.getTime()
  );
}
