// The job journal on the operator's computer: finished jobs' contact lists leave after the
// retention, and people erased on the site leave it (a real local HTTP server plays the site).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { appendJsonLine, readJsonLines } from "../src/files.js";
import { compactJournal, ERASED_TEXT, JOURNAL_RETENTION_DAYS, journalNumbers, rewriteJournal } from "../src/journal.js";
import { REPEAT_WINDOW_MS } from "../src/queue.js";
import { cleanup, connect, KEY_TEXT, once, record, startTestHelper } from "./helpers.js";
import { startSiteStub } from "./site-stub.js";

/** @type {Array<() => Promise<unknown>>} */
const stubs = [];
afterEach(async () => {
  await cleanup();
  while (stubs.length) await stubs.pop()?.();
});

const DAY = 24 * 3600_000;

/** A finished job of one contact, `daysAgo` days before `now`. @param {string} jobId @param {string} number @param {number} at */
function finishedJob(jobId, number, at) {
  const iso = new Date(at).toISOString();
  const contact = { index: 0, name: `Pessoa ${jobId}`, number, normalized: `55${number}`, text: "Oi" };
  return [
    { type: "job-started", jobId, kind: "bulk", at: iso, operatorName: "Maria", total: 1, contacts: [contact] },
    { type: "message-sending", jobId, index: 0, jid: `55${number}`, at: iso },
    {
      type: "message-status",
      jobId,
      index: 0,
      status: "sent",
      number,
      normalizedNumber: `55${number}`,
      name: contact.name,
      text: "Oi",
      message: "Oi",
      error: null,
      code: null,
      at: iso,
    },
    { type: "job-finished", jobId, at: iso, state: "completed", total: 1, sent: 1, errors: 0, skipped: 0 },
  ];
}

describe("compactJournal", () => {
  const now = Date.parse("2026-12-02T12:00:00Z");
  const retentionMs = JOURNAL_RETENTION_DAYS * DAY;

  it("keeps finished jobs for at least the 7 days of the repeat check", () => {
    expect(JOURNAL_RETENTION_DAYS * DAY).toBeGreaterThanOrEqual(REPEAT_WINDOW_MS);
  });

  it("drops every entry of a job finished longer ago than the retention, and keeps newer and unfinished jobs", () => {
    const old = finishedJob("old", "31999990001", now - (JOURNAL_RETENTION_DAYS + 1) * DAY);
    const recent = finishedJob("recent", "31999990002", now - 3 * DAY);
    // an unfinished job (no job-finished) from long ago: it can still be resumed
    const open = finishedJob("open", "31999990003", now - 60 * DAY).slice(0, 3);
    const result = compactJournal([...old, ...recent, ...open], { now, retentionMs });
    expect(result.droppedJobs).toBe(1);
    expect(result.entries.map((e) => e.jobId)).toEqual([...recent, ...open].map((e) => e.jobId));
    expect(JSON.stringify(result.entries)).not.toContain("31999990001");
  });

  it("an erased person loses number, name and text everywhere; the rows keep their places", () => {
    const job = finishedJob("a", "31999990001", now - DAY);
    const result = compactJournal(job, { now, retentionMs, erased: new Set(["553199990001"]) });
    expect(result.erasedRows).toBe(1);
    expect(result.entries).toHaveLength(4);
    const text = JSON.stringify(result.entries);
    expect(text).not.toMatch(/99990001|Pessoa a/);
    expect(result.entries[0].contacts[0]).toEqual({ index: 0, name: "", number: "", normalized: "", text: "", erased: true });
    expect(result.entries[2]).toMatchObject({ index: 0, status: "sent", number: "", message: ERASED_TEXT });
    expect(journalNumbers(result.entries)).toEqual([]);
  });

  it("journalNumbers lists each person once (with and without the ninth digit)", () => {
    const entries = [...finishedJob("a", "31999990001", now), ...finishedJob("b", "3199990001", now)];
    expect(journalNumbers(entries)).toEqual(["5531999990001"]);
  });

  it("rewriteJournal replaces the file atomically and leaves no temp file", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "helper-journal-"));
    try {
      const file = join(dir, "jobs.jsonl");
      for (const entry of finishedJob("a", "31999990001", now)) appendJsonLine(file, entry);
      rewriteJournal(file, [{ type: "job-finished", jobId: "a", at: new Date(now).toISOString() }]);
      expect(readJsonLines(file)).toEqual([{ type: "job-finished", jobId: "a", at: new Date(now).toISOString() }]);
      expect(readdirSync(dir)).toEqual(["jobs.jsonl"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the helper's journal and the site's erasure", () => {
  it("at start, a job finished before the retention leaves the journal; a recent one stays", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dataDir = mkdtempSync(join(tmpdir(), "helper-journal-start-"));
    const now = Date.now();
    const file = join(dataDir, "jobs.jsonl");
    const lines = [
      ...finishedJob("old", "31999990001", now - (JOURNAL_RETENTION_DAYS + 2) * DAY),
      ...finishedJob("recent", "31999990002", now - DAY),
    ];
    writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(""), { mode: 0o600 });
    const helper = await startTestHelper({ dataDir });
    await helper.journalCare.first;
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("31999990001");
    expect(text).not.toContain("Pessoa old");
    expect(text).toContain("31999990002");
    expect(readdirSync(dataDir).filter((f) => f.includes("tmp"))).toEqual([]);
  });

  it("asks the site after a job which of its numbers were erased, and removes them from the journal and the replay", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    const helper = await startTestHelper({ siteUrl: site.url });
    const socket = connect(helper.url);
    await once(socket, "connect");
    const ready = once(socket, "whatsapp-ready");
    socket.emit("init-whatsapp", { operatorName: "Maria" });
    await ready;
    const contacts = [
      { name: "Ana Apagada", number: "31999991111" },
      { name: "Bruno", number: "31988882222" },
    ];
    const done = once(socket, "bulk-status");
    await socket.emitWithAck("send-bulk-messages", { contacts, messageTemplate: "Olá {nome}", optOutFooter: false });
    // Ana is erased on the site as the job ends: the check that follows the job removes her
    site.erase("31999991111");
    expect(await done).toMatchObject({ status: "completed", sent: 2 });
    const file = join(helper.dataDir, "jobs.jsonl");
    await helper.journalCare.run(); // runs after the check the job's end started

    const asked = site.requests.filter((r) => r.path === "/api/whatsapp-helper/apagados");
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.every((r) => r.status === 200)).toBe(true);
    expect(asked.at(-1)?.body).toEqual({ phones: ["+5531988882222"] });
    expect(asked[0].body.phones).toEqual(expect.arrayContaining(["+5531999991111", "+5531988882222"]));
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("31999991111");
    expect(text).not.toContain("Ana Apagada");
    expect(text).toContain("Bruno");

    // a page that connects now gets the last job without her
    const again = connect(helper.url);
    const seen = record(again);
    const replayed = once(again, "bulk-status");
    await replayed;
    const all = JSON.stringify(seen.events);
    expect(all).not.toContain("31999991111");
    expect(all).not.toContain("Ana Apagada");
    expect(all).toContain("Bruno");
  });

  it("asks again every interval, and keeps the numbers while the site cannot answer", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    site.state.down = true;
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dataDir = mkdtempSync(join(tmpdir(), "helper-journal-interval-"));
    const file = join(dataDir, "jobs.jsonl");
    const lines = finishedJob("a", "31999993333", Date.now() - DAY);
    writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(""), { mode: 0o600 });
    const helper = await startTestHelper({ dataDir, siteUrl: site.url, journalCareIntervalMs: 100 });
    await helper.journalCare.first;
    expect(readFileSync(file, "utf8")).toContain("31999993333");
    site.erase("+55 31 99999-3333");
    site.state.down = false;
    await site.until(() => site.requests.some((r) => r.path === "/api/whatsapp-helper/apagados" && r.status === 200));
    await helper.journalCare.run();
    expect(readFileSync(file, "utf8")).not.toContain("31999993333");
  });
});
