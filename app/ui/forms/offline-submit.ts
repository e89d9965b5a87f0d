import { useState } from "react";

import type { ToastMessage } from "~/shared/toast";

/**
 * A form sent with JavaScript over a weak mobile signal can lose its connection mid-request. React
 * Router would then show the error page and the visitor would lose everything typed. Routes whose
 * forms collect what a visitor typed use these two exports instead:
 *
 *   export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
 *   export const shouldRevalidate = skipRevalidationAfterConnectionLost;   (also in root.tsx)
 *
 * The page reads its answer with useActionAnswer (app/components/forms, decision 091), the one way
 * to tell a lost connection from the server's answer: the form stays as it was, with a message to
 * send it again (in the form's alert, or a toast). Without JavaScript the browser posts
 * the form itself and keeps it on its own error page (Back restores it). Nothing was stored: the
 * request never reached the site, or its answer never came back (the lead actions are idempotent
 * per e-mail, so sending again is safe; a login, the WhatsApp gate or adding an access password
 * only take effect once their answer, with its cookie or redirect, arrives).
 *
 * Used by: inscricao, teste-vocacional._index, teste-vocacional.perguntas, login-admin,
 * whatsapp._index (the gate, and 'Sair'/'Desconectar' of the mirroring page, which show a toast)
 * and whatsapp.$slug. A form keyed by location.key (so its password fields empty after each post)
 * keeps its key after a lost connection with useFormKeyKeptAfterConnectionLost: a post that
 * returns data is a new location, and a new key would remount the form and drop what was typed.
 */

export const CONNECTION_LOST: ToastMessage = {
  title: "Sem conexão com a internet",
  description: "Seus dados não foram enviados, mas continuam no formulário. Confira sua conexão e envie de novo.",
  variant: "destructive",
};

export type ConnectionLost = { connectionLost: ToastMessage };

export function isConnectionLost(value: unknown): value is ConnectionLost {
  return typeof value === "object" && value !== null && "connectionLost" in value;
}

/** fetch() rejects with a TypeError when the request cannot be sent or its answer does not arrive. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  // Chromium: "Failed to fetch"; Firefox: "NetworkError when attempting to fetch resource."; Safari: "Load failed".
  return offline || /failed to fetch|networkerror|load failed/i.test(error.message);
}

/** Runs the route's server action; a lost connection comes back as data instead of the error page. */
export async function sendKeepingForm<T>(serverAction: () => Promise<T>): Promise<T | ConnectionLost> {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkError(error)) return { connectionLost: CONNECTION_LOST };
    throw error;
  }
}

/** An action's answer split in two: the lost-connection message, or else what the server answered (pages call useActionAnswer). */
export function splitConnectionLost<T>(actionData: T | ConnectionLost | undefined): {
  lost: ToastMessage | null;
  answer: T | undefined;
} {
  return isConnectionLost(actionData)
    ? { lost: actionData.connectionLost, answer: undefined }
    : { lost: null, answer: actionData };
}

/** After a lost connection nothing changed on the server, and asking it again would fail too. */
export function skipRevalidationAfterConnectionLost({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return isConnectionLost(actionResult) ? false : defaultShouldRevalidate;
}

/** The form's key for this render: the location's key, except that a lost connection keeps the one before. */
export function keptFormKey(kept: string, locationKey: string, actionData: unknown): string {
  return isConnectionLost(actionData) ? kept : locationKey;
}

/**
 * For `<Form key={...}>` of a form that starts empty after each post: the location's key, except
 * after a lost connection, when the form keeps its key (and so what was typed).
 */
export function useFormKeyKeptAfterConnectionLost(locationKey: string, actionData: unknown): string {
  const [kept, setKept] = useState(locationKey);
  const key = keptFormKey(kept, locationKey, actionData);
  if (key !== kept) setKept(key);
  return key;
}
