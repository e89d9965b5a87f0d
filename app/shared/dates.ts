export const SITE_TIME_ZONE = "America/Sao_Paulo";

// Built once: creating an Intl.DateTimeFormat costs far more than formatting with it, and every
// lead saved formats its date (about 3 % of the lead POST's CPU when built per call).
// en-CA formats as YYYY-MM-DD.
const isoDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const dateTimeBrFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  dateStyle: "short",
  timeStyle: "medium",
});

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function saoPauloDate(instant: Date): string {
  return isoDateFormat.format(instant);
}

/** dd/mm/aaaa for a YYYY-MM-DD date string (no time-zone shift). */
export function formatDateBr(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return y && m && d ? `${d}/${m}/${y}` : isoDate;
}

/** dd/mm/aaaa hh:mm:ss of an instant, in São Paulo time. */
export function formatDateTimeBr(instant: Date | string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "-";
  return dateTimeBrFormat.format(date);
}
