import { createCookieSessionStorage, type Session } from "react-router";

import { config } from "./config.server";

/**
 * Three cookie sessions, each with its own cookie so a session of one kind can never be taken for
 * another: the visitor's test progress, the admin's login and the WhatsApp operator's gate.
 * A tampered or garbage cookie fails its signature check and reads as an empty session.
 */
function storage(name: string, maxAgeSeconds: number) {
  return createCookieSessionStorage({
    cookie: {
      name,
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction && config.siteUrl.startsWith("https://"),
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [config.sessionSecret],
    },
  });
}

export const visitorStorage = storage("__visitante", 60 * 60 * 24 * 30);
/** An admin session lasts 8 hours (the cookie, and its admin_sessions row). */
export const ADMIN_SESSION_SECONDS = 60 * 60 * 8;
export const adminStorage = storage("__admin", ADMIN_SESSION_SECONDS);
/** A WhatsApp operator session lasts 12 hours (the cookie, and its operator_sessions row). */
export const OPERATOR_SESSION_SECONDS = 60 * 60 * 12;
export const operatorStorage = storage("__operador", OPERATOR_SESSION_SECONDS);

type Storage = typeof visitorStorage;

/** Reads a session; any parsing failure counts as no session. */
export async function readSession(store: Storage, request: Request): Promise<Session> {
  try {
    return await store.getSession(request.headers.get("Cookie"));
  } catch {
    return store.getSession();
  }
}

export const getVisitorSession = (request: Request) => readSession(visitorStorage, request);
export const getAdminSession = (request: Request) => readSession(adminStorage, request);
export const getOperatorSession = (request: Request) => readSession(operatorStorage, request);

export const commitVisitor = (session: Session) => visitorStorage.commitSession(session);
export const commitAdmin = (session: Session) => adminStorage.commitSession(session);
export const commitOperator = (session: Session) => operatorStorage.commitSession(session);
