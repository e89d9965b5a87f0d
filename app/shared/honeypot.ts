export const HONEYPOT_FIELD = "website";
