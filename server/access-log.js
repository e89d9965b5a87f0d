// The access log (morgan) with the secrets of token paths taken out: an unsubscribe link, a
// vocational result link and a WhatsApp hand-off list are authorities in themselves, and a log
// line outlives a person's erasure, so the log shows where the request went, never the token.
import morgan from "morgan";

/** Paths whose last segment is a token (their `.data` twins too). */
const TOKEN_PATHS = [/^(\/e-mail\/descadastrar\/)[^/?#]+/, /^(\/teste-vocacional\/resultado\/acesso\/)[^/?#]+/];
/** Query parameters that carry a token (the hand-off list to the WhatsApp tool). */
const TOKEN_PARAMS = /([?&]lista=)[^&#]*/g;

/**
 * The URL as the access log writes it: the token of a token path replaced by `[token]`.
 * @param {string} url
 */
export function redactTokenPaths(url) {
  let redacted = url;
  for (const pattern of TOKEN_PATHS) redacted = redacted.replace(pattern, "$1[token]");
  return redacted.replace(TOKEN_PARAMS, "$1[token]");
}

morgan.token("url", (req) => redactTokenPaths(/** @type {any} */ (req).originalUrl ?? req.url ?? ""));

/**
 * The request log middleware: Apache "combined" in production, "dev" otherwise, with redacted URLs.
 * @param {{ production: boolean; stream?: NodeJS.WritableStream }} options
 */
export function accessLog({ production, stream }) {
  return morgan(production ? "combined" : "dev", stream ? { stream } : {});
}
