import { WHATSAPP_PATH } from "~/shared/area-paths";

import { config, externalOrigins } from "./config.server";

/** The helper's origins as the browser reaches them (http and ws). */
function helperOrigins(): string[] {
  try {
    const url = new URL(config.helperUrl);
    const ws = url.protocol === "https:" ? "wss:" : "ws:";
    return [url.origin, `${ws}//${url.host}`];
  } catch {
    return [];
  }
}

function assistantOrigin(): string[] {
  try {
    return config.assistantUrl ? [new URL(config.assistantUrl).origin] : [];
  } catch {
    return [];
  }
}

/** Pages that talk to the local WhatsApp helper (socket.io from the browser). */
function reachesHelper(pathname: string): boolean {
  return pathname === WHATSAPP_PATH || pathname.startsWith(`${WHATSAPP_PATH}/`);
}

/**
 * Pages with the leads' "Ligar" / "WhatsApp" buttons (the panel, a lead's page and its contact page):
 * their posts are answered with a redirect to tel: or wa.me, and a form's redirect must be allowed by
 * form-action too.
 */
function hasContactButtons(pathname: string): boolean {
  return pathname === "/contato" || pathname.startsWith("/contato/lead/");
}

const CONTACT_TARGETS = ["tel:", "https://wa.me"];

/**
 * The document's Content-Security-Policy: scripts only from this site with the request's nonce,
 * frames and form targets only from this site and the configured form/assistant hosts, the
 * WhatsApp helper reachable only from the /whatsapp pages, and this site framed only by itself.
 */
export function contentSecurityPolicy(nonce: string, pathname: string): string {
  const external = externalOrigins();
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    // The assistant's origin: the sheet probes it (no-cors) to tell a failed frame from a loaded one.
    "connect-src": ["'self'", ...(reachesHelper(pathname) ? helperOrigins() : []), ...assistantOrigin()],
    "frame-src": ["'self'", ...external],
    "form-action": ["'self'", ...external, ...(hasContactButtons(pathname) ? CONTACT_TARGETS : [])],
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
