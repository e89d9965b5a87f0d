import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from "drizzle-orm";

import { activeCourses } from "~/features/courses/courses.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import {
  type EscalatedLeadFacts,
  escalationDigestEmail,
  firstName,
  leadAlertEmail,
  type LeadAlertKind,
} from "~/features/email/templates";
import { getInstitution } from "~/features/institution/institution.server";
import { NO_OWNER_LABEL } from "~/features/leads/filters";
import { LEAD_ORIGINS } from "~/features/leads/origins";
import { ENROLLED_STATUSES } from "~/features/leads/status";
import { enqueueWebhookEvent } from "~/features/webhooks/outbox.server";
import * as serverClock from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema, sqlite } from "~/platform/db/client.server";
import type { PeriodicJob } from "~/platform/jobs/worker.server";

import {
  addBusinessMinutes,
  type BusinessCalendar,
  DEFAULT_TARGET_MINUTES,
  parsePhoneHours,
  waitingText,
} from "./business-hours";
import type { RuleField } from "./distribution";

/**
 * Lead distribution (decision 086). Every new lead gets an owner in the transaction that saves it
 * (`assignNewLead`, called by saveLead): (a) the same person (e-mail or phone, any form) already has
 * a comercial owner → that owner; (b) the first rule (polo, course area or form) that matches → its
 * team; no rule → every comercial user; (c) among those, the available member whose turn it is (the
 * lowest `last_assigned_seq`, then the lowest id), whose turn then moves to the end; (d) nobody
 * available → no owner (the unassigned queue) and an e-mail to every admin. Each assignment writes a
 * history note (who, and why: the rule's name), the webhook event `lead.assigned` and an e-mail to
 * the owner. The process runs every transaction one after another (better-sqlite3 is synchronous),
 * so a burst of leads takes turns exactly: the round robin is fair under any concurrency.
 */

export const DISTRIBUTION_AUTHOR = "Distribuição automática";
export { RULE_FIELDS, type RuleField } from "./distribution";
export const SAME_PERSON_RULE = "Mesma pessoa (já tinha responsável)";
export const EVERYONE_RULE = "Todos os comerciais (nenhuma regra)";

const users = schema.adminUsers;
const leads = schema.leads;

// --- Settings: the first-contact target and the holidays ----------------------------------------

/** Every setting in one read (a lead's assignment needs three of them). */
function settings(): Map<string, string> {
  const rows = db
    .select({ key: schema.distributionSettings.key, value: schema.distributionSettings.value })
    .from(schema.distributionSettings)
    .all();
  return new Map(rows.map((row) => [row.key, row.value]));
}

function putSetting(key: string, value: string) {
  db.insert(schema.distributionSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: schema.distributionSettings.key, set: { value } })
    .run();
}

/**
 * Whether new leads are distributed. On unless an admin switched it off in "Distribuição" (decision
 * 096: every lead is owned the moment it is saved); the first-contact clock runs either way.
 */
export function distributionActive(stored = settings()): boolean {
  return stored.get("active") !== "0";
}

export function setDistributionActive(active: boolean) {
  putSetting("active", active ? "1" : "0");
}

/** The first-contact target in business minutes (the admin's, 5 by default). */
export function targetMinutes(stored = settings()): number {
  const value = Number(stored.get("target_minutes"));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TARGET_MINUTES;
}

export function holidays(stored = settings()): string[] {
  const value = stored.get("holidays");
  return value ? (JSON.parse(value) as string[]) : [];
}

export function saveClockSettings(minutes: number, holidayDates: string[]) {
  db.transaction(() => {
    putSetting("target_minutes", String(minutes));
    putSetting("holidays", JSON.stringify(holidayDates));
  });
}

/** The business calendar: the institution's phone hours from the studio (São Paulo time) and the admin's holidays. */
export function businessCalendar(stored = settings()): BusinessCalendar {
  let phoneHours = config.phoneHours;
  try {
    phoneHours = getInstitution().phoneHours || phoneHours;
  } catch {
    // The studio is not seeded yet (a script on an empty file): the configured hours.
  }
  return { hours: parsePhoneHours(phoneHours), holidays: new Set(holidays(stored)) };
}

// --- Availability -------------------------------------------------------------------------------

/** Available: not away, or away with an end that has passed. */
function availableAt(nowIso: string) {
  return or(eq(users.away, false), and(isNotNull(users.awayUntil), lte(users.awayUntil, nowIso)))!;
}

export type Availability = { id: number; email: string; away: boolean; awayUntil: string | null; available: boolean };

/** Every comercial user with their availability now. */
export function availabilityList(now: Date = serverClock.now()): Availability[] {
  const nowIso = now.toISOString();
  return db
    .select({ id: users.id, email: users.email, away: users.away, awayUntil: users.awayUntil })
    .from(users)
    .where(eq(users.role, "comercial"))
    .orderBy(asc(users.email))
    .all()
    .map((row) => ({ ...row, available: !row.away || (row.awayUntil !== null && row.awayUntil <= nowIso) }));
}

/** "Disponível" (away false) or "Ausente" with an optional end. Returns whether the user is a comercial user. */
export function setAvailability(userId: number, away: boolean, awayUntil: Date | null): boolean {
  return (
    db
      .update(users)
      .set({ away, awayUntil: away && awayUntil ? awayUntil.toISOString() : null })
      .where(and(eq(users.id, userId), eq(users.role, "comercial")))
      .run().changes > 0
  );
}

// --- Teams and rules ----------------------------------------------------------------------------

export type TeamRow = { id: number; name: string; sharedLeads: boolean; members: { id: number; email: string }[] };

export function listTeams(): TeamRow[] {
  const teams = db.select().from(schema.salesTeams).orderBy(asc(schema.salesTeams.name)).all();
  const members = db
    .select({ teamId: schema.salesTeamMembers.teamId, id: users.id, email: users.email })
    .from(schema.salesTeamMembers)
    .innerJoin(users, eq(users.id, schema.salesTeamMembers.userId))
    .orderBy(asc(users.email))
    .all();
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    sharedLeads: team.sharedLeads,
    members: members.filter((m) => m.teamId === team.id).map(({ id, email }) => ({ id, email })),
  }));
}

/** Creates a team; false when the name is taken. */
export function createTeam(name: string, now: Date = serverClock.now()): boolean {
  return db.insert(schema.salesTeams).values({ name, createdAt: now.toISOString() }).onConflictDoNothing().run().changes > 0;
}

/** Opens or closes a team's leads to all its members (decision 138); false when the team is gone. */
export function setTeamSharedLeads(id: number, shared: boolean): boolean {
  return db.update(schema.salesTeams).set({ sharedLeads: shared }).where(eq(schema.salesTeams.id, id)).run().changes > 0;
}

export function removeTeam(id: number): boolean {
  return db.delete(schema.salesTeams).where(eq(schema.salesTeams.id, id)).run().changes > 0;
}

/** Adds a comercial user to a team; false when either is unknown (or the user is not comercial). */
export function addTeamMember(teamId: number, userId: number): boolean {
  const user = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "comercial")))
    .get();
  const team = db.select({ id: schema.salesTeams.id }).from(schema.salesTeams).where(eq(schema.salesTeams.id, teamId)).get();
  if (!user || !team) return false;
  db.insert(schema.salesTeamMembers).values({ teamId, userId }).onConflictDoNothing().run();
  return true;
}

export function removeTeamMember(teamId: number, userId: number): boolean {
  return (
    db
      .delete(schema.salesTeamMembers)
      .where(and(eq(schema.salesTeamMembers.teamId, teamId), eq(schema.salesTeamMembers.userId, userId)))
      .run().changes > 0
  );
}

export type RuleRow = {
  id: number;
  name: string;
  field: RuleField;
  value: string;
  teamId: number;
  teamName: string;
  position: number;
};

export function listRules(): RuleRow[] {
  return db
    .select({
      id: schema.distributionRules.id,
      name: schema.distributionRules.name,
      field: schema.distributionRules.field,
      value: schema.distributionRules.value,
      teamId: schema.distributionRules.teamId,
      teamName: schema.salesTeams.name,
      position: schema.distributionRules.position,
    })
    .from(schema.distributionRules)
    .innerJoin(schema.salesTeams, eq(schema.salesTeams.id, schema.distributionRules.teamId))
    .orderBy(asc(schema.distributionRules.position), asc(schema.distributionRules.id))
    .all() as RuleRow[];
}

/**
 * Adds a rule at the end of the list (its position is computed inside the insert, so two admins
 * adding rules at once each get their own place). False when the team does not exist.
 */
export function addRule(
  input: { name: string; field: RuleField; value: string; teamId: number },
  by: string,
  now: Date = serverClock.now(),
): boolean {
  return db.transaction((tx) => {
    const team = tx
      .select({ id: schema.salesTeams.id })
      .from(schema.salesTeams)
      .where(eq(schema.salesTeams.id, input.teamId))
      .get();
    if (!team) return false;
    const position =
      (tx
        .select({ max: sql<number | null>`max(${schema.distributionRules.position})` })
        .from(schema.distributionRules)
        .get()?.max ?? 0) + 1;
    tx.insert(schema.distributionRules)
      .values({ ...input, position, createdAt: now.toISOString(), createdBy: by })
      .run();
    return true;
  });
}

export function removeRule(id: number): boolean {
  return db.delete(schema.distributionRules).where(eq(schema.distributionRules.id, id)).run().changes > 0;
}

// --- Assignment ---------------------------------------------------------------------------------

export type NewLeadFacts = {
  id: number;
  nome: string;
  email: string;
  telefone: string;
  origem: string;
  originLabel: string;
  polo: string;
  curso_interesse: string;
  area_desejada: string;
};

export type Assignment = { ownerId: number | null; ownerEmail: string | null; rule: string };

function courseArea(name: string): string | undefined {
  if (!name) return undefined;
  return activeCourses().find((course) => course.name === name)?.area;
}

function ruleMatches(rule: RuleRow, lead: NewLeadFacts, area: string | undefined): boolean {
  if (rule.field === "polo") return lead.polo === rule.value;
  if (rule.field === "origem") return lead.origem === rule.value;
  return area === rule.value || lead.area_desejada === rule.value;
}

/** The available member whose turn it is among these candidates, but `except` (undefined: nobody available). */
function nextInTurn(
  candidateIds: number[] | "all",
  nowIso: string,
  except: number | null = null,
): { id: number; email: string } | undefined {
  const conditions = [eq(users.role, "comercial"), availableAt(nowIso)];
  if (except !== null) conditions.push(ne(users.id, except));
  if (candidateIds !== "all") {
    if (candidateIds.length === 0) return undefined;
    conditions.push(inArray(users.id, candidateIds));
  }
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.lastAssignedSeq), asc(users.id))
    .limit(1)
    .get();
}

/** Moves this user's turn to the end of the line. */
function takeTurn(userId: number) {
  db.update(users)
    .set({ lastAssignedSeq: sql`(SELECT coalesce(max(${users.lastAssignedSeq}), 0) + 1 FROM ${users})` })
    .where(eq(users.id, userId))
    .run();
}

/** Who should own a new lead, and why (reads only; `assignNewLead` writes). */
export function chooseOwner(lead: NewLeadFacts, now: Date): Assignment {
  const nowIso = now.toISOString();
  const previous = db
    .select({ id: users.id, email: users.email })
    .from(leads)
    .innerJoin(users, and(eq(users.id, leads.owner_id), eq(users.role, "comercial")))
    .where(and(ne(leads.id, lead.id), or(eq(leads.email, lead.email), eq(leads.telefone, lead.telefone))))
    .orderBy(sql`${leads.id} DESC`)
    .limit(1)
    .get();
  if (previous) return { ownerId: previous.id, ownerEmail: previous.email, rule: SAME_PERSON_RULE };

  const rules = listRules();
  const area = rules.some((rule) => rule.field === "area") ? courseArea(lead.curso_interesse) : undefined;
  const rule = rules.find((each) => ruleMatches(each, lead, area));
  if (rule) {
    const members = db
      .select({ userId: schema.salesTeamMembers.userId })
      .from(schema.salesTeamMembers)
      .where(eq(schema.salesTeamMembers.teamId, rule.teamId))
      .all()
      .map((row) => row.userId);
    const owner = nextInTurn(members, nowIso);
    return { ownerId: owner?.id ?? null, ownerEmail: owner?.email ?? null, rule: rule.name };
  }
  const owner = nextInTurn("all", nowIso);
  return { ownerId: owner?.id ?? null, ownerEmail: owner?.email ?? null, rule: EVERYONE_RULE };
}

/** The lead page's absolute address (the e-mails' link). */
export function leadLink(id: number): string {
  return `${config.siteUrl}/contato/lead/${id}`;
}

function adminEmails(): string[] {
  return db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, "admin"))
    .all()
    .map((row) => row.email);
}

function alert(kind: LeadAlertKind, to: string, lead: NewLeadFacts, reason: string, now: Date) {
  const parts = leadAlertEmail(kind, {
    firstName: firstName(lead.nome),
    course: lead.curso_interesse,
    polo: lead.polo,
    origin: lead.originLabel,
    link: leadLink(lead.id),
    reason,
  });
  enqueueEmail({ kind, to, ...parts, leadId: lead.id }, now);
}

/**
 * Gives a new lead its owner and starts its first-contact clock. Call it inside the transaction
 * that created the lead (saveLead does): the owner, the history note, the webhook event and the
 * e-mails exist exactly when the lead does.
 */
export function assignNewLead(lead: NewLeadFacts, now: Date): Assignment | null {
  const stored = settings();
  const due = addBusinessMinutes(now, targetMinutes(stored), businessCalendar(stored)).toISOString();
  if (!distributionActive(stored)) {
    db.update(leads).set({ first_contact_due_at: due }).where(eq(leads.id, lead.id)).run();
    return null;
  }
  const assignment = chooseOwner(lead, now);
  db.update(leads).set({ owner_id: assignment.ownerId, first_contact_due_at: due }).where(eq(leads.id, lead.id)).run();
  if (assignment.ownerId !== null && assignment.rule !== SAME_PERSON_RULE) takeTurn(assignment.ownerId);
  db.insert(schema.leadNotes)
    .values({
      leadId: lead.id,
      kind: "distribuicao",
      text:
        assignment.ownerId === null
          ? `Responsável: ${NO_OWNER_LABEL}. Ninguém disponível (regra: ${assignment.rule}).`
          : `Responsável: ${NO_OWNER_LABEL} → ${assignment.ownerEmail} (regra: ${assignment.rule})`,
      author: DISTRIBUTION_AUTHOR,
      createdAt: now.toISOString(),
    })
    .run();
  if (assignment.ownerId !== null && assignment.ownerEmail !== null) {
    enqueueWebhookEvent(
      "lead.assigned",
      {
        lead: { id: lead.id },
        owner: { id: assignment.ownerId, email: assignment.ownerEmail },
        rule: assignment.rule,
        first_contact_due_at: due,
      },
      now,
    );
    alert("lead.assigned", assignment.ownerEmail, lead, assignment.rule, now);
  } else {
    // Nothing was assigned (decision 096): no `lead.assigned` event ("lead.created" already told the
    // CRM), the lead waits in the unassigned queue and the admins are told.
    for (const admin of adminEmails()) alert("lead.unassigned", admin, lead, assignment.rule, now);
  }
  return assignment;
}

// --- The unassigned queue -----------------------------------------------------------------------

export function unassignedCount(): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(leads)
      .where(and(isNull(leads.owner_id), eq(leads.status, "novo")))
      .get()?.n ?? 0
  );
}

export type DistributionStatus = { active: boolean; available: number; unassigned: number };

/**
 * What the panel says about distribution (decision 096): whether it is on, how many comercial users
 * can receive a lead now, and how many Novo leads wait in the unassigned queue.
 */
export function distributionStatus(now: Date = serverClock.now()): DistributionStatus {
  return {
    active: distributionActive(),
    available: availabilityList(now).filter((row) => row.available).length,
    unassigned: unassignedCount(),
  };
}

// --- Escalation ---------------------------------------------------------------------------------

const ESCALATION_INTERVAL_MS = 60_000;

/** Escalations 1 and 2 pass the lead to the next member; the third goes to the manager, and is the last. */
export const MANAGER_ESCALATION = 3;

type Escalation = { lead: typeof leads.$inferSelect; level: number; to: { id: number; email: string } | null };

/**
 * Leads with no contact that reached the person (decision 140), whatever their status short of an
 * enrolment, are escalated each time another target passes in business minutes: at twice the target
 * to the next available member (never the one who let it wait), at three times to the next one again,
 * at four times to the manager (the admins), once each. The history says so; the run sends one
 * e-mail to each member given leads and one to each admin listing every lead it escalated, all in
 * one transaction. Returns how many were escalated. Runs every minute in the server process.
 */
export function escalateWaitingLeads(now: Date = serverClock.now()): number {
  if (!distributionActive()) return 0;
  const run = sqlite.transaction(() => {
    const escalations = dueEscalations(now).map((lead) => escalate(lead, now));
    sendEscalationDigests(escalations, now);
    return escalations.length;
  });
  // Immediate: two processes never both read the same waiting lead before one of them writes.
  return run.immediate();
}

/** The leads due for their next escalation now, oldest first. */
function dueEscalations(now: Date): (typeof leads.$inferSelect)[] {
  const calendar = businessCalendar();
  const target = targetMinutes();
  return db
    .select()
    .from(leads)
    .where(
      and(
        isNull(leads.first_contact_at),
        notInArray(leads.status, [...ENROLLED_STATUSES]),
        lt(leads.escalation_level, MANAGER_ESCALATION),
        isNotNull(leads.first_contact_due_at),
        lte(leads.first_contact_due_at, now.toISOString()),
      ),
    )
    .orderBy(asc(leads.id))
    .all()
    .filter((lead) => {
      const dueIn = target * (lead.escalation_level + 2);
      return addBusinessMinutes(new Date(lead.criado_em), dueIn, calendar).getTime() <= now.getTime();
    });
}

/** Writes one lead's next escalation: its owner (levels 1 and 2), its level, the note and the event. */
function escalate(lead: typeof leads.$inferSelect, now: Date): Escalation {
  const nowIso = now.toISOString();
  const level = lead.escalation_level + 1;
  const targets = level + 1;
  const previous =
    lead.owner_id === null
      ? NO_OWNER_LABEL
      : (db.select({ email: users.email }).from(users).where(eq(users.id, lead.owner_id)).get()?.email ?? NO_OWNER_LABEL);
  const next = level < MANAGER_ESCALATION ? (nextInTurn("all", nowIso, lead.owner_id) ?? null) : null;
  db.update(leads)
    .set({ escalated_at: nowIso, escalation_level: level, ...(next ? { owner_id: next.id } : {}) })
    .where(eq(leads.id, lead.id))
    .run();
  if (next) takeTurn(next.id);
  const why = `Escalonado (${level}º): sem contato que chegasse à pessoa em ${targets}× o prazo (${targets * targetMinutes()} min úteis).`;
  const text =
    level >= MANAGER_ESCALATION
      ? `${why} Levado ao gestor; responsável: ${previous}.`
      : next
        ? `${why} Responsável: ${previous} → ${next.email}`
        : `${why} Ninguém disponível para receber.`;
  db.insert(schema.leadNotes)
    .values({ leadId: lead.id, kind: "distribuicao", text, author: DISTRIBUTION_AUTHOR, createdAt: nowIso })
    .run();
  if (next) {
    const rule = `Escalonamento (${level}º, sem contato em ${targets}× o prazo)`;
    enqueueWebhookEvent("lead.assigned", { lead: { id: lead.id }, owner: { id: next.id, email: next.email }, rule }, now);
  }
  return { lead, level, to: next };
}

/** One e-mail per member given leads and one per admin, each listing its leads (none for an empty run). */
function sendEscalationDigests(escalations: Escalation[], now: Date) {
  if (escalations.length === 0) return;
  const facts = ({ lead, level, to }: Escalation): EscalatedLeadFacts => ({
    id: lead.id,
    course: lead.curso_interesse,
    polo: lead.polo,
    origin: LEAD_ORIGINS[lead.origem as keyof typeof LEAD_ORIGINS] ?? lead.origem,
    waited: waitingText((now.getTime() - Date.parse(lead.criado_em)) / 60_000),
    outcome: level >= MANAGER_ESCALATION ? "Com o gestor" : to ? `Repassado a ${to.email}` : "Ninguém disponível para receber",
    link: leadLink(lead.id),
  });
  const byMember = new Map<string, EscalatedLeadFacts[]>();
  for (const escalation of escalations) {
    if (!escalation.to) continue;
    byMember.set(escalation.to.email, [...(byMember.get(escalation.to.email) ?? []), facts(escalation)]);
  }
  for (const [to, items] of byMember) enqueueEmail({ kind: "lead.escalated", to, ...escalationDigestEmail("owner", items) }, now);
  const all = escalations.map(facts);
  for (const admin of adminEmails())
    enqueueEmail({ kind: "lead.escalated", to: admin, ...escalationDigestEmail("manager", all) }, now);
}

/** The minute's escalation, run once a minute across every process (LEAD_ESCALATION=0 turns it off). */
export const escalationJob: PeriodicJob = {
  kind: "distribution.escalate",
  label: "Escalonamento de leads sem contato",
  everyMs: ESCALATION_INTERVAL_MS,
  run(now) {
    if (config.leadEscalation) escalateWaitingLeads(now);
  },
};
