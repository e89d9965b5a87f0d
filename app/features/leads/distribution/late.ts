import { CLOSED_STATUSES, ENROLLED_STATUSES, type LeadStatus } from "~/features/leads/status";
import { saoPauloDate } from "~/shared/dates";

/**
 * What "atrasado" means, everywhere (decision 142): a lead whose first contact is past its due time
 * (no contact that reached the person yet, not enrolled, and `first_contact_due_at` at or before now;
 * decision 140), or a lead still open (not Perdido nor Matriculado) whose next contact
 * (`proximo_contato`) was due before today in São Paulo. The
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
  const nextContactPast =
    !CLOSED_STATUSES.includes(lead.status as LeadStatus) &&
    Boolean(lead.proximo_contato && lead.proximo_contato < saoPauloDate(now));
  return isFirstContactLate(lead, now) || nextContactPast;
}

/**
 * The first half of the rule: no contact that reached the person yet and its due time reached,
 * whatever the status short of an enrolment (decision 140: a status change never stops the clock).
 */
export function isFirstContactLate(lead: Omit<LateLeadFields, "proximo_contato">, now: Date): boolean {
  if (ENROLLED_STATUSES.includes(lead.status)) return false;
  return (
    lead.first_contact_at === null && lead.first_contact_due_at !== null && Date.parse(lead.first_contact_due_at) <= now.getTime()
  );
}
