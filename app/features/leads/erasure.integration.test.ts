import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { CONSENT_VERSION } from "~/features/leads/forms/enrolment";
import { purgeExpired } from "~/features/operations/retention.server";
import { createWebhookEndpoint } from "~/features/webhooks/outbox.server";
import { erasedPhonesApi } from "~/features/whatsapp/helper-api/helper-api.server";
import { revokeHelperKey } from "~/features/whatsapp/helper-api/helper-keys.server";
import { recordSendResults } from "~/features/whatsapp/tool/send-log.server";
import { backupSite } from "~/platform/backup.server";
import { config } from "~/platform/config.server";
import { db, openSqlite, schema, sqlite } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { newHelperKey } from "../../../tests/support/helper-key-calls";
import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";
import { readErasures } from "./erasures.server";
import { action as eraseAction, loader as eraseLoader } from "./lead-erase";
import { saveLead } from "./save.server";

/**
 * "Excluir" means gone: the erased person's bytes leave the database file and its WAL (secure_delete
 * and a checkpoint), every record found by e-mail or phone goes, and the erasure list (keyed hashes,
 * no personal data in clear) is re-applied after a restore. Real SQLite file of tests/setup.ts.
 */

let adminCookie = "";
let tag = 0;
beforeAll(async () => {
  adminCookie = (await signedInStaff("admin", "erasure.admin@example.com", "senha-admin-forte-123")).cookie;
  createWebhookEndpoint("http://127.0.0.1:9/crm", "erasure.admin@example.com");
});
beforeEach(() => resetAllRateLimits());

/** Every byte the database keeps on disk: the file, its WAL and its shared-memory index. */
function diskBytes(): Buffer {
  const parts = ["", "-wal", "-shm"].map((suffix) => {
    try {
      return readFileSync(config.databasePath + suffix);
    } catch {
      return Buffer.alloc(0);
    }
  });
  return Buffer.concat(parts);
}

const occurrences = (haystack: Buffer, needle: string) => {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
};

function seedUnique(now?: Date) {
  tag++;
  const marker = `zq${Date.now().toString(36)}x${tag}`;
  const email = `${marker}@apagar.example`;
  const phone = `(31)9${String(70000000 + tag * 7919).slice(0, 4)}-${String(1000 + tag).slice(-4)}`;
  const id = saveLead(
    { origem: "inscricao", nome: `Pessoa ${marker}`, telefone: phone, email, consentimento_versao: CONSENT_VERSION },
    now,
  );
  return { id, email, phone, marker };
}

const erase = (id: number, fields: Record<string, string | string[]> = { intent: "excluir", leads: String(id) }) =>
  eraseAction(args(formRequest(`/contato/lead/${id}/excluir`, fields, { cookie: adminCookie }), { id: String(id) }));

describe("erased bytes leave the disk", () => {
  it("an erased person's e-mail is in neither the database file nor its WAL", async () => {
    const { id, email, phone, marker } = seedUnique();
    recordSendResults([
      {
        jobId: `job-${marker}`,
        number: `55${phone.replace(/\D/g, "")}`,
        name: `Pessoa ${marker}`,
        message: `Olá ${marker}`,
        status: "sent",
      },
    ]);
    sqlite.pragma("wal_checkpoint(PASSIVE)");
    expect(occurrences(diskBytes(), email)).toBeGreaterThan(0);

    const answer = (await erase(id)) as Response;
    expect(answer.status).toBe(303);
    expect(occurrences(diskBytes(), email)).toBe(0);
    expect(occurrences(diskBytes(), marker)).toBe(0);
    expect(statSync(config.databasePath + "-wal").size).toBe(0);
  });

  it("the retention purge leaves no bytes of the purged leads either", () => {
    const old = new Date("2020-01-01T12:00:00.000Z");
    const { email, marker } = seedUnique(old);
    sqlite.pragma("wal_checkpoint(PASSIVE)");
    expect(occurrences(diskBytes(), email)).toBeGreaterThan(0);

    const purged = purgeExpired(new Date(old.getTime() + 800 * 24 * 60 * 60 * 1000));
    expect(purged.leads).toBeGreaterThanOrEqual(1);
    expect(occurrences(diskBytes(), email)).toBe(0);
    expect(occurrences(diskBytes(), marker)).toBe(0);
  });
});

describe("the database files are private whatever the umask", () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("a new database, its -wal and -shm are created 0600 under umask 022", () => {
    const previous = process.umask(0o022);
    try {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "erasure-mode-")), "novo.db");
      const db = openSqlite(file);
      db.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('a')");
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
      db.close();
    } finally {
      process.umask(previous);
    }
  });

  it("a database an older version left 0644 is narrowed to 0600 when opened", () => {
    const previous = process.umask(0o022);
    try {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "erasure-mode-")), "antigo.db");
      writeFileSync(file, "", { mode: 0o644 });
      const db = openSqlite(file);
      db.exec("CREATE TABLE t (x TEXT)");
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      db.close();
    } finally {
      process.umask(previous);
    }
  });

  it("a backup archive is created 0600 under umask 022", async () => {
    const previous = process.umask(0o022);
    try {
      const target = path.join(mkdtempSync(path.join(tmpdir(), "erasure-backup-")), "copia.tar.gz");
      const { file } = await backupSite(target);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});

const rows = <T>(query: string, ...params: unknown[]) => sqlite.prepare(query).all(...params) as T[];
const leadExists = (id: number) => rows("SELECT id FROM leads WHERE id = ?", id).length === 1;

/** A person with two e-mails and two phones over three lead rows, their WhatsApp records, and a stranger. */
function seedFamily() {
  tag++;
  const t = `${Date.now().toString(36)}${tag}`;
  const n = String(2000 + tag).slice(-4);
  const phone = `(31)97${n.slice(0, 3)}-${n}1`.replace(/-(\d{4})\d$/, "-$1");
  const otherPhone = `(31)96${n.slice(0, 3)}-${n}`;
  const emailA = `ana.${t}@apagar.example`;
  const emailB = `outro.${t}@apagar.example`;
  const a = saveLead({
    origem: "inscricao",
    nome: "Ana Titular",
    telefone: phone,
    email: emailA,
    consentimento_versao: CONSENT_VERSION,
  });
  // Same phone, another e-mail (the case: it used to stay, with its e-mails and webhook copies).
  const b = saveLead({
    origem: "contato",
    nome: "Ana T.",
    telefone: phone,
    email: emailB,
    consentimento_versao: CONSENT_VERSION,
  });
  // Same e-mail, another phone.
  const c = saveLead({
    origem: "bolsa",
    nome: "Ana",
    telefone: otherPhone,
    email: emailA,
    consentimento_versao: CONSENT_VERSION,
  });
  const stranger = saveLead({
    origem: "inscricao",
    nome: "Estranha",
    telefone: `(21)95${n.slice(0, 3)}-${n}`,
    email: `estranha.${t}@example.com`,
    consentimento_versao: CONSENT_VERSION,
  });
  const digits = phone.replace(/\D/g, "");
  recordSendResults([
    { jobId: `fam-${t}`, number: `55${digits}`, name: "Ana", message: "Olá Ana", status: "sent" },
    // The same phone without the ninth digit.
    { jobId: `fam-${t}-2`, number: `55${digits.slice(0, 2)}${digits.slice(3)}`, name: "Ana", message: "Oi", status: "sent" },
  ]);
  db.insert(schema.whatsappReplies)
    .values({
      messageId: `msg-${t}`,
      number: `55${digits}`,
      key: `55${digits.slice(0, 2)}${digits.slice(3)}`,
      pushName: "Ana",
      text: "Quero saber do curso",
      receivedAt: new Date().toISOString(),
    })
    .run();
  return { a, b, c, stranger, emailA, emailB, phone };
}

const leadIdsOfDeliveries = (type: string) =>
  rows<{ body: string }>("SELECT body FROM webhook_deliveries WHERE event_type = ?", type).map((row) => JSON.parse(row.body));

describe("the erasure finds the person by e-mail or phone", () => {
  it("the confirmation lists every lead row with the same e-mail or phone, and the records that go with them", async () => {
    const { a, b, c, stranger } = seedFamily();
    const view = payload(
      await eraseLoader(args(getRequest(`/contato/lead/${a}/excluir`, { cookie: adminCookie }), { id: String(a) })),
    );
    const ids = view.candidates.map((row: { id: number }) => row.id);
    expect(ids).toEqual([a, b, c]);
    expect(ids).not.toContain(stranger);
    expect(view.candidates.map((row: { match: string }) => row.match)).toEqual(["este lead", "mesmo telefone", "mesmo e-mail"]);
    expect(view.records.sendLog).toBe(2);
    expect(view.records.replies).toBe(1);
    expect(view.records.webhookCopies).toBeGreaterThanOrEqual(3);
    expect(view.records.emails).toBeGreaterThanOrEqual(3);
  });

  it("erases the ticked rows with their e-mails, webhook copies and WhatsApp records, keeps an unticked one, and tells the CRM", async () => {
    const { a, b, c, stranger, emailA, emailB, phone } = seedFamily();
    const answer = (await erase(a, { intent: "excluir", leads: [String(a), String(b)] })) as Response;
    expect(answer.status).toBe(303);
    expect(leadExists(a)).toBe(false);
    expect(leadExists(b)).toBe(false);
    // Unticked by the admin: stays, and so does the stranger.
    expect(leadExists(c)).toBe(true);
    expect(leadExists(stranger)).toBe(true);
    expect(rows("SELECT id FROM email_outbox WHERE to_address = ?", emailB)).toHaveLength(0);
    expect(rows("SELECT id FROM email_outbox WHERE lead_id IN (?, ?)", a, b)).toHaveLength(0);
    const digits = phone.replace(/\D/g, "");
    expect(rows("SELECT id FROM whatsapp_send_log WHERE number LIKE ?", `%${digits.slice(-8)}`)).toHaveLength(0);
    expect(rows("SELECT id FROM whatsapp_replies WHERE number LIKE ?", `%${digits.slice(-8)}`)).toHaveLength(0);
    const created = leadIdsOfDeliveries("lead.created").map((event) => event.data.lead.id);
    expect(created).not.toContain(a);
    expect(created).not.toContain(b);
    expect(created).toContain(c);

    // The CRM's erasure event: the lead ids only (no personal data to erase again), pending in the outbox.
    const erased = rows<{ body: string; status: string }>(
      "SELECT body, status FROM webhook_deliveries WHERE event_type = 'person.erased'",
    ).filter((row) => JSON.parse(row.body).data.leads.some((lead: { id: number }) => lead.id === a));
    expect(erased).toHaveLength(1);
    expect(erased[0].status).toBe("pending");
    const event = JSON.parse(erased[0].body);
    expect(event.data.leads).toEqual([{ id: a }, { id: b }]);
    expect(erased[0].body).not.toContain(emailA);
    expect(erased[0].body).not.toContain(emailB);
    expect(erased[0].body).not.toContain(digits);
  });

  it("a post with no row ticked erases nothing and says so", async () => {
    const { a, b } = seedFamily();
    const result = await settle(() => erase(a, { intent: "excluir" }));
    expect(statusOf(result)).toBe(400);
    expect(JSON.stringify(payload(result))).toContain("Marque pelo menos um registro para excluir.");
    expect(leadExists(a)).toBe(true);
    expect(leadExists(b)).toBe(true);
  });

  it("an id outside the person's rows is ignored, never erased", async () => {
    const { a, stranger } = seedFamily();
    const result = await settle(() => erase(a, { intent: "excluir", leads: String(stranger) }));
    expect(statusOf(result)).toBe(400);
    expect(leadExists(stranger)).toBe(true);
    expect(leadExists(a)).toBe(true);
  });
});

describe("the erasure list", () => {
  it("keeps the date and keyed hashes of the e-mails and phones, never the data in clear", async () => {
    const { a, b, c, emailA, emailB, phone } = seedFamily();
    const before = readErasures().length;
    await erase(a, { intent: "excluir", leads: [String(a), String(b), String(c)] });
    const entries = readErasures();
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1)!;
    expect(entry.emails).toHaveLength(2);
    expect(entry.phones).toHaveLength(2);
    const text = readFileSync(path.join(path.dirname(config.databasePath), "erasures.jsonl"), "utf8");
    const digits = phone.replace(/\D/g, "");
    for (const clear of [emailA, emailB, digits, digits.slice(-8), "Ana"]) expect(text).not.toContain(clear);
    expect(statSync(path.join(path.dirname(config.databasePath), "erasures.jsonl")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(path.dirname(config.databasePath), ".erasure-key")).mode & 0o777).toBe(0o600);
  });
});

describe("POST /api/whatsapp-helper/apagados", () => {
  const ask = (key: string | null, body: unknown) =>
    erasedPhonesApi(
      new Request("http://localhost/api/whatsapp-helper/apagados", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
      }),
    );

  it("answers which of the given numbers belong to erased people, with and without the ninth digit", async () => {
    const { key } = await newHelperKey("Equipe apagados");
    const { a, phone } = seedFamily();
    const digits = phone.replace(/\D/g, "");
    const e164 = `+55${digits}`;
    const withoutNinth = `+55${digits.slice(0, 2)}${digits.slice(3)}`;
    const before = await ask(key, { phones: [e164] });
    expect(await before.json()).toEqual({ erased: [] });

    await erase(a, { intent: "excluir", leads: [String(a)] });
    const answer = await ask(key, { phones: [e164, withoutNinth, "+5511988887777", "+14155550100"] });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({ erased: [e164, withoutNinth] });
  });

  it("refuses more than 1000 numbers, a number without its +, and a dead key", async () => {
    const { key } = await newHelperKey("Equipe apagados 2");
    const many = await ask(key, { phones: Array.from({ length: 1001 }, (_, i) => `+55319${String(10000000 + i)}`) });
    expect(many.status).toBe(400);
    expect((await many.json()).error).toBe("Envie no máximo 1000 números por vez");
    const local = await ask(key, { phones: ["31999998888"] });
    expect(local.status).toBe(400);
    expect((await local.json()).error).toMatch(/^Número inválido: use o formato E\.164/);
    expect((await ask(null, { phones: [] })).status).toBe(401);
    revokeHelperKey(key.split(".")[0]);
    expect((await ask(key, { phones: [] })).status).toBe(401);
  });
});
