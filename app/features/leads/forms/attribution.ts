/**
 * A lead's marketing attribution, as the wire and the spec's columns spell it: the five UTM
 * parameters of the landing, then the external referrer. One list for the server that reads and
 * stores them (server/leads/attribution.server.ts, save.server.ts) and the CSV's columns (csv.ts).
 */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

export const ATTRIBUTION_KEYS = [...UTM_KEYS, "referrer"] as const;

export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
