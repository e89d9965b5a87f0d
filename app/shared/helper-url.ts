/**
 * The helper's address as the page uses it: a "localhost" name becomes 127.0.0.1, where the helper
 * listens (it holds [::1] as well). A name lets the browser choose the address, and Chromium tries
 * [::1] first: whoever answered there would receive what the page meant for the helper.
 */
export function helperPageUrl(configured: string): string {
  try {
    const url = new URL(configured);
    const host = url.hostname.toLowerCase();
    if (host === "localhost" || host.endsWith(".localhost")) url.hostname = "127.0.0.1";
    return url.origin;
  } catch {
    return configured;
  }
}
