import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { CONSENT_VERSION } from "~/lib/leads/enrolment";
import { action as eraseAction } from "~/routes/leads/lead-erase";
import { openSqlite, sqlite } from "~/server/db/client.server";
import { saveLead } from "~/server/leads/save.server";
import { backupSite } from "~/server/platform/backup.server";
import { config } from "~/server/platform/config.server";
import { purgeExpired } from "~/server/platform/maintenance.server";
import { resetAllRateLimits } from "~/server/platform/rate-limit.server";
import { createWebhookEndpoint } from "~/server/webhooks/outbox.server";
import { recordSendResults } from "~/server/whatsapp/send-log.server";

import { args, formRequest } from "../support/route-calls";
import { signedInStaff } from "../support/staff-login";

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

const erase = (id: number, fields: Record<string, string | string[]> = { intent: "excluir" }) =>
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
