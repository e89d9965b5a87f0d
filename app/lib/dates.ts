export const SITE_TIME_ZONE = "America/Sao_Paulo";

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function saoPauloDate(instant: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
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
  return new Intl.DateTimeFormat("pt-BR", {
    timeZone: SITE_TIME_ZONE,
    dateStyle: "short",
    timeStyle: "medium",
  }).format(date);
}
