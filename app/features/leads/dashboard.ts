/**
 * The admin dashboard's numbers, computed from grouped counts (pure, unit-tested):
 * leads per day for the last N days split by origin, the split by origin and by result profile,
 * and the funnel of the vocational test (lead form → completed test).
 */

export const DASHBOARD_DAYS = 30;
export const TEST_ORIGIN = "teste_vocacional";

export type ActivityRow = {
  date: string;
  origem: string;
  perfil: string | null;
  /** 1 when the test was completed (teste_concluido_em set), else 0. */
  concluded: number | boolean;
  n: number;
};

export type DayCount = { date: string; total: number; byOrigin: Record<string, number> };
export type Slice = { key: string; n: number };

export type Dashboard = {
  days: DayCount[];
  total: number;
  byOrigin: Slice[];
  byProfile: Slice[];
  funnel: { formLeads: number; completed: number };
};

/**
 * "Cliques no botão do WhatsApp do site": visitors' clicks on the site's WhatsApp buttons in the
 * period, by UTM source ("" = none); `teamContacts` is a separate number: the WhatsApp contacts the
 * team logged from the panel (issue 30: the old title read like the team's contacts).
 */
export type WhatsappContacts = { total: number; bySource: Slice[]; teamContacts?: number };

/** How the dashboard names a click's UTM source: the source itself, or "Sem UTM (acesso direto)". */
export function utmSourceLabel(source: string): string {
  return source || "Sem UTM (acesso direto)";
}

/** YYYY-MM-DD of `date` plus `delta` days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, delta: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/** The `count` dates ending with `today`, oldest first. */
export function lastDays(today: string, count: number = DASHBOARD_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

function sortedSlices(map: Map<string, number>): Slice[] {
  return [...map].map(([key, n]) => ({ key, n })).sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
}

export function buildDashboard(rows: readonly ActivityRow[], today: string, days: number = DASHBOARD_DAYS): Dashboard {
  const dates = lastDays(today, days);
  const perDay = new Map<string, DayCount>(dates.map((date) => [date, { date, total: 0, byOrigin: {} }]));
  const byOrigin = new Map<string, number>();
  const byProfile = new Map<string, number>();
  const funnel = { formLeads: 0, completed: 0 };
  let total = 0;
  for (const row of rows) {
    const day = perDay.get(row.date);
    if (!day) continue; // outside the window (e.g. a future date)
    day.total += row.n;
    day.byOrigin[row.origem] = (day.byOrigin[row.origem] ?? 0) + row.n;
    total += row.n;
    byOrigin.set(row.origem, (byOrigin.get(row.origem) ?? 0) + row.n);
    if (row.perfil) byProfile.set(row.perfil, (byProfile.get(row.perfil) ?? 0) + row.n);
    if (row.origem === TEST_ORIGIN) {
      funnel.formLeads += row.n;
      if (row.concluded) funnel.completed += row.n;
    }
  }
  return { days: [...perDay.values()], total, byOrigin: sortedSlices(byOrigin), byProfile: sortedSlices(byProfile), funnel };
}

/** A round upper bound for an axis (1, 2, 5 × 10^k), at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Percentage with no decimals, 0 when the whole is 0. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** The follow-up path in order; Perdido is off the path (lib/lead-status.ts). */
export const STATUS_PATH = ["novo", "em_contato", "inscrito", "matriculado"] as const;

export type StatusStep = {
  status: (typeof STATUS_PATH)[number] | "perdido";
  /** Leads whose current status is this one. */
  n: number;
  /**
   * On the path: leads that reached this step, i.e. whose current status is this one or a later step
   * of the path (every lead started as Novo). For Perdido: the lost leads themselves.
   */
  reached: number;
};

/** The funnel by follow-up status: totals only (no person's data), for the selection it was counted on. */
export type StatusFunnel = { total: number; steps: StatusStep[] };

/**
 * The funnel from counts per current status. A lead counts as having reached a step when its current
 * status is that step or a later one; a lost lead counts only as Perdido (where it was lost is not kept
 * on the lead). Statuses outside the list are counted in the total only.
 */
export function buildStatusFunnel(counts: Readonly<Record<string, number>>): StatusFunnel {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const steps: StatusStep[] = STATUS_PATH.map((status, i) => ({
    status,
    n: counts[status] ?? 0,
    reached: i === 0 ? total : STATUS_PATH.slice(i).reduce((sum, later) => sum + (counts[later] ?? 0), 0),
  }));
  steps.push({ status: "perdido", n: counts.perdido ?? 0, reached: counts.perdido ?? 0 });
  return { total, steps };
}
