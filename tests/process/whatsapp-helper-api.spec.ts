import { connect } from "node:net";

import { expect, test } from "@playwright/test";
import { generateKey, parseKey, signToken } from "whatsapp-helper/token";

import { seedHelperKey } from "../support/helper-key";
import { openSessions } from "../support/sessions";

/**
 * The helpers' API through the real production server (server/app.js in front of the routes), the way
 * a helper calls it: Node's fetch, JSON, `Authorization: Bearer`, no cookie and no Origin. The longest
 * question the contract allows (1 000 contacts with their texts) passes the server's door; a body
 * without a token is refused before it is read; what a page records as sent is then "already sent".
 */

const base = () => process.env.E2E_BASE_URL!;
/** The helper's own key (decision 070), live in the e2e database. */
let key: string | null = null;
const helperKey = () => (key ??= seedHelperKey("Equipe da API").key);
const bearer = () => `Bearer ${helperKey()}`;

function post(pathname: string, body: string, authorization: string | null = bearer()) {
  return fetch(base() + pathname, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
  });
}

const uniqueDigits = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

test("a question about 1 000 contacts with long texts (about 1 MB) passes the door; past 5 MB it is refused", async () => {
  const text = "Olá, tudo bem? ".repeat(70); // 1 050 characters
  const contacts = Array.from({ length: 1000 }, (_, i) => ({ number: `55319${String(i).padStart(8, "0")}`, text }));
  const body = JSON.stringify({ contacts });
  expect(body.length).toBeGreaterThan(1024 * 1024);
  const answer = await post("/api/whatsapp-helper/ja-enviados", body);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(await answer.json()).toEqual({ sent: {} });

  const huge = await post("/api/whatsapp-helper/ja-enviados", JSON.stringify({ contacts, pad: "x".repeat(5 * 1024 * 1024) }));
  expect(huge.status).toBe(413);
  // Without a token a long body is refused as such.
  const anonymous = await post("/api/whatsapp-helper/ja-enviados", body, null);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, error: "Chave do ajudante inválida ou revogada" });
  // Other requests keep the 64 KB limit: the same body as a form post.
  const form = await fetch(`${base()}/api/whatsapp-helper/ja-enviados`, {
    method: "POST",
    body: `contacts=${"x".repeat(100 * 1024)}`,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: bearer() },
  });
  expect(form.status).toBe(413);
});

test("a request refused before its body is needed leaves the connection usable: the next request on it is answered", async () => {
  // Two requests written back to back on one connection: a 1 MB body without a token, then a GET. Left
  // unread, the long body stalled the connection and the GET was never answered (the client hung).
  const { hostname, port } = new URL(base());
  const longBody = JSON.stringify({ contacts: "x".repeat(1024 * 1024) });
  const answers = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 10_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if ((received.match(/^HTTP\/1\.1 /gm) ?? []).length === 2 && received.includes('{"numbers":')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(received);
      }
    });
    socket.on("error", reject);
    socket.write(
      `POST /api/whatsapp-helper/ja-enviados HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(longBody)}\r\n\r\n${longBody}`,
    );
    socket.write(
      `GET /api/whatsapp-helper/descadastros HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${bearer()}\r\n\r\n`,
    );
  });
  const statuses = [...answers.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => match[1]);
  expect(statuses).toEqual(["401", "200"]);
});

test("an opt-out reported by one helper is in the list another helper loads; a logged send is 'already sent'", async () => {
  const digits = uniqueDigits();
  // Reported without the ninth digit, then again with it: one person.
  for (const number of [`5531${digits.slice(1)}`, `5531${digits}`]) {
    const report = await post(
      "/api/whatsapp-helper/descadastros",
      JSON.stringify({ entries: [{ number, at: new Date().toISOString(), operator: "Operador A" }] }),
    );
    expect(report.status).toBe(200);
  }
  const list = await fetch(`${base()}/api/whatsapp-helper/descadastros`, { headers: { Authorization: bearer() } });
  const { numbers } = (await list.json()) as { numbers: string[] };
  expect(numbers.filter((n) => n.endsWith(digits.slice(1)))).toEqual([`+5531${digits.slice(1)}`]);

  // The page records a send in 'Registro de Envios' (operator session), as it does for each result.
  const { operator } = await openSessions(base());
  const text = `Mensagem de teste ${digits}`;
  const sentAt = new Date().toISOString();
  const logged = await fetch(`${base()}/whatsapp/registro`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: operator, Origin: base() },
    body: JSON.stringify({
      jobId: `job-${digits}`,
      number: `5531${digits}`,
      name: "Teste",
      message: text,
      status: "sent",
      sentAt,
    }),
  });
  expect(logged.status).toBe(200);
  const asked = await post("/api/whatsapp-helper/ja-enviados", JSON.stringify({ contacts: [{ number: `31${digits}`, text }] }));
  expect(await asked.json()).toEqual({ sent: { [`31${digits}`]: sentAt } });
});

/**
 * Decision 068: the helper writes 'Registro de Envios' itself, from an outbox that survives restarts.
 * The real helper (fake driver, real socket.io) runs a job of 6 against the real site; the page closes
 * after 2 results and the site stops answering the log; the helper stops with 4 rows owed, its clock
 * goes past every replay window (11 minutes), and it starts again on the same data folder with no page
 * at all: the site ends with the 6 rows of the job, once each.
 */
test("the helper writes the send log itself: page gone after 2 of 6, site down, restart: 6 rows, once each", async () => {
  const { startHelper } = await import("whatsapp-helper");
  const { io } = await import("socket.io-client");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { openE2eDb } = await import("../support/fixtures");

  const origin = "https://helper-log.example";
  const dataDir = mkdtempSync(path.join(tmpdir(), "helper-log-"));
  let clock = Date.now();
  const now = () => clock;
  /** The site's send log unreachable for the helper (the rest of the API keeps answering). */
  let logDown = false;
  const logPosts: number[] = [];
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/api/whatsapp-helper/registro")) {
      if (logDown) throw new TypeError("fetch failed");
      const answer = await fetch(input, init);
      logPosts.push(answer.status);
      return answer;
    }
    return fetch(input, init);
  };
  const start = (fetchImpl: typeof fetch) =>
    startHelper({
      port: 0,
      key: helperKey(),
      allowedOrigins: [origin],
      siteUrl: base(),
      driver: "fake",
      fakeReadyDelayMs: 20,
      dataDir,
      minDelayMs: 30,
      maxDelayMs: 30,
      sendWindow: "always",
      warmup: false,
      keepAwake: false,
      sendLogRetryMs: 60_000,
      logger: false,
      now,
      fetch: fetchImpl,
    });

  const digits = uniqueDigits().slice(0, 7);
  const text = `Registro escrito pelo ajudante ${digits}`;
  const contacts = Array.from({ length: 6 }, (_, i) => ({ name: `Pessoa ${i + 1}`, number: `31${digits}${i + 1}0` }));
  const db = openE2eDb();
  const rows = (jobId: string) =>
    db.prepare("SELECT number, status, message FROM whatsapp_send_log WHERE job_id = ? ORDER BY number").all(jobId) as {
      number: string;
      status: string;
      message: string;
    }[];
  let helper = await start(fetchThrough);
  try {
    // The page: connects, links WhatsApp, starts the job, and is closed after 2 results.
    const page = io(helper.url, {
      auth: { token: signToken(parseKey(helperKey())!, 300, clock) },
      extraHeaders: { origin },
      transports: ["websocket"],
      reconnection: false,
    });
    let seen = 0;
    const twoSeen = new Promise<void>((resolve) =>
      page.on("message-status", () => {
        if (++seen === 2) {
          logDown = true;
          page.disconnect();
          resolve();
        }
      }),
    );
    const finished = new Promise<{ jobId: string; sent: number }>((resolve) =>
      helper.queue.on("bulk-status", (status: { status: string; jobId: string; sent: number }) => {
        if (status.status !== "running") resolve(status);
      }),
    );
    await new Promise<void>((resolve, reject) => {
      page.once("connect", () => resolve());
      page.once("connect_error", reject);
    });
    const ready = new Promise<void>((resolve) => page.once("whatsapp-ready", () => resolve()));
    page.emit("init-whatsapp", { operatorName: "Operadora do Registro" });
    await ready;
    const started = await page.emitWithAck("send-bulk-messages", {
      contacts,
      messageTemplate: text,
      operatorName: "Operadora do Registro",
      optOutFooter: false,
    });
    expect(started.ok).toBe(true);
    const jobId = started.jobId as string;
    await twoSeen;
    const final = await finished;
    expect(final).toMatchObject({ jobId, sent: 6 });

    // The page wrote nothing. The site got what the helper posted before it went down (a post in flight
    // at that moment may have made it); everything else is owed, in the outbox, and only there.
    await expect.poll(() => rows(jobId).length + helper.sendLog.size).toBe(6);
    expect(helper.sendLog.size).toBeGreaterThanOrEqual(1);
    await helper.close();

    // 11 minutes later (past the 10-minute replay window), the helper starts again, no page at all.
    clock += 11 * 60_000;
    logDown = false;
    helper = await start(fetchThrough);
    await expect.poll(() => rows(jobId).length).toBe(6);
    // (the site stores a batch before its answer reaches the helper, which then marks it acknowledged)
    await expect.poll(() => helper.sendLog.size).toBe(0);
    const stored = rows(jobId);
    expect(stored.map((r) => r.number)).toEqual(contacts.map((c) => c.number.replace(/\D/g, "")).sort());
    expect(new Set(stored.map((r) => r.status))).toEqual(new Set(["Enviado"]));
    expect(stored.every((r) => r.message === text)).toBe(true);
    // Every post the helper made was acknowledged; the restart brought nothing back twice.
    expect(logPosts.every((status) => status === 200)).toBe(true);

    // The same row posted twice is stored once.
    const again = { jobId, number: stored[0].number, name: "Pessoa 1", message: text, status: "sent", operator: "Outra" };
    for (let i = 0; i < 2; i++) {
      const answer = await post("/api/whatsapp-helper/registro", JSON.stringify({ entries: [again, again] }));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(await answer.json()).toEqual({ ok: true, inserted: 0, updated: 0 });
    }
    expect(rows(jobId)).toHaveLength(6);
    // "Already sent?" now knows all 6, also the 4 the page never saw.
    const asked = await post(
      "/api/whatsapp-helper/ja-enviados",
      JSON.stringify({ contacts: contacts.map((c) => ({ number: c.number, text })) }),
    );
    expect(Object.keys(((await asked.json()) as { sent: Record<string, string> }).sent).sort()).toEqual(
      contacts.map((c) => c.number).sort(),
    );
  } finally {
    await helper.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the send-log API refuses a bad token, a GET, and a batch with one invalid row (stores none)", async () => {
  const jobId = `job-api-${uniqueDigits()}`;
  const row = { jobId, number: `5531${uniqueDigits()}`, status: "sent", message: "Olá", sentAt: new Date().toISOString() };
  const forged = `Bearer ${generateKey().key}`;
  for (const authorization of [null, forged, "Bearer 1.abc"]) {
    const answer = await post("/api/whatsapp-helper/registro", JSON.stringify({ entries: [row] }), authorization);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ ok: false, error: "Chave do ajudante inválida ou revogada" });
  }
  const get = await fetch(`${base()}/api/whatsapp-helper/registro`, { headers: { Authorization: bearer() } });
  expect(get.status).toBe(405);
  const mixed = await post(
    "/api/whatsapp-helper/registro",
    JSON.stringify({ entries: [row, { ...row, number: "12", jobId: `${jobId}-b` }] }),
  );
  expect(mixed.status).toBe(400);
  const first = await post("/api/whatsapp-helper/registro", JSON.stringify({ entries: [row] }));
  expect(await first.json()).toEqual({ ok: true, inserted: 1, updated: 0 });
  // A refusal after 'Enviado' (same job and number) turns the row into 'Erro', still one row.
  const refused = await post(
    "/api/whatsapp-helper/registro",
    JSON.stringify({ entries: [{ ...row, status: "error", detail: "recusada pelo WhatsApp" }] }),
  );
  expect(await refused.json()).toEqual({ ok: true, inserted: 0, updated: 1 });
});
