import { and, eq, like, lt, type SQL, sql } from "drizzle-orm";

import { enqueueEmail } from "~/features/email/outbox.server";
import { isOptedOut, UNSUBSCRIBE_PATH } from "~/features/email/person-emails.server";
import { summaryUnsubscribeToken } from "~/features/email/signed-links.server";
import { DEFAULT_PERIOD_DAYS, shiftDate } from "~/features/leads/results/results";
import { resultsReport } from "~/features/leads/results/results.server";
import * as serverClock from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import type { PeriodicJob } from "~/platform/jobs/worker.server";
import { saoPauloDate, saoPauloHour } from "~/shared/dates";

import { dailySummaryEmail, summaryDue } from "./daily-summary";
import { waitingLeadCondition } from "./queries.server";

/**
 * The managers' daily summary (decision 141). The hour (São Paulo, 0 to 23, or none) is the
 * `summary_hour` row of distribution_settings. Once that hour has come each day, every admin who
 * has not unsubscribed gets one e-mail with counts only. The day sent is the row
 * `summary_sent:YYYY-MM-DD` (the table's primary key), inserted in the transaction that enqueues
 * the e-mails: a second run that day, in this process or another, inserts nothing and sends nothing.
 */

const HOUR_KEY = "summary_hour";
const SENT_PREFIX = "summary_sent:";
export const SUMMARY_KIND = "distribution.summary";
/** How often the timer checks whether the summary is due. */
export const SUMMARY_INTERVAL_MS = 60_000;

const settings = schema.distributionSettings;
const leads = schema.leads;

export function summaryHour(): number | null {
  const row = db.select({ value: settings.value }).from(settings).where(eq(settings.key, HOUR_KEY)).get();
  if (!row || !/^\d{1,2}$/.test(row.value)) return null;
  const hour = Number(row.value);
  return hour <= 23 ? hour : null;
}

export function saveSummaryHour(hour: number | null) {
  if (hour === null) {
    db.delete(settings).where(eq(settings.key, HOUR_KEY)).run();
    return;
  }
  db.insert(settings)
    .values({ key: HOUR_KEY, value: String(hour) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(hour) } })
    .run();
}

/** The days a summary was sent (YYYY-MM-DD), newest first. */
export function summaryDaysSent(): string[] {
  return db
    .select({ key: settings.key })
    .from(settings)
    .where(like(settings.key, `${SENT_PREFIX}%`))
    .all()
    .map((row) => row.key.slice(SENT_PREFIX.length))
    .sort()
    .reverse();
}

/** The unsubscribe address of an admin's summary (signed, names the user by id). */
export function summaryUnsubscribeUrl(userId: number, email: string): string {
  return `${config.siteUrl}${UNSUBSCRIBE_PATH}/${summaryUnsubscribeToken(userId, email)}`;
}

/** Whether this admin unsubscribed from the summary (their address is in email_optouts). */
export function summaryOptedOut(email: string): boolean {
  return isOptedOut(email);
}

/** The admin's way back: removes their opt-out. */
export function resumeSummary(email: string) {
  db.delete(schema.emailOptouts).where(eq(schema.emailOptouts.email, email.trim().toLowerCase())).run();
}

/** The numbers, from the same report the Resultados page shows, plus the waiting list now. */
export function summaryNumbers(now: Date) {
  const yesterday = shiftDate(saoPauloDate(now), -1);
  const admin = { id: 0, email: "", role: "admin" as const };
  const report = (from: string) =>
    resultsReport(new URLSearchParams({ de: from, ate: yesterday, por: "utm_campaign" }), admin, now);
  const day = report(yesterday);
  // Enrolments come weeks after the lead: those of the leads of the Resultados page's default period.
  const period = report(shiftDate(yesterday, -(DEFAULT_PERIOD_DAYS - 1)));
  // As the panel's waiting box (decision 140): no contact that reached the person, short of an enrolment.
  const waiting = [waitingLeadCondition()];
  const count = (where: SQL | undefined) =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(leads)
      .where(where)
      .get()?.n ?? 0;
  const waitingNow = count(and(...waiting));
  const lateNow = count(and(...waiting, lt(leads.first_contact_due_at, now.toISOString())));
  return {
    day: yesterday,
    newLeads: day.total.leads,
    waitingNow,
    lateNow,
    withinTargetPercent: day.total.withinTargetPercent,
    periodFrom: period.query.from,
    enrolmentsByCampaign: period.rows
      .filter((row) => row.matriculated > 0)
      .map((row) => ({ campaign: row.key || "(sem campanha)", count: row.matriculated })),
  };
}

/**
 * Sends the day's summary if it is due and not yet sent: returns how many e-mails were enqueued
 * (0 when not due, already sent today, or no hour chosen).
 */
export function sendDailySummary(now: Date = serverClock.now()): number {
  const hour = summaryHour();
  if (!summaryDue(hour, saoPauloHour(now))) return 0;
  const today = saoPauloDate(now);
  const numbers = summaryNumbers(now);
  return db.transaction((tx) => {
    const claimed = tx
      .insert(settings)
      .values({ key: `${SENT_PREFIX}${today}`, value: now.toISOString() })
      .onConflictDoNothing()
      .run();
    if (claimed.changes === 0) return 0;
    const admins = tx
      .select({ id: schema.adminUsers.id, email: schema.adminUsers.email })
      .from(schema.adminUsers)
      .where(eq(schema.adminUsers.role, "admin"))
      .all();
    let sent = 0;
    for (const admin of admins) {
      if (summaryOptedOut(admin.email)) continue;
      const unsubscribeUrl = summaryUnsubscribeUrl(admin.id, admin.email);
      const parts = dailySummaryEmail({
        ...numbers,
        panelUrl: `${config.siteUrl}/admin`,
        resultsUrl: `${config.siteUrl}/admin/resultados`,
        unsubscribeUrl,
      });
      if (enqueueEmail({ kind: SUMMARY_KIND, to: admin.email, ...parts, unsubscribeUrl }, now)) sent += 1;
    }
    return sent;
  });
}

/** Checked every minute across every process (a restart after the hour still sends the day's summary). */
export const summaryJob: PeriodicJob = {
  kind: "distribution.summary",
  label: "Resumo diário aos gestores",
  everyMs: SUMMARY_INTERVAL_MS,
  run(now) {
    sendDailySummary(now);
  },
};
