/**
 * What the browser allows the mirroring page to reach: Chrome's Local Network Access permission
 * (a public site must be allowed to reach the helper on this computer) and whether the page's own
 * address can ask for it at all (Chrome refuses local-network access from plain http outright).
 */

/**
 * The names Chromium has used for the permission: the first one until Chrome 141, then the split
 * pair (private network, and this computer's loopback, where the helper listens). A browser that
 * does not know a name throws a TypeError for it.
 */
export const LOCAL_NETWORK_PERMISSION_NAMES = ["local-network-access", "local-network", "loopback-network"] as const;

export type LocalNetworkPermission = "granted" | "denied" | "prompt" | "unsupported";

type PermissionsLike = { query(descriptor: { name: string }): Promise<{ state: string }> };

/**
 * The permission's state, read under every name the browser knows: denied if any of them is
 * denied (one refusal blocks the helper), granted if every known one is, 'unsupported' when the
 * browser knows none (no such check there), otherwise 'prompt'.
 */
export async function readLocalNetworkPermission(
  permissions: PermissionsLike | undefined = typeof navigator === "undefined" ? undefined : navigator.permissions,
): Promise<LocalNetworkPermission> {
  if (!permissions?.query) return "unsupported";
  const states: string[] = [];
  for (const name of LOCAL_NETWORK_PERMISSION_NAMES) {
    try {
      states.push((await permissions.query({ name })).state);
    } catch {
      // TypeError: this browser does not know that name.
    }
  }
  if (states.length === 0) return "unsupported";
  if (states.includes("denied")) return "denied";
  if (states.every((state) => state === "granted")) return "granted";
  return "prompt";
}

/** True for an address of this computer: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * True when the page is served over plain http from another computer's address: Chrome then
 * refuses to let it reach the helper at all, and only https on the site fixes it.
 */
export function pageNeedsHttps(location: { protocol: string; hostname: string }): boolean {
  return location.protocol === "http:" && !isLoopbackHost(location.hostname);
}

/**
 * What the browser itself forbids, before an attempt or after a failed one: a plain-http page on
 * another computer's address (Chrome also reports the permission as denied there, but only https
 * helps; a browser without the check is still given its try), or a denied local network permission.
 */
export function browserBlock(
  permission: LocalNetworkPermission,
  location: { protocol: string; hostname: string },
  attemptFailed: boolean,
): "https-required" | "permission-denied" | null {
  if (pageNeedsHttps(location) && (attemptFailed || permission === "denied")) return "https-required";
  return permission === "denied" ? "permission-denied" : null;
}
