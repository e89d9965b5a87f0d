// Small helpers to call loaders and actions the way React Router does: with a real Request.
import { isRouteErrorResponse } from "react-router";

const ORIGIN = "http://localhost";

export function getRequest(pathname: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(ORIGIN + pathname, { headers });
}

export function postForm(
  pathname: string,
  fields: Record<string, string | string[]>,
  init: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(ORIGIN + pathname, { method: "POST", body, headers });
}

/** The Cookie header a browser would send back after this response (name=value pairs only). */
export function cookieFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, value] = pair.split(/=(.*)/s, 2);
    jar.set(name, value ?? "");
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Unwraps what a loader/action returned: a Response, a data() result, or a plain object. */
export function payload<T = any>(result: unknown): T {
  if (result && typeof result === "object" && "type" in result && (result as any).type === "DataWithResponseInit") {
    return (result as any).data as T;
  }
  return result as T;
}

/**
 * Runs a loader or action and returns what it returned or threw: redirects, 404s and data() errors
 * are thrown, and a test wants to look at them like any other answer.
 */
export async function settle(run: () => unknown): Promise<any> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** The HTTP status of a loader's or action's answer: a Response, a route error, or a data() result (200 unless it says). */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (isRouteErrorResponse(result)) return result.status;
  return (result as any)?.init?.status ?? 200;
}

/** React Router's route-args shape, with what our loaders and actions read. */
export function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} } as any;
}
