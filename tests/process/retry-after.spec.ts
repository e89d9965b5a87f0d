import { expect, test } from "@playwright/test";

import { exampleUrl } from "../support/route-table";
import { type RunningServer, startRateLimitedServer } from "../support/server-process";
import { postForm, vocationalLead } from "../support/sessions";

/**
 * Every 429 tells the client when to try again: `Retry-After: <seconds until the window frees>`,
 * on the document answer and on React Router's data request (`/path.data`, what the browser
 * sends with JavaScript). React Router builds both from each route's `headers` export, so a
 * Retry-After set by an action alone never reached the client. Production server, tiny limits.
 */

const LIMITS = { publicForms: 1, login: 1 };
/** The limiters' windows, in seconds: Retry-After can never be longer. */
const WINDOW = { publicForms: 60, login: 15 * 60 };

let server: RunningServer;
/** A visitor who filled the test's lead form: the question pages (shown again with the 429) need one. */
let visitorWithLead = "";

test.beforeAll(async () => {
  server = await startRateLimitedServer(LIMITS);
  const lead = await post("/teste-vocacional", vocationalLead("retry-after@example.com"), "10.80.0.1");
  expect(lead.status).toBe(303);
  visitorWithLead = lead.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

type Limited = { fields: Record<string, string>; limit: number; window: number; withLead?: boolean };

/** Each public POST (the ones abuse.spec.ts proves are all of them), with a post it counts. */
const LIMITED: Record<string, Limited> = {
  inscricao: { fields: {}, limit: LIMITS.publicForms, window: WINDOW.publicForms },
  "teste-vocacional": { fields: {}, limit: LIMITS.publicForms, window: WINDOW.publicForms },
  "teste-vocacional/perguntas": {
    fields: { pagina: "1", intent: "proximo" },
    limit: LIMITS.publicForms * 4,
    window: WINDOW.publicForms,
    withLead: true,
  },
  "login-admin": {
    fields: { email: "tentativa@example.com", password: "senha-errada-123" },
    limit: LIMITS.login,
    window: WINDOW.login,
  },
  whatsapp: { fields: { intent: "entrar", password: "senha-errada-123" }, limit: LIMITS.login, window: WINDOW.login },
  "whatsapp/:slug": {
    fields: {
      intent: "adicionar",
      label: "Equipe de teste",
      masterPassword: "mestra-errada-123",
      newPassword: "outra-senha-123",
    },
    limit: LIMITS.login,
    window: WINDOW.login,
  },
};

/** A form post from the given client address. */
function post(path: string, fields: Record<string, string>, ip: string, cookie = "") {
  return postForm(server.url, path, fields, cookie, { "X-Forwarded-For": ip });
}

let address = 1;
for (const [path, limited] of Object.entries(LIMITED)) {
  for (const kind of ["document", "data"] as const) {
    test(`POST /${path} (${kind}): the 429 carries Retry-After`, async () => {
      const url = exampleUrl({ path }) + (kind === "data" ? ".data" : "");
      const ip = `10.80.${address++}.1`;
      const cookie = limited.withLead ? visitorWithLead : "";
      for (let i = 0; i < limited.limit; i++) expect((await post(url, limited.fields, ip, cookie)).status).not.toBe(429);
      const blocked = await post(url, limited.fields, ip, cookie);
      expect(blocked.status).toBe(429);
      const retryAfter = blocked.headers.get("Retry-After");
      expect(retryAfter, `Retry-After of ${url}`).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(limited.window);
    });
  }
}
