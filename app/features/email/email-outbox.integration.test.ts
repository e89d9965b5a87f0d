import { type AddressInfo, connect, createServer, type Socket } from "node:net";

import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createEmailWorker, enqueueEmail, MAX_EMAIL_ATTEMPTS, smtpTransport } from "~/features/email/outbox.server";
import * as emailsRoute from "~/features/email/outbox-page";
import { loader as emailsLoader } from "~/features/email/outbox-page";
import { deletePerson, findLead } from "~/features/leads/privacy.server";
import { saveLead } from "~/features/leads/save.server";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { type LocalSmtp, smtpRefusal, startLocalSmtp } from "../../../tests/support/local-smtp";
import { args, getRequest, payload, renderPage, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * The e-mail outbox (decision 088) against a real SMTP server started here (smtp-server on a free
 * port); what arrives is parsed with mailparser: headers, the pt-BR text and HTML parts, the link,
 * List-Unsubscribe. Time is the pinned server clock (decision 059): backoff is crossed by moving it.
 */

type Arrived = { mail: ParsedMail; rcpt: string[] };

let now = Date.parse("2026-11-24T12:00:00Z");
const arrived: Arrived[] = [];
const refuse = new Set<string>();
/** Called when a message's DATA starts and when its final "." arrived; an error refuses the message there. */
let onDataStep: ((step: "started" | "ended") => Error | undefined) | null = null;
/** Holds a message's answer until the promise it returns settles. */
let smtpHold: (() => Promise<void>) | null = null;
let smtp: LocalSmtp;
let port = 0;

async function startSmtp(listenPort = 0) {
  smtp = await startLocalSmtp({
    port: listenPort,
    onRcptTo: (address) => (refuse.has(address) ? smtpRefusal("Mailbox unavailable", 550) : undefined),
    onDataStart: () => onDataStep?.("started"),
    async onMessage(mail, rcpt) {
      await smtpHold?.();
      const refusal = onDataStep?.("ended");
      if (refusal) return refusal;
      arrived.push({ mail, rcpt });
    },
  });
  port = smtp.port;
}
const stopSmtp = () => smtp.close();

/**
 * A TCP relay to the SMTP server that, once, cuts both connections where the server's answer to a
 * message's final "." (its 250) would be passed back: the server has the message, the sender never
 * learns it.
 */
async function answerLosingProxy(target: number) {
  let toLose = 1;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target, "127.0.0.1");
    sockets.add(client).add(upstream);
    let tail = "";
    let messageEnded = false;
    client.on("data", (chunk) => {
      tail = (tail + chunk.toString("latin1")).slice(-5);
      if (tail === "\r\n.\r\n") messageEnded = true;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (messageEnded && toLose > 0 && chunk.toString("latin1").startsWith("250")) {
        toLose--;
        client.destroy();
        upstream.destroy();
        return;
      }
      messageEnded = false;
      client.write(chunk);
    });
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ]) {
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    lost: () => 1 - toLose,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function transport() {
  return smtpTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true, connectionTimeout: 5_000 });
}

beforeAll(async () => {
  setClockForTests(() => now);
  await startSmtp();
});
afterAll(async () => {
  resetClock();
  await stopSmtp();
  delete process.env.SMTP_URL;
});
beforeEach(() => {
  db.delete(schema.emailOutbox).run();
  db.delete(schema.jobs).run();
  arrived.length = 0;
  refuse.clear();
  onDataStep = null;
  smtpHold = null;
  process.env.SMTP_URL = "smtp://127.0.0.1:1";
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

const rows = () => db.select().from(schema.emailOutbox).orderBy(schema.emailOutbox.id).all();

function message(to: string, n = 1, extra: Partial<Parameters<typeof enqueueEmail>[0]> = {}) {
  return {
    kind: "lead.assigned",
    to,
    subject: `Novo lead para você: Maria ${n}`,
    text: `Um novo lead foi atribuído a você.\nAbrir o lead: http://localhost:3000/contato/lead/${n}`,
    html: `<p>Um novo lead foi atribuído a você.</p><p><a href="http://localhost:3000/contato/lead/${n}">Abrir o lead</a></p>`,
    ...extra,
  };
}

describe("the outbox over SMTP", () => {
  it("sends a queued message once, with its Message-ID, pt-BR text and HTML parts, link and one-click unsubscribe", async () => {
    const id = enqueueEmail(message("vendedora@example.com", 7, { unsubscribeUrl: "http://localhost:3000/descadastro/abc" }));
    expect(id).toMatch(/^<[0-9a-f-]+@localhost>$/);
    expect(rows()[0]).toMatchObject({ status: "pending", attempts: 0 });

    const worker = createEmailWorker({ transport: transport() });
    expect(await worker.runDue()).toBe(1);
    expect(arrived).toHaveLength(1);
    const { mail, rcpt } = arrived[0];
    expect(rcpt).toEqual(["vendedora@example.com"]);
    expect(mail.messageId).toBe(id);
    expect(mail.subject).toBe("Novo lead para você: Maria 7");
    expect(mail.text).toContain("Um novo lead foi atribuído a você.");
    expect(mail.html).toContain('<a href="http://localhost:3000/contato/lead/7">Abrir o lead</a>');
    const raw = (name: string) => mail.headerLines.find((line) => line.key === name)?.line ?? "";
    expect(raw("list-unsubscribe")).toBe("List-Unsubscribe: <http://localhost:3000/descadastro/abc>");
    expect(raw("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw("content-language")).toBe("Content-Language: pt-BR");
    expect(rows()[0]).toMatchObject({ status: "sent", attempts: 1, lastError: null });

    // Nothing is sent twice.
    expect(await worker.runDue()).toBe(0);
    expect(arrived).toHaveLength(1);
    await worker.stop();
  });

  it("SMTP down: nothing is lost, the queue waits its backoff, and after the outage every message arrives once", async () => {
    const port0 = port;
    await stopSmtp();
    for (let n = 1; n <= 3; n++) enqueueEmail(message(`fila${n}@example.com`, n));
    const worker = createEmailWorker({ transport: transport(), random: () => 1 });
    // The three are in the window of messages sent at once: each is tried, none is lost.
    expect(await worker.runDue()).toBe(3);
    expect(rows().map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    expect(rows()[0].lastError).toMatch(/Servidor SMTP fora do ar|ECONNREFUSED/);
    expect(
      db
        .select()
        .from(schema.jobs)
        .all()
        .map((job) => job.runAt > now),
    ).toEqual([true, true, true]);
    // Before the backoff ends nothing is tried (and nothing overtakes the head of the queue).
    expect(await worker.runDue()).toBe(0);

    // An hour of outage, retried with backoff.
    for (let i = 0; i < 12; i++) {
      now += 5 * 60_000;
      await worker.runDue();
    }
    expect(rows().every((r) => r.status === "pending")).toBe(true);
    expect(rows()[0].attempts).toBeLessThan(MAX_EMAIL_ATTEMPTS);

    await startSmtp(port0);
    now += 5 * 60_000;
    expect(await worker.runDue()).toBe(3);
    expect(arrived.map((a) => a.rcpt[0]).sort()).toEqual(["fila1@example.com", "fila2@example.com", "fila3@example.com"]);
    expect(rows().map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    await worker.stop();
  });

  it("staff alerts leave before confirmations to people queued earlier", async () => {
    for (let n = 1; n <= 3; n++) {
      enqueueEmail(message(`pessoa${n}@example.com`, n, { kind: n === 2 ? "person.vocational_result" : "person.confirmation" }));
    }
    enqueueEmail(message("vendedora1@example.com", 4));
    enqueueEmail(message("vendedora2@example.com", 5, { kind: "lead.escalated" }));
    const worker = createEmailWorker({ transport: transport() });
    expect(await worker.runDue()).toBe(5);
    // Every staff alert has its answer before a message to a person starts.
    const order = arrived.map((a) => a.rcpt[0]);
    expect(order.slice(0, 2).sort()).toEqual(["vendedora1@example.com", "vendedora2@example.com"]);
    expect(order.slice(2).sort()).toEqual(["pessoa1@example.com", "pessoa2@example.com", "pessoa3@example.com"]);
    expect(rows().map((r) => [r.kind.split(".")[0], r.priority])).toEqual([
      ["person", 1],
      ["person", 1],
      ["person", 1],
      ["lead", 0],
      ["lead", 0],
    ]);
    await worker.stop();
  });

  it("an address the server refuses fails that message only; the others are sent", async () => {
    refuse.add("recusado@example.com");
    enqueueEmail(message("antes@example.com", 1));
    enqueueEmail(message("recusado@example.com", 2));
    enqueueEmail(message("depois@example.com", 3));
    const worker = createEmailWorker({ transport: transport() });
    expect(await worker.runDue()).toBe(3);
    expect(arrived.map((a) => a.rcpt[0]).sort()).toEqual(["antes@example.com", "depois@example.com"]);
    const [, refused] = rows();
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused.lastError).toMatch(/Recusado pelo servidor SMTP \(550\)/);
    await worker.stop();
  });

  it("a message stays pending until the server answered its final '.'; a refusal then (451) is a retry", async () => {
    enqueueEmail(message("ordem@example.com", 1));
    const seen: string[] = [];
    onDataStep = (step) => {
      seen.push(`${step}: ${rows()[0].status}`);
      return step === "ended" && seen.length === 2 ? smtpRefusal("Try again later", 451) : undefined;
    };
    const worker = createEmailWorker({ transport: transport(), random: () => 1 });
    await worker.runDue();
    // The server has the whole message and has not answered: nothing is recorded as sent yet.
    expect(seen).toEqual(["started: pending", "ended: pending"]);
    expect(rows()[0]).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(rows()[0].lastError).toMatch(/Recusado pelo servidor SMTP \(451\)/);

    now += 60 * 60_000;
    await worker.runDue();
    expect(seen).toEqual(["started: pending", "ended: pending", "started: pending", "ended: pending"]);
    expect(rows()[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(arrived).toHaveLength(1);
    await worker.stop();
  });

  it("the server's answer lost after it accepted a message: sent again, with the same Message-ID", async () => {
    const id = enqueueEmail(message("resposta@example.com", 1));
    const proxy = await answerLosingProxy(port);
    const worker = createEmailWorker({
      transport: smtpTransport({ host: "127.0.0.1", port: proxy.port, secure: false, ignoreTLS: true, connectionTimeout: 5_000 }),
      random: () => 1,
    });
    try {
      await worker.runDue();
      // The server took it; its 250 never came back, so the row can not say sent.
      expect(proxy.lost()).toBe(1);
      expect(arrived.map((a) => a.mail.messageId)).toEqual([id]);
      expect(rows()[0]).toMatchObject({ status: "pending", attempts: 1, sentAt: null });

      now += 60 * 60_000;
      await worker.runDue();
      expect(arrived.map((a) => a.mail.messageId)).toEqual([id, id]);
      expect(rows()[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    } finally {
      await worker.stop();
      await proxy.close();
    }
  });

  it("four messages are on their way at once, each over its own connection; the next four start when they have their answers", async () => {
    for (let n = 1; n <= 8; n++) enqueueEmail(message(`janela${n}@example.com`, n));
    let inFlight = 0;
    let mostAtOnce = 0;
    const held: (() => void)[] = [];
    onDataStep = (step) => {
      if (step === "started") mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      return undefined;
    };
    // Each message's answer waits until four are in flight (or the queue's last ones arrived).
    smtpHold = () =>
      new Promise<void>((release) => {
        held.push(release);
        if (held.length === 4 || arrived.length + held.length === 8) {
          inFlight -= held.length;
          held.splice(0).forEach((go) => go());
        }
      });
    const worker = createEmailWorker({ transport: transport() });
    expect(await worker.runDue()).toBe(8);
    expect(mostAtOnce).toBe(4);
    expect(arrived).toHaveLength(8);
    expect(rows().every((r) => r.status === "sent")).toBe(true);
    await worker.stop();
  });

  it("a hostile address (header injection) is never queued; a subject's line breaks become spaces", async () => {
    expect(enqueueEmail(message("vitima@example.com\r\nBcc: todos@example.com"))).toBeNull();
    expect(enqueueEmail(message('"Nome" <x@example.com>'))).toBeNull();
    expect(enqueueEmail(message("a@example.com, b@example.com"))).toBeNull();
    expect(rows()).toHaveLength(0);

    enqueueEmail({ ...message("ok@example.com"), subject: "Linha um\r\nBcc: todos@example.com" });
    const worker = createEmailWorker({ transport: transport() });
    await worker.runDue();
    expect(arrived).toHaveLength(1);
    expect(arrived[0].rcpt).toEqual(["ok@example.com"]);
    expect(arrived[0].mail.subject).toBe("Linha um Bcc: todos@example.com");
    expect(arrived[0].mail.bcc).toBeUndefined();
    await worker.stop();
  });

  it("a lead deleted (LGPD) while its message waits: the message goes with it and is never sent", async () => {
    const leadId = saveLead({
      origem: "inscricao",
      nome: "Pessoa Apagada",
      telefone: "(31)99999-0001",
      email: "apagada@example.com",
    });
    enqueueEmail(message("vendedor@example.com", leadId, { leadId }));
    // With the person's own confirmation (decision 100), queued when the lead was saved.
    expect(rows().map((row) => row.toAddress)).toEqual(["apagada@example.com", "vendedor@example.com"]);
    deletePerson(findLead(leadId)!);
    expect(rows()).toHaveLength(0);
    const worker = createEmailWorker({ transport: transport() });
    expect(await worker.runDue()).toBe(0);
    expect(arrived).toHaveLength(0);
    await worker.stop();
  });
});

describe("without SMTP_URL (the embedded default)", () => {
  it("messages are kept, never sent, and shown to admins on the E-mails page: what, to whom, when", async () => {
    delete process.env.SMTP_URL;
    enqueueEmail(message("guardado@example.com", 3));
    expect(rows()[0]).toMatchObject({ status: "held" });
    const worker = createEmailWorker({ transport: transport() });
    expect(await worker.runDue()).toBe(0);
    expect(arrived).toHaveLength(0);

    const cookie = (await signedInStaff("admin", "emails.admin@example.com", "senha-forte-123")).cookie;
    const page = payload(await emailsLoader(args(getRequest("/admin/e-mails", { cookie }))));
    expect(page.smtpConfigured).toBe(false);
    expect(page.counts.held).toBe(1);
    expect(page.rows[0]).toMatchObject({
      toAddress: "guardado@example.com",
      subject: "Novo lead para você: Maria 3",
      status: "held",
      createdAt: new Date(now).toISOString(),
    });

    const other = (await signedInStaff("comercial", "emails.comercial@example.com", "senha-forte-123")).cookie;
    expect(statusOf(await settle(() => emailsLoader(args(getRequest("/admin/e-mails", { cookie: other })))))).toBe(403);
  });
});

describe("the E-mails page", () => {
  it("the E-mails page shows how long the oldest pending message has waited (the pinned clock)", async () => {
    // SMTP_URL names a port where nothing listens and no worker runs: the messages stay pending.
    const queuedAt = now;
    enqueueEmail(message("antiga@example.com", 1), new Date(queuedAt));
    now += 60_000;
    enqueueEmail(message("nova@example.com", 2));
    now = queuedAt + 3 * 60_000 + 20_000;
    const cookie = (await signedInStaff("admin", "emails.idade@example.com", "senha-forte-123")).cookie;
    const page = payload(await emailsLoader(args(getRequest("/admin/e-mails", { cookie }))));
    expect(page.oldestPending).toBe("Mais antigo na fila: há 3 min");
    const { html } = await renderPage(emailsRoute, "/admin/e-mails", getRequest("/admin/e-mails", { cookie }));
    expect(html).toContain("Mais antigo na fila: há 3 min");

    now += 2 * 60 * 60_000;
    expect(payload(await emailsLoader(args(getRequest("/admin/e-mails", { cookie })))).oldestPending).toBe(
      "Mais antigo na fila: há 2 h 3 min",
    );
    // Nothing pending: nothing said.
    db.update(schema.emailOutbox).set({ status: "sent" }).run();
    expect(payload(await emailsLoader(args(getRequest("/admin/e-mails", { cookie })))).oldestPending).toBeNull();
  });
});
