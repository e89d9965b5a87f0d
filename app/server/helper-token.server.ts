import { createHmac } from "node:crypto";

import { config } from "./config.server";

/**
 * The short-lived token the /whatsapp page hands to the local helper in the socket.io handshake
 * (`auth.token`). Format, shared with `helper/src/token.js` (which checks it):
 *
 *   <expiry in epoch seconds>.<base64url HMAC-SHA256 of that expiry string, keyed with HELPER_SECRET>
 *
 * Valid for at most 12 hours. Issued only by the loader of an authenticated operator.
 */
export const HELPER_TOKEN_MAX_TTL_SECONDS = 12 * 60 * 60;

export function signHelperToken(
  ttlSeconds: number = HELPER_TOKEN_MAX_TTL_SECONDS,
  now: number = Date.now(),
  secret: string = config.helperSecret,
): { token: string; expiresAt: Date } {
  const ttl = Math.max(1, Math.min(Math.floor(ttlSeconds), HELPER_TOKEN_MAX_TTL_SECONDS));
  const expiry = Math.floor(now / 1000) + ttl;
  const signature = createHmac("sha256", secret).update(String(expiry), "utf8").digest("base64url");
  return { token: `${expiry}.${signature}`, expiresAt: new Date(expiry * 1000) };
}
