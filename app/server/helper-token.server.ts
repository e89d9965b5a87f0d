import { MAX_TOKEN_TTL_SECONDS, signToken } from "whatsapp-helper/token";

import { config } from "./config.server";

/**
 * The short-lived token the /whatsapp page hands to the local helper in the socket.io handshake
 * (`auth.token`). The helper package owns the format and both halves (sign and check); the site
 * only adds the expiry date the page shows. Issued only by the loader of an authenticated operator.
 */
export function signHelperToken(
  ttlSeconds: number = MAX_TOKEN_TTL_SECONDS,
  now: number = Date.now(),
  secret: string = config.helperSecret,
): { token: string; expiresAt: Date } {
  const token = signToken(secret, ttlSeconds, now);
  const expiry = Number(token.slice(0, token.indexOf(".")));
  return { token, expiresAt: new Date(expiry * 1000) };
}
