import { expect, test } from "@playwright/test";

import { snapshot } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { exampleUrl, routeTable } from "../support/route-table";
import { type RunningServer, startRateLimitedServer } from "../support/server-process";
import { enrolment, openSessions, postForm, type Sessions, vocationalLead } from "../support/sessions";

/**
 * Spam and brute force, against the production server with small limits:
 * every form people can post without an account carries the honeypot field, and every public POST
 * (lead forms, the test's answers, both password forms) is limited per client IP.
 */

const LIMITS = { publicForms: 3, login: 2 };

let server: RunningServer;
let sessions: Sessions;

test.beforeAll(async () => {
  server = await startRateLimitedServer(LIMITS);
  // Set up from an address of its own, so the limits below start from zero.
  sessions = await withAddress("10.99.0.1", () => openSessions(server.url));
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

/** Runs fetches with X-Forwarded-For set to the given address. */
async function withAddress<T>(ip: string, run: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", ip);
    return original(input, { ...init, headers });
  }) as typeof fetch;
  try {
    return await run();
  } finally {
    globalThis.fetch = original;
  }
}

/** A form post from the given client address. */
function post(path: string, fields: Record<string, string>, ip: string, cookie = "") {
  return postForm(server.url, path, fields, cookie, { "X-Forwarded-For": ip });
}

/** Each `<form method="post">` of an HTML page, as its markup. */
function postForms(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*\bmethod="post"[^>]*>[\s\S]*?<\/form>/gi)].map((m) => m[0]);
}

test("every public form carries the honeypot; forms without it are password forms", async () => {
  const pages = new Set<string>();
  for (const route of routeTable()) {
    if (!route.hasComponent) continue;
    pages.add(exampleUrl(route));
  }
  // Every page the sitemap lists (every course page) too.
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) pages.add(new URL(loc).pathname);

  let formsSeen = 0;
  let honeypots = 0;
  for (const page of pages) {
    // A visitor who filled the test's lead form sees the question pages too.
    const response = await fetch(server.url + page, {
      headers: { Cookie: sessions.visitorWithLead, "X-Forwarded-For": "10.99.0.2" },
    });
    expect(response.status, page).toBeLessThan(500);
    for (const form of postForms(await response.text())) {
      formsSeen++;
      if (/type="password"/.test(form)) continue;
      expect(form, `the form on ${page} has no honeypot`).toMatch(/<input[^>]*name="website"/);
      honeypots++;
    }
  }
  expect(formsSeen).toBeGreaterThanOrEqual(5);
  expect(honeypots).toBeGreaterThanOrEqual(3);
});

test("the honeypot is hidden from people and from assistive technology", async () => {
  const html = await (await fetch(`${server.url}/inscricao`)).text();
  const field = html.match(/<div aria-hidden="true"[^>]*>(?:(?!<\/div>)[\s\S])*name="website"[\s\S]*?<\/div>/)?.[0];
  expect(field).toBeTruthy();
  expect(field).toMatch(/tabindex="-1"/i);
  expect(field).toMatch(/autocomplete="off"/i);
  expect(field).toMatch(/-left-\[9999px\]/);
});

type Limited = {
  /** A post this route counts against the IP (a failure for password forms). */
  fields: () => Record<string, string>;
  cookie?: () => string;
  limit: number;
  /** Text of the refused page. */
  message: RegExp;
};

const PUBLIC_POSTS: Record<string, Limited> = {
  inscricao: {
    fields: () => enrolment(`limite.${Math.random().toString(36).slice(2)}@example.com`),
    limit: LIMITS.publicForms,
    message: /Muitas tentativas em pouco tempo/,
  },
  "polos/:slug": {
    fields: () => enrolment(`limite.polo.${Math.random().toString(36).slice(2)}@example.com`),
    limit: LIMITS.publicForms,
    message: /Muitas tentativas em pouco tempo/,
  },
  "teste-vocacional": {
    fields: () => vocationalLead(`limite.${Math.random().toString(36).slice(2)}@example.com`),
    limit: LIMITS.publicForms,
    message: /Muitas tentativas/,
  },
  "teste-vocacional/perguntas": {
    fields: () => ({ pagina: "1", intent: "proximo", q1: "A", q2: "A", q3: "A", q4: "A", q5: "A" }),
    cookie: () => sessions.visitorWithLead,
    limit: LIMITS.publicForms * 4,
    message: /Muitas tentativas/,
  },
  // The unsubscribe link's posts (decision 100): ten times the lead forms' budget (mail providers post from few addresses).
  "e-mail/descadastrar/:token": {
    fields: () => ({ "List-Unsubscribe": "One-Click" }),
    limit: LIMITS.publicForms * 10,
    message: /Muitas tentativas em pouco tempo/,
  },
  "login-admin": {
    // A different e-mail each time: only the per-IP limit is at work here (the per-e-mail one has its own test).
    fields: () => ({ email: `tentativa.${Math.random().toString(36).slice(2)}@example.com`, password: "senha-errada-123" }),
    limit: LIMITS.login,
    message: /Muitas tentativas de login/,
  },
  whatsapp: {
    fields: () => ({ intent: "entrar", password: "senha-errada-123" }),
    limit: LIMITS.login,
    message: /Muitas tentativas incorretas/,
  },
  "whatsapp/:slug": {
    fields: () => ({
      intent: "adicionar",
      label: "Equipe de teste",
      masterPassword: "mestra-errada-123",
      newPassword: "outra-senha-123",
    }),
    limit: LIMITS.login,
    message: /Muitas tentativas incorretas/,
  },
};

test("every public POST of the route table is in the rate-limit table; the others need a session", async () => {
  for (const route of routeTable().filter((r) => r.hasAction)) {
    if (PUBLIC_POSTS[route.path]) continue;
    // Not public: an anonymous post is sent to a login (the WhatsApp tool's pages: its gate) or refused before anything happens.
    const response = await post(exampleUrl(route), {}, "10.99.0.3");
    const location = response.headers.get("Location") ?? "";
    expect(
      response.status === 401 ||
        (response.status >= 300 &&
          response.status < 400 &&
          (location.startsWith("/login-admin") || (route.path.startsWith("whatsapp/") && location === "/whatsapp"))),
      `${route.path} is public (${response.status} ${location}): add it to PUBLIC_POSTS`,
    ).toBe(true);
  }
});

let address = 10;
for (const [path, limited] of Object.entries(PUBLIC_POSTS)) {
  test(`POST /${path} is limited per IP: ${path.startsWith("login") || path.startsWith("whatsapp") ? "failures" : "posts"} beyond the limit get 429`, async () => {
    const url = exampleUrl({ path });
    const ip = `10.98.${address++}.1`;
    const other = `10.98.${address++}.2`;
    const statuses: number[] = [];
    for (let i = 0; i < limited.limit; i++) statuses.push((await post(url, limited.fields(), ip, limited.cookie?.())).status);
    expect(
      statuses.every((s) => s !== 429),
      `within the limit: ${statuses}`,
    ).toBe(true);

    const blocked = await post(url, limited.fields(), ip, limited.cookie?.());
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(limited.message);
    // What the refused post carried was not stored.
    const afterBlocked = snapshot(server.databasePath);
    const blockedAgain = await post(url, limited.fields(), ip, limited.cookie?.());
    expect(blockedAgain.status).toBe(429);
    expect(snapshot(server.databasePath)).toEqual(afterBlocked);

    // Another address is not affected.
    expect((await post(url, limited.fields(), other, limited.cookie?.())).status).not.toBe(429);
  });
}

for (const [path, limited] of Object.entries(PUBLIC_POSTS).filter(([p]) => p.startsWith("login") || p.startsWith("whatsapp"))) {
  test(`POST /${path}: a burst of concurrent wrong passwords gets no more than the limit checked`, async () => {
    const url = exampleUrl({ path });
    const ip = `10.96.${address++}.1`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(url, limited.fields(), ip, limited.cookie?.())));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s !== 429),
      `${statuses}`,
    ).toHaveLength(limited.limit);
  });
}

test("behind the trusted proxy, a client cannot escape the limit by forging X-Forwarded-For", async () => {
  // The proxy appends the address it saw; whatever the client put before it is not trusted.
  const seenByProxy = "10.95.0.1";
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.login + 2; i++) {
    const forged = `203.0.113.${i + 1}, ${seenByProxy}`;
    statuses.push((await post("/whatsapp", { intent: "entrar", password: "chute-errado" }, forged)).status);
  }
  expect(
    statuses.slice(0, LIMITS.login).every((s) => s === 401),
    `${statuses}`,
  ).toBe(true);
  expect(statuses.slice(LIMITS.login)).toEqual([429, 429]);
});

test("the right password is refused too once an IP is blocked (no guessing through the limit)", async () => {
  const ip = "10.97.0.1";
  for (let i = 0; i < LIMITS.login; i++) await post("/login-admin", { email: E2E_ENV.ADMIN_EMAIL, password: "errada-123" }, ip);
  const right = await post("/login-admin", { email: E2E_ENV.ADMIN_EMAIL, password: E2E_ENV.ADMIN_PASSWORD }, ip);
  expect(right.status).toBe(429);
  expect(right.headers.getSetCookie().some((c) => c.startsWith("__admin=") && !c.startsWith("__admin=;"))).toBe(false);
  expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
});
