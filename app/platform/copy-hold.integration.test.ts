import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createEmailWorker, smtpTransport } from "~/features/email/outbox.server";
import { action as emailsAction } from "~/features/email/outbox-page";
import { saveLead } from "~/features/leads/save.server";
import { loader as staffLayoutLoader } from "~/features/staff/layout";
import { createWebhookEndpoint, createWebhookWorker } from "~/features/webhooks/outbox.server";
import { config } from "~/platform/config.server";
import { RESTORED_MARKER } from "~/platform/data-dir.server";
import { db, schema } from "~/platform/db/client.server";
import { checkSiteIdentity, isOutgoingHeld, outgoingHold } from "~/platform/site-identity.server";
import { CONFIRM_OUTGOING_INTENT } from "~/shared/outgoing-hold";

import { type LocalSmtp, startLocalSmtp } from "../../tests/support/local-smtp";
import { args, formRequest, getRequest, payload, settle, statusOf } from "../../tests/support/route-calls";
import { signedInStaff } from "../../tests/support/staff-login";

/**
 * Decision 139: a copy does not talk to production. A database first used with one SITE_URL and then
 * started with another (a staging copy), or restored from a backup, holds every webhook and e-mail
 * until an admin confirms on the staff area's banner; then each goes out once. Through a real SMTP
 * server (smtp-server) and a real webhook receiver (node:http) on loopback.
 */

const PRODUCTION_URL = "https://producao.example.edu.br";

let smtp: LocalSmtp;
const mails: string[] = [];
let receiver: Server;
const hooks: string[] = [];
let hookUrl = "";
let dataDir = "";

beforeAll(async () => {
  smtp = await startLocalSmtp({ onMessage: (mail) => void mails.push(String(mail.messageId)) });
  // With SMTP configured the outbox queues messages to send (without, it keeps them unsent).
  process.env.SMTP_URL = smtp.url;
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      hooks.push(body);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "copia-"));
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const emailWorker = () =>
  createEmailWorker({
    transport: smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true, connectionTimeout: 5_000 }),
    log: () => {},
  });
const webhookWorker = () => createWebhookWorker({ log: () => {} });
const pending = () => ({
  emails: db
    .select()
    .from(schema.emailOutbox)
    .all()
    .filter((row) => row.status === "pending").length,
  webhooks: db
    .select()
    .from(schema.webhookDeliveries)
    .all()
    .filter((row) => row.status === "pending").length,
});

describe("a database started with another SITE_URL", () => {
  it("sends nothing until the admin confirms on the banner, then every held webhook and e-mail once", async () => {
    const admin = await signedInStaff("admin", "admin.copia@example.com");
    const comercial = await signedInStaff("comercial", "vendas.copia@example.com");
    createWebhookEndpoint(hookUrl, admin.user.email);

    // First used in production: the address is recorded and messages flow.
    expect(checkSiteIdentity(PRODUCTION_URL, { dataDir })).toBeNull();
    expect(isOutgoingHeld()).toBe(false);
    // Another port or scheme of the same host is the same site.
    expect(checkSiteIdentity("http://producao.example.edu.br:8080", { dataDir })).toBeNull();
    expect(isOutgoingHeld()).toBe(false);

    // The same database started elsewhere: held.
    const hold = checkSiteIdentity(config.siteUrl, { dataDir });
    expect(hold).toMatchObject({ reason: "address", fromUrl: PRODUCTION_URL, siteUrl: config.siteUrl });

    saveLead({
      origem: "contato",
      nome: "Pessoa da Cópia",
      telefone: "(31)98877-6655",
      email: "pessoa.copia@example.com",
      cidade: "Contagem",
    });
    const waiting = pending();
    expect(waiting.emails).toBeGreaterThan(0);
    expect(waiting.webhooks).toBeGreaterThan(0);

    expect(await emailWorker().runDue()).toBe(0);
    expect(await webhookWorker().runDue()).toBe(0);
    expect(mails).toEqual([]);
    expect(hooks).toEqual([]);
    expect(pending()).toEqual(waiting);

    // The banner is the admin's, with the cause; other roles see none.
    const layout = payload(await staffLayoutLoader(args(getRequest("/contato", { cookie: admin.cookie }))));
    expect(layout.outgoingHold).toEqual({ reason: "address", fromUrl: PRODUCTION_URL, siteUrl: config.siteUrl });
    const theirs = payload(await staffLayoutLoader(args(getRequest("/contato", { cookie: comercial.cookie }))));
    expect(theirs.outgoingHold).toBeNull();

    // A comercial user cannot release them.
    const refused = await settle(() =>
      emailsAction(args(formRequest("/admin/e-mails", { intent: CONFIRM_OUTGOING_INTENT }, { cookie: comercial.cookie }))),
    );
    expect(statusOf(refused)).toBe(403);
    expect(isOutgoingHeld()).toBe(true);

    const unknown = await settle(() =>
      emailsAction(args(formRequest("/admin/e-mails", { intent: "apagar-tudo" }, { cookie: admin.cookie }))),
    );
    expect(statusOf(unknown)).toBe(400);
    expect(isOutgoingHeld()).toBe(true);

    const confirmed = await settle(() =>
      emailsAction(args(formRequest("/admin/e-mails", { intent: CONFIRM_OUTGOING_INTENT }, { cookie: admin.cookie }))),
    );
    expect(statusOf(confirmed)).toBe(303);
    expect(outgoingHold()).toBeNull();

    expect(await emailWorker().runDue()).toBe(waiting.emails);
    expect(await webhookWorker().runDue()).toBe(waiting.webhooks);
    expect(mails).toHaveLength(waiting.emails);
    expect(new Set(mails).size).toBe(waiting.emails);
    expect(hooks).toHaveLength(waiting.webhooks);
    // Once: a second run sends nothing more, and the next start at this address holds nothing.
    expect(await emailWorker().runDue()).toBe(0);
    expect(await webhookWorker().runDue()).toBe(0);
    expect(mails).toHaveLength(waiting.emails);
    expect(hooks).toHaveLength(waiting.webhooks);
    expect(checkSiteIdentity(config.siteUrl, { dataDir })).toBeNull();
  });

  it("a database npm run restore put in place is held at the next start, at the same address too", async () => {
    writeFileSync(path.join(dataDir, RESTORED_MARKER), JSON.stringify({ restoredAt: new Date().toISOString() }));
    const hold = checkSiteIdentity(config.siteUrl, { dataDir });
    expect(hold).toMatchObject({ reason: "restore" });
    expect(existsSync(path.join(dataDir, RESTORED_MARKER))).toBe(false);
    // Still held at the next start until someone confirms.
    expect(checkSiteIdentity(config.siteUrl, { dataDir })).toMatchObject({ reason: "restore" });
    expect(isOutgoingHeld()).toBe(true);
  });
});
