import { redirect } from "react-router";

import { privateHeaders } from "~/shared/cache-headers";
import type { ToastMessage } from "~/shared/toast";

import { commitVisitor, getVisitorSession } from "./session.server";

/**
 * Flash toasts: an action puts a toast in the visitor session; the root loader reads it once
 * (flash) and the Toaster shows it. Works with and without JavaScript.
 */
const TOAST_KEY = "toast";

/** Flashes a toast into a visitor session the caller already holds (and commits itself). */
export function putToast(session: { flash(key: string, value: unknown): void }, toast: ToastMessage) {
  session.flash(TOAST_KEY, toast);
}

export async function flashToast(request: Request, toast: ToastMessage): Promise<string> {
  const session = await getVisitorSession(request);
  session.flash(TOAST_KEY, toast);
  return commitVisitor(session);
}

/** Redirects (303) with a toast flashed into the session. Extra Set-Cookie headers are kept. */
export async function redirectWithToast(request: Request, url: string, toast: ToastMessage, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { ...init, status: init.status ?? 303, headers });
}

/** redirectWithToast for a staff or operator route: the answer carries the private headers. */
export function privateRedirectWithToast(request: Request, url: string, toast: ToastMessage, init: ResponseInit = {}) {
  return redirectWithToast(request, url, toast, { ...init, headers: privateHeaders(init.headers) });
}

export function takeToast(session: { get(key: string): unknown }): ToastMessage | null {
  const value = session.get(TOAST_KEY);
  if (!value || typeof value !== "object") return null;
  const { title, description, variant } = value as Record<string, unknown>;
  if (typeof title !== "string") return null;
  return {
    title,
    description: typeof description === "string" ? description : undefined,
    variant: variant === "destructive" ? "destructive" : "default",
  };
}
