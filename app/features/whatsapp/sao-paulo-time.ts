/** The WhatsApp page's instants, in São Paulo time (the helper sends ISO instants). */

import { SITE_TIME_ZONE } from "~/shared/dates";

export const dayTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  weekday: "long",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SITE_TIME_ZONE,
});
export const clockFormat = new Intl.DateTimeFormat("pt-BR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SITE_TIME_ZONE,
});
export const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SITE_TIME_ZONE,
});

/** A helper's ISO instant in São Paulo time ("terça-feira, 25/11, 08:00"), or null. */
export function formatInstant(iso: string | null | undefined, format = dayTimeFormat): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}
