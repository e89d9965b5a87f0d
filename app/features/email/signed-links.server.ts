import { createHmac, timingSafeEqual } from "node:crypto";

import { config } from "~/platform/config.server";

/**
 * Signed links in e-mails to a person (decision 100): the unsubscribe link (no expiry: it must work
 * whenever the e-mail is opened; it names the lead by id, never the address) and the vocational result link (30 days). Each is an HMAC-SHA256
 * with a key derived from the session secret and a purpose, so a token of one kind is never valid
 * as the other, and rotating SESSION_SECRET revokes every link at once.
 */

/** How long the vocational result link works. */
export const RESULT_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

let derived: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  if (derived?.secret !== config.sessionSecret) {
    derived = { secret: config.sessionSecret, key: createHmac("sha256", config.sessionSecret).update("email-links/v1").digest() };
  }
  return derived.key;
}

function sign(purpose: string, ...parts: string[]): string {
  return createHmac("sha256", key())
    .update([purpose, ...parts].join("\n"))
    .digest("base64url");
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The token of an unsubscribe link: the lead's id and a signature bound to the lead's address. It
 * carries no personal data (an access log or a forwarded e-mail shows a number), and it dies with
 * the lead: an erased person's links open nothing.
 */
export function unsubscribeToken(leadId: number, email: string): string {
  return `${leadId}.${sign("unsubscribe-lead", String(leadId), email.trim().toLowerCase())}`;
}

/**
 * What an unsubscribe token claims, not yet checked: a lead (the token of unsubscribeToken, checked
 * by verifyUnsubscribeLead with the lead's address), or an address (links sent before the lead-id
 * token, whose address is in the link itself: checked here, so they keep working).
 */
export type UnsubscribeClaim =
  { leadId: number; signature: string } | { address: string } | { staffId: number; signature: string };

/**
 * The token of the managers' daily summary unsubscribe link (decision 141): "s", the admin's user
 * id and a signature bound to their address, of its own purpose (never valid as a lead's token).
 */
export function summaryUnsubscribeToken(userId: number, email: string): string {
  return `s${userId}.${sign("unsubscribe-summary", String(userId), email.trim().toLowerCase())}`;
}

/** Whether a daily-summary unsubscribe claim was signed for this user's address. */
export function verifySummaryUnsubscribe(claim: { staffId: number; signature: string }, email: string): boolean {
  return sameSignature(claim.signature, sign("unsubscribe-summary", String(claim.staffId), email.trim().toLowerCase()));
}

export function readUnsubscribeToken(token: string): UnsubscribeClaim | null {
  const staff = /^s([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (staff) return { staffId: Number(staff[1]), signature: staff[2] };
  const lead = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (lead) return { leadId: Number(lead[1]), signature: lead[2] };
  const legacy = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!legacy) return null;
  const address = Buffer.from(legacy[1], "base64url").toString("utf8");
  return sameSignature(legacy[2], sign("unsubscribe", address)) ? { address } : null;
}

/** Whether a lead-id unsubscribe claim was signed for this lead's address. */
export function verifyUnsubscribeLead(claim: { leadId: number; signature: string }, email: string): boolean {
  return sameSignature(claim.signature, sign("unsubscribe-lead", String(claim.leadId), email.trim().toLowerCase()));
}

/** The token of a result link for this lead, working until `expiresAt` (bound to the lead's e-mail too). */
export function resultLinkToken(leadId: number, email: string, expiresAt: Date): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return `${leadId}.${expires}.${sign("vocational-result", String(leadId), expires, email.trim().toLowerCase())}`;
}

/** When a result link made now stops working. */
export function resultLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + RESULT_LINK_DAYS * DAY_MS);
}

export type ResultLinkClaim = { leadId: number; expiresAtMs: number; signature: string };

/** The parts of a result-link token (not yet checked: `verifyResultLink` does that with the lead's e-mail). */
export function parseResultLink(token: string): ResultLinkClaim | null {
  const match = /^([1-9][0-9]{0,15})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { leadId: Number(match[1]), expiresAtMs: Number(match[2]) * 1000, signature: match[3] };
}

/** Whether the claim was signed for this lead id, expiry and e-mail. */
export function verifyResultLink(claim: ResultLinkClaim, email: string): boolean {
  const expected = sign("vocational-result", String(claim.leadId), String(claim.expiresAtMs / 1000), email.trim().toLowerCase());
  return sameSignature(claim.signature, expected);
}
