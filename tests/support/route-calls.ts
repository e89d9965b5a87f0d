// The one way integration tests call a route: loaders and actions the way React Router does, with
// a real Request (formRequest builds a form post; tests/support/sessions.ts's postForm is the other
// kind, an HTTP post to a running server), and a whole page rendered by renderPage.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
} from "react-router";

const ORIGIN = "http://localhost";

export function getRequest(pathname: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(ORIGIN + pathname, { headers });
}

/** A form post (application/x-www-form-urlencoded; a repeated field as an array) as a Request. */
export function formRequest(
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

/** A file a test uploads: its bytes, name and type. */
export type UploadFile = { bytes: Buffer; name: string; type: string };

/**
 * A multipart form post (what a form with a file input sends) as a Request: `fields` as text parts
 * (an array as its String()), and each of `files`: the file, or for `null` the empty part a browser
 * sends when no file was chosen.
 */
export function multipartRequest(
  pathname: string,
  fields: Record<string, string | string[]>,
  files: Record<string, UploadFile | null>,
  init: { cookie?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    form.set(
      name,
      file
        ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type })
        : new File([], "", { type: "application/octet-stream" }),
    );
  }
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(ORIGIN + pathname, { method: "POST", body: form, headers });
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

/**
 * Renders a route module's page for a request, as the server would (its loader, or its action for
 * a POST, then its component): the HTTP status and the HTML. A loader or action that answers with a
 * Response (a redirect) is an error here: a test that expects one calls the loader or action itself.
 */
export async function renderPage(
  mod: { default: any; loader?: any; action?: any },
  path: string,
  request: Request,
): Promise<{ status: number; html: string }> {
  const handler = createStaticHandler([
    { id: "page", path, loader: mod.loader, action: mod.action, Component: withComponentProps(mod.default) },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`expected a page, got a ${context.status} response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })),
  };
}
