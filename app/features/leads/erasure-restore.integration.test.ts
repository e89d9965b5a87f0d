import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

import { CONSENT_VERSION } from "~/features/leads/forms/enrolment";
import { deletePerson, findLead } from "~/features/leads/privacy.server";
import { saveLead } from "~/features/leads/save.server";
import { recordSendResults } from "~/features/whatsapp/tool/send-log.server";
import { backupSite } from "~/platform/backup.server";
import { config } from "~/platform/config.server";
import { closeDatabase } from "~/platform/db/client.server";
import { restoreSite } from "~/platform/restore.server";

import { npmRun } from "../../../tests/support/npm-run";

/**
 * A backup made before an erasure brings the person back when it is restored: the erasure list
 * (kept in the data folder across the restore) takes them out again, by `npm run restore` itself
 * and by `npm run admin -- reapply-erasures` after a database was put back some other way. The
 * site's database of tests/setup.ts plays the production folder; the commands run as child processes.
 */

const run = (script: string, argv: string[]) =>
  npmRun([script, "--", ...argv], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_PATH: config.databasePath },
  });

function countIn(file: string, query: string, ...params: unknown[]): number {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (copy.prepare(query).get(...params) as { n: number }).n;
  } finally {
    copy.close();
  }
}

describe("restoring a backup made before an erasure", () => {
  it("npm run restore applies the erasure list again; by hand, npm run admin -- reapply-erasures does", async () => {
    const email = `restaurada.${Date.now().toString(36)}@apagar.example`;
    const id = saveLead({
      origem: "inscricao",
      nome: "Pessoa Restaurada",
      telefone: "(31)95432-1098",
      email,
      consentimento_versao: CONSENT_VERSION,
    });
    const kept = saveLead({ origem: "inscricao", nome: "Fica", telefone: "(31)95432-0000", email: `fica.${email}` });
    recordSendResults([{ jobId: "antes", number: "5531954321098", name: "Pessoa", message: "Olá", status: "sent" }]);
    const archive = path.join(mkdtempSync(path.join(tmpdir(), "erasure-restore-")), "antes.tar.gz");
    await backupSite(archive);
    deletePerson(findLead(id)!);
    closeDatabase();
    const leadsOf = (address: string) => countIn(config.databasePath, "SELECT count(*) AS n FROM leads WHERE email = ?", address);
    expect(leadsOf(email)).toBe(0);

    const restored = await run("restore", [archive, "--substituir"]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Lista de exclusões \(\d+\) aplicada de novo: 1 lead\(s\), 1 mensagem\(ns\) de WhatsApp/);
    expect(leadsOf(email)).toBe(0);
    expect(leadsOf(`fica.${email}`)).toBe(1);
    expect(countIn(config.databasePath, "SELECT count(*) AS n FROM whatsapp_send_log WHERE number = '5531954321098'")).toBe(0);
    expect(countIn(config.databasePath, "SELECT count(*) AS n FROM leads WHERE id = ?", kept)).toBe(1);

    // Put back by hand (the restore function alone, as a copied file would be): the person is back...
    await restoreSite(archive, { databasePath: config.databasePath, replace: true });
    expect(leadsOf(email)).toBe(1);
    // ...until the list is applied again.
    const again = await run("admin", ["reapply-erasures"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("Lista de exclusões aplicada: 1 lead(s)");
    expect(leadsOf(email)).toBe(0);
    expect(leadsOf(`fica.${email}`)).toBe(1);
  }, 120_000);
});
