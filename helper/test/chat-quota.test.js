// WhatsApp's new-chat quota per its cycle, its capping warnings and the lifting of the reach-out
// time-lock (decision 067), through the whole helper with the REAL Baileys driver and the
// Baileys-shaped test socket (test/support/baileys-socket.js), on an injected São Paulo clock.
// Also: an opt-out from a foreign WhatsApp id is kept under that id's digits (decision 064).
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { signToken } from "../src/token.js";
import { KEY, manualTimers, once } from "./helpers.js";
import { cleanupBaileysHelpers, linkedBaileysHelper, until } from "./support/baileys-helper.js";

/** @type {Array<() => void>} */
const after = [];
afterEach(async () => {
  await cleanupBaileysHelpers();
  while (after.length) after.pop()?.();
});

const SP = (/** @type {string} */ local) => Date.parse(`${local}-03:00`); // a São Paulo wall-clock time
const seconds = (/** @type {number} */ ms) => String(Math.floor(ms / 1000));

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/**
 * The helper with the real Baileys driver on a test clock and manual timers, linked through the
 * page's init; `beforeOpen` sets what WhatsApp answers at connect.
 * @param {number} start São Paulo instant
 * @param {(sock: import("./support/baileys-socket.js").BaileysTestSocket) => void} [beforeOpen]
 * @param {import("../src/server.js").HelperOptions} [options]
 */
async function linkedAt(start, beforeOpen = () => {}, options = {}) {
  const clock = { t: start };
  const timers = manualTimers();
  const linked = await linkedBaileysHelper({
    options: { now: () => clock.t, minDelayMs: 1000, maxDelayMs: 1000, dailyCap: 200, ...timers.options, ...options },
    beforeOpen,
    connectOptions: { token: signToken(KEY, 600, start) },
    authPrefix: "chat-quota-",
  });
  return { ...linked, clock, timers };
}

/**
 * Runs the queue's timers until nothing more is due now (each send arms the next gap).
 * @param {ReturnType<typeof manualTimers>} timers @param {{ t: number }} clock
 */
async function drain(timers, clock, rounds = 10) {
  for (let i = 0; i < rounds; i++) {
    await settle();
    const due = timers.due.filter((h) => h.ms <= 1000);
    if (due.length === 0) return;
    clock.t += 1000;
    timers.runAll();
  }
}

const CONTACTS = [
  { name: "Ana", number: "31999991111" },
  { name: "Bruno", number: "31988882222" },
  { name: "Carla", number: "31977773333" },
  { name: "Davi", number: "31966664444" },
];

describe("WhatsApp's new-chat quota is per its cycle, not per São Paulo day", () => {
  it("after midnight, with no new report, the rest of the quota is not allowed again, and the count is kept on disk", async () => {
    const start = SP("2026-11-24T22:00:00");
    const { helper, socket, log, whatsapp, clock, timers } = await linkedAt(start, (sock) => {
      sock.chatCap = { total_quota: 20, used_quota: 18 }; // WhatsApp states no cycle end
    });
    await until(() => log.of("helper-state").some((s) => s.limits?.whatsappCap != null));
    const paused = once(socket, "bulk-progress", (p) => p.paused);
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Oi", optOutFooter: false });
    await drain(timers, clock);
    const progress = await paused;
    expect(whatsapp.sent).toHaveLength(2); // 18 + 2 = 20

    // São Paulo midnight passes: our daily counter starts again, WhatsApp's quota does not
    clock.t = SP("2026-11-25T09:00:00");
    timers.runAll();
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(2);
    expect(progress).toMatchObject({ pauseReason: "chat-cap", sent: 2, resumeAt: null, canResume: false });
    const state = await socket.emitWithAck("get-state");
    expect(state.limits).toMatchObject({ sentToday: 0, whatsappCap: 0, effectiveCap: 0 });
    expect(state.limits.chatQuota).toMatchObject({ limit: 20, used: 20, remaining: 0, resetsAt: null });
    expect(state.limits.chatQuota.text).toBe(
      "Limite de novas conversas do WhatsApp: 20 de 20 neste ciclo; o WhatsApp não informou quando renova.",
    );
    expect(await socket.emitWithAck("resume-bulk")).toMatchObject({ ok: false });
    await socket.emitWithAck("cancel-bulk");
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS.slice(2), messageTemplate: "Oi de novo" });
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(2);

    // the count is kept in the data folder like the helper's other counters
    const kept = JSON.parse(readFileSync(join(helper.dataDir, "chat-quota.json"), "utf8"));
    expect(kept["5531900000001"]).toMatchObject({ limit: 20, used: 20 });
  });

  it("a capping update with a reset time allows sends after that time, not before (injected clock)", async () => {
    const start = SP("2026-11-24T10:00:00");
    const end = SP("2026-11-27T14:00:00");
    const { socket, log, whatsapp, clock, timers } = await linkedAt(start);
    whatsapp.capUpdate({
      total_quota: 20,
      used_quota: 18,
      cycle_start_timestamp: seconds(SP("2026-11-20T14:00:00")),
      cycle_end_timestamp: seconds(end),
      capping_status: /** @type {any} */ ("NONE"),
    });
    await until(() => log.of("helper-state").some((s) => s.limits?.whatsappCap === 2));
    const before = (await socket.emitWithAck("get-state")).limits.chatQuota;

    const paused = once(socket, "bulk-progress", (p) => p.paused);
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Oi", optOutFooter: false });
    await drain(timers, clock);
    const progress = await paused;
    expect(whatsapp.sent).toHaveLength(2);
    expect(progress).toMatchObject({ pauseReason: "chat-cap", resumeAt: new Date(end).toISOString() });
    expect(progress.pauseMessage).toBe(
      "Limite de novas conversas do WhatsApp atingido (20 de 20 neste ciclo); o envio continua sexta às 14:00.",
    );

    // two midnights pass: still nothing
    clock.t = SP("2026-11-26T09:00:00");
    timers.runAll();
    await settle();
    expect(whatsapp.sent).toHaveLength(2);

    // the cycle ends: the quota renews and the job goes on by itself
    clock.t = end + 60_000;
    timers.runAll();
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(4);
    const state = await socket.emitWithAck("get-state");
    expect(state.limits.chatQuota).toMatchObject({ used: 2, remaining: 18, resetsAt: "2026-12-04T17:00:00.000Z" });
    expect(before.text).toBe("Limite de novas conversas do WhatsApp: 18 de 20 neste ciclo; renova em 27/11 às 14:00.");
  });

  it("a capping warning pauses the job with a pt-BR reason; 'Retomar' goes past it for the cycle", async () => {
    const start = SP("2026-11-24T10:00:00");
    const { socket, log, whatsapp, clock, timers } = await linkedAt(start, (sock) => {
      sock.chatCap = { total_quota: 50, used_quota: 10, cycle_end_timestamp: seconds(SP("2026-11-27T14:00:00")) };
    });
    await until(() => log.of("helper-state").some((s) => s.limits?.whatsappCap != null));
    const first = once(socket, "message-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Oi", optOutFooter: false });
    await first;
    expect(whatsapp.sent).toHaveLength(1);

    const paused = once(socket, "bulk-progress", (p) => p.paused);
    whatsapp.capUpdate({
      total_quota: 50,
      used_quota: 40,
      cycle_end_timestamp: seconds(SP("2026-11-27T14:00:00")),
      capping_status: /** @type {any} */ ("FIRST_WARNING"),
    });
    const progress = await paused;
    const warning =
      "O WhatsApp avisou (1º aviso) que esta conta está perto do limite de novas conversas. O envio para novas conversas foi pausado; clique em Retomar para continuar mesmo assim.";
    expect(progress).toMatchObject({ pauseReason: "chat-cap-warning", pauseMessage: warning, canResume: true });
    await until(() => log.of("helper-state").at(-1)?.notice === warning);
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(1);

    expect(await socket.emitWithAck("resume-bulk")).toMatchObject({ ok: true });
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(4);
    expect(log.of("bulk-status").at(-1)).toMatchObject({ status: "completed", sent: 4 });

    // the same warning repeated in this cycle does not stop the next job; a second warning does
    whatsapp.capUpdate({
      total_quota: 50,
      used_quota: 43,
      cycle_end_timestamp: seconds(SP("2026-11-27T14:00:00")),
      capping_status: /** @type {any} */ ("FIRST_WARNING"),
    });
    await settle();
    const done = once(socket, "bulk-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS.slice(0, 1), messageTemplate: "Outra" });
    await drain(timers, clock);
    await done;
    expect(whatsapp.sent).toHaveLength(5);
    whatsapp.capUpdate({
      total_quota: 50,
      used_quota: 48,
      cycle_end_timestamp: seconds(SP("2026-11-27T14:00:00")),
      capping_status: /** @type {any} */ ("SECOND_WARNING"),
    });
    const again = once(socket, "bulk-progress", (p) => p.paused);
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS.slice(1, 2), messageTemplate: "Mais uma" });
    await drain(timers, clock);
    expect(await again).toMatchObject({ pauseReason: "chat-cap-warning", pauseMessage: expect.stringContaining("2º aviso") });
    expect(whatsapp.sent).toHaveLength(5);
  });
});

describe("the reach-out time-lock", () => {
  it("a 463 of a time-locked account stops the job until WhatsApp lifts the lock: then the job goes on and the page is told", async () => {
    const start = SP("2026-11-24T10:00:00");
    const { socket, whatsapp, clock, timers } = await linkedAt(start);
    const first = once(socket, "message-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Oi", optOutFooter: false });
    await first;
    const paused = once(socket, "bulk-progress", (p) => p.pauseReason === "restricted");
    // the time-lock query after the 463 says the account is locked for a day
    whatsapp.timelock = {
      isActive: true,
      timeEnforcementEnds: new Date(SP("2026-11-25T10:00:00")),
      enforcementType: /** @type {any} */ ("DEFAULT"),
    };
    whatsapp.badAck(/** @type {string} */ (whatsapp.sent[0].key.id), "463");
    await paused;
    await until(() => whatsapp.timelockQueries === 2); // at connect, then after the 463
    await drain(timers, clock);
    expect((await socket.emitWithAck("get-state")).restrictedUntil).not.toBeNull();
    expect(whatsapp.sent).toHaveLength(1);

    const lifted = once(socket, "helper-state", (s) => s.restrictedUntil === null);
    whatsapp.timelockNotification(null);
    const state = await lifted;
    expect(state.notice).toBe("O WhatsApp retirou a restrição desta conta: o envio foi retomado.");
    expect(state.job).toMatchObject({ state: "running", paused: false });
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(4);
  });

  it("a time-lock set at connect refuses jobs until WhatsApp lifts it; then a job is accepted", async () => {
    const start = SP("2026-11-24T10:00:00");
    const ends = new Date(SP("2026-11-25T10:00:00"));
    const { socket, log, whatsapp, clock, timers } = await linkedAt(start, (sock) => {
      sock.timelock = { isActive: true, timeEnforcementEnds: ends, enforcementType: /** @type {any} */ ("DEFAULT") };
    });
    await until(() => log.of("helper-state").some((s) => s.restrictedUntil === ends.toISOString()));
    const refused = await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Oi" });
    expect(refused).toMatchObject({ ok: false, reason: "restricted" });

    whatsapp.timelockNotification(null);
    await until(() => log.of("helper-state").at(-1)?.restrictedUntil === null);
    expect(log.of("helper-state").at(-1).notice).toBe("O WhatsApp retirou a restrição desta conta: já é possível enviar.");
    const accepted = await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS.slice(0, 1), messageTemplate: "Oi" });
    expect(accepted).toMatchObject({ ok: true });
    await drain(timers, clock);
    expect(whatsapp.sent).toHaveLength(1);
  });
});

describe("a reply's sender", () => {
  it("a SAIR from a foreign WhatsApp id is kept under that id's digits, never 55 + them", async () => {
    const { socket, whatsapp } = await linkedAt(SP("2026-11-24T10:00:00"));
    const optOut = once(socket, "opt-out");
    whatsapp.receive({ from: "14155552671@s.whatsapp.net", message: { conversation: "SAIR" } }); // 11 digits, American
    expect(await optOut).toMatchObject({ number: "14155552671" });
  });
});
