// The fake driver's WhatsApp behaviours that the queue and the page are tested against: a number
// ending 0463 is accepted then refused as restricted (through an injected timer, no wall clock),
// a reply received while offline arrives after the next 'ready', WhatsApp's new-chat limit.
import { describe, expect, it } from "vitest";

import { FakeDriver } from "../src/drivers/fake.js";
import { createDriver, parseFakeChatCap, parseFakeOfflineMessages } from "../src/drivers/index.js";

/** A timer the test fires by hand. */
function manualTimer() {
  /** @type {{ callback: () => void, ms: number, cancelled: boolean }[]} */
  const scheduled = [];
  return {
    scheduled,
    /** @param {() => void} callback @param {number} ms */
    schedule(callback, ms) {
      const entry = { callback, ms, cancelled: false };
      scheduled.push(entry);
      return entry;
    },
    /** @param {any} entry */
    cancel(entry) {
      entry.cancelled = true;
    },
    fireAll() {
      for (const entry of scheduled.splice(0)) if (!entry.cancelled) entry.callback();
    },
  };
}

/** @param {FakeDriver} driver */
function record(driver) {
  /** @type {{ event: string, payload: any }[]} */
  const events = [];
  for (const event of ["ready", "message", "message-refused", "account-restricted", "chat-cap", "auth-failure", "warning"]) {
    driver.on(event, (payload) => events.push({ event, payload }));
  }
  return { events, of: (/** @type {string} */ name) => events.filter((e) => e.event === name).map((e) => e.payload) };
}

/** @param {FakeDriver} driver */
function readyNow(driver) {
  driver.account = driver.fakeAccount;
  driver.becomeReady();
}

describe("FakeDriver", () => {
  it("resolves each send with its message id", async () => {
    const driver = new FakeDriver();
    readyNow(driver);
    const first = await driver.sendText("5531911112222@s.whatsapp.net", "Oi");
    const second = await driver.sendText("5531933334444@s.whatsapp.net", "Oi");
    expect(first.id).toMatch(/^FAKE/);
    expect(second.id).not.toBe(first.id);
    expect(driver.sent.map((s) => s.id)).toEqual([first.id, second.id]);
  });

  it("a number ending 0463 is accepted, then refused as restricted a moment later", async () => {
    const timer = manualTimer();
    const driver = new FakeDriver({ schedule: timer.schedule, cancel: timer.cancel, refusalDelayMs: 300 });
    const log = record(driver);
    readyNow(driver);
    const { id } = await driver.sendText("5531999990463@s.whatsapp.net", "Oi");
    expect(driver.sent).toHaveLength(1); // accepted: sendText resolved
    expect(log.of("message-refused")).toEqual([]);
    expect(timer.scheduled.map((s) => s.ms)).toEqual([300]);

    timer.fireAll();
    expect(log.of("message-refused")).toEqual([
      { id, jid: "5531999990463@s.whatsapp.net", code: 463, reason: "WhatsApp recusou a mensagem: conta restrita" },
    ]);
    expect(log.of("account-restricted")).toEqual([
      { message: expect.stringMatching(/restringiu esta conta/), until: null, code: 463 },
    ]);
    // the restriction comes first, so a queue listening to both stops before reporting the contact
    expect(log.events.map((e) => e.event).slice(-2)).toEqual(["account-restricted", "message-refused"]);
  });

  it("stop() cancels refusals not yet delivered", async () => {
    const timer = manualTimer();
    const driver = new FakeDriver({ schedule: timer.schedule, cancel: timer.cancel });
    const log = record(driver);
    readyNow(driver);
    await driver.sendText("5531999990463@s.whatsapp.net", "Oi");
    await driver.stop();
    timer.fireAll();
    expect(log.of("message-refused")).toEqual([]);
  });

  it("a reply queued while offline arrives with offline: true right after the next ready", async () => {
    const driver = new FakeDriver({ readyDelayMs: 5 });
    const log = record(driver);
    driver.queueOfflineMessage("5531911112222", "SAIR");
    await driver.start();
    await new Promise((resolve) => driver.once("message", resolve));
    expect(log.events.map((e) => e.event)).toEqual(["ready", "message"]);
    expect(log.of("message")).toEqual([
      { id: expect.stringMatching(/^FAKEIN/), from: "5531911112222", text: "SAIR", offline: true },
    ]);

    driver.simulateDisconnect("Conexão perdida", -1); // delivered once: a reconnect brings nothing again
    readyNow(driver);
    expect(log.of("message")).toHaveLength(1);
    driver.simulateIncoming("5531933334444", "parar");
    expect(log.of("message")[1]).toMatchObject({ from: "5531933334444", text: "parar", offline: false });
    await driver.stop();
  });

  it("reports WhatsApp's new-chat limit after each ready and when it changes", () => {
    const driver = new FakeDriver({ chatCap: { limit: 50, remaining: 45, resetsAt: null } });
    const log = record(driver);
    readyNow(driver);
    driver.simulateChatCap({ limit: 50, remaining: 0, resetsAt: null });
    expect(log.of("chat-cap")).toEqual([
      { limit: 50, remaining: 45, resetsAt: null },
      { limit: 50, remaining: 0, resetsAt: null },
    ]);
  });

  it("a bad session is an auth failure with code bad-session", () => {
    const driver = new FakeDriver();
    const log = record(driver);
    readyNow(driver);
    driver.simulateBadSession();
    expect(driver.ready).toBe(false);
    expect(log.of("auth-failure")).toEqual([
      { message: "Sessão do WhatsApp inválida. Desconecte e escaneie o QR code de novo.", code: "bad-session" },
    ]);
  });

  it("demo and end-to-end runs configure offline replies and the limit through the environment", async () => {
    expect(parseFakeOfflineMessages("5531911112222:SAIR| 55 31 93333-4444 : não quero mais |bad|:x")).toEqual([
      { from: "5531911112222", text: "SAIR" },
      { from: "5531933334444", text: "não quero mais" },
    ]);
    expect(parseFakeChatCap("50:45")).toEqual({ limit: 50, remaining: 5, resetsAt: null });
    expect(parseFakeChatCap("abc")).toBeNull();
    const driver = /** @type {FakeDriver} */ (
      createDriver("fake", {
        dataDir: "/nonexistent",
        fakeReadyDelayMs: 1,
        env: { HELPER_FAKE_OFFLINE_MESSAGES: "5531911112222:Sair", HELPER_FAKE_CHAT_CAP: "20" },
      })
    );
    const log = record(driver);
    await driver.start();
    await new Promise((resolve) => driver.once("message", resolve));
    expect(log.of("chat-cap")).toEqual([{ limit: 20, remaining: 20, resetsAt: null }]);
    expect(log.of("message")).toEqual([
      { id: expect.stringMatching(/^FAKEIN/), from: "5531911112222", text: "Sair", offline: true },
    ]);
    await driver.stop();
  });
});
