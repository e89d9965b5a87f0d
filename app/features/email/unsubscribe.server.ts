import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";

import { maskEmail, UNSUBSCRIBE_MESSAGES } from "~/features/email/person-email";
import { db, schema } from "~/platform/db/client.server";
import { readFormData } from "~/platform/form-data.server";
import { isSpam } from "~/platform/honeypot.server";
import { clientIp, unsubscribeLimiter } from "~/platform/rate-limit.server";
import { PRIVATE_PAGE_HEADERS } from "~/shared/cache-headers";

import { isOptedOut, recordOptOut } from "./person-emails.server";
import { readUnsubscribeToken, verifySummaryUnsubscribe, verifyUnsubscribeLead } from "./signed-links.server";

/**
 * The unsubscribe link of e-mails to a person (decision 100), without signing in: the signed token
 * in the address is the authority. GET shows a confirmation page with a button (a plain form post);
 * POST records the opt-out, whether from that button or from a mail client's RFC 8058 one-click
 * post (body `List-Unsubscribe=One-Click`, sent by the provider's servers with no Origin header, so
 * the site's origin checks let it through). Every answer is private: it names a person's address.
 */

export type UnsubscribeView =
  { state: "invalid"; message: string } | { state: "confirm" | "done"; address: string; message: string | null };

const headers = PRIVATE_PAGE_HEADERS;

/** The address an unsubscribe link stands for, or null (not signed here, or its lead is gone). */
export function unsubscribeAddress(token: string): string | null {
  const claim = readUnsubscribeToken(token);
  if (!claim) return null;
  if ("address" in claim) return claim.address;
  if ("staffId" in claim) {
    const user = db
      .select({ email: schema.adminUsers.email })
      .from(schema.adminUsers)
      .where(eq(schema.adminUsers.id, claim.staffId))
      .get();
    return user && verifySummaryUnsubscribe(claim, user.email) ? user.email.trim().toLowerCase() : null;
  }
  const lead = db.select({ email: schema.leads.email }).from(schema.leads).where(eq(schema.leads.id, claim.leadId)).get();
  return lead && verifyUnsubscribeLead(claim, lead.email) ? lead.email.trim().toLowerCase() : null;
}

/** The page: a refused link, the question, or the confirmation that it is done. */
export function unsubscribeView(token: string | undefined) {
  const email = unsubscribeAddress(token ?? "");
  if (!email) {
    const view: UnsubscribeView = { state: "invalid", message: UNSUBSCRIBE_MESSAGES.invalid };
    return data(view, { status: 400, headers });
  }
  const view: UnsubscribeView = { state: isOptedOut(email) ? "done" : "confirm", address: maskEmail(email), message: null };
  return data(view, { headers });
}

/** The post: rate limited per IP, then the token, then the opt-out (idempotent). */
export async function postUnsubscribe(request: Request, token: string | undefined) {
  const ip = clientIp(request);
  if (!(await unsubscribeLimiter.hit(ip))) {
    const view: UnsubscribeView = { state: "invalid", message: UNSUBSCRIBE_MESSAGES.rateLimited };
    return data(view, {
      status: 429,
      headers: { ...headers, "Retry-After": String(await unsubscribeLimiter.retryAfterSeconds(ip)) },
    });
  }
  const formData = await readFormData(request);
  const email = unsubscribeAddress(token ?? "");
  if (!email) {
    const view: UnsubscribeView = { state: "invalid", message: UNSUBSCRIBE_MESSAGES.invalid };
    return data(view, { status: 400, headers });
  }
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  if (isSpam(formData)) return redirect(here, { status: 303, headers });
  const oneClick = formData.get("List-Unsubscribe") === "One-Click";
  recordOptOut(email, oneClick ? "one-click" : "page");
  if (oneClick) {
    // The mail provider's post: a plain 200, no redirect to follow.
    const view: UnsubscribeView = { state: "done", address: maskEmail(email), message: null };
    return data(view, { headers });
  }
  return redirect(here, { status: 303, headers });
}
