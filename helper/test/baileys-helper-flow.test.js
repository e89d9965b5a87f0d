// The whole helper (socket.io server, send queue) with the REAL Baileys driver; only WhatsApp's
// side is replaced, by the Baileys-shaped test socket (test/support/baileys-socket.js). What
// WhatsApp does there (a 463 error ack, a new-chat limit, a SAIR waiting while the helper was
// closed, in a chat with disappearing messages) reaches the page and the site as it would for real.
import { createServer } from "node:http";

import { afterEach, describe, expect, it } from "vitest";

import { KEY_TEXT, manualTimers, once, record } from "./helpers.js";
import { cleanupBaileysHelpers, linkedBaileysHelper, until } from "./support/baileys-helper.js";

/** @type {Array<() => void>} */
const after = [];
afterEach(async () => {
  await cleanupBaileysHelpers();
  while (after.length) after.pop()?.();
});

/**
 * A local HTTP server standing in for the site's helper API (contract: GET/POST
 * /api/whatsapp-helper/descadastros, POST /api/whatsapp-helper/ja-enviados, Bearer token).
 * @param {string[]} [central] numbers already in the central list
 */
async function siteStandIn(central = []) {
  /** @type {{ number: string, at: string }[]} */
  const reported = [];
  const server = createServer((req, res) => {
    const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    /** @param {number} status @param {unknown} body */
    const answer = (status, body) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "private, no-store" });
      res.end(JSON.stringify(body));
    };
    if (token !== KEY_TEXT) return answer(401, { ok: false, error: "Chave inválida" });
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : {};
      if (req.url === "/api/whatsapp-helper/descadastros" && req.method === "GET") {
        return answer(200, { numbers: [...central, ...reported.map((e) => e.number)] });
      }
      if (req.url === "/api/whatsapp-helper/descadastros" && req.method === "POST") {
        reported.push(...body.entries);
        return answer(200, { ok: true, inserted: body.entries.length });
      }
      if (req.url === "/api/whatsapp-helper/ja-enviados" && req.method === "POST") return answer(200, { sent: {} });
      if (req.url === "/api/whatsapp-helper/chave" && req.method === "GET") return answer(200, { ok: true });
      answer(404, { ok: false });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  after.push(() => server.close());
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, reported };
}

/**
 * @param {import("../src/server.js").HelperOptions} [options]
 * @param {(sock: import("./support/baileys-socket.js").BaileysTestSocket) => void} [beforeOpen]
 */
const linkedHelper = (options = {}, beforeOpen = () => {}) => linkedBaileysHelper({ options, beforeOpen });

const CONTACTS = [
  { name: "Ana", number: "31999991111" },
  { name: "Bruno", number: "31988882222" },
  { name: "Carla", number: "31977773333" },
];

describe("the helper with the Baileys driver and a Baileys-shaped WhatsApp", () => {
  it("a 463 error ack of a time-locked account stops the job: the contact becomes refused, the pause cannot be resumed, nothing more is sent", async () => {
    const timers = manualTimers();
    const { socket, log, whatsapp } = await linkedHelper({ minDelayMs: 500, maxDelayMs: 500, ...timers.options });
    const firstStatus = once(socket, "message-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Olá {nome}", optOutFooter: false });
    expect(await firstStatus).toMatchObject({ number: "31999991111", status: "sent" });
    expect(whatsapp.sent).toHaveLength(1);

    const refused = once(socket, "message-status", (s) => s.code === "refused");
    const paused = once(socket, "bulk-progress", (p) => p.paused);
    // WhatsApp answers the first message with a 463, and its time-lock query says the account is locked
    whatsapp.timelock = {
      isActive: true,
      timeEnforcementEnds: new Date(Date.now() + 3600_000),
      enforcementType: /** @type {any} */ ("DEFAULT"),
    };
    whatsapp.badAck(/** @type {string} */ (whatsapp.sent[0].key.id), "463");
    expect(await refused).toMatchObject({
      number: "31999991111",
      status: "error",
      error: "WhatsApp recusou a mensagem: conta restrita",
    });
    expect(await paused).toMatchObject({ pauseReason: "restricted", canResume: false });

    timers.runAll(); // the gap before the next contact passes
    await new Promise((resolve) => setImmediate(resolve));
    expect(await socket.emitWithAck("resume-bulk")).toMatchObject({ ok: false });
    timers.runAll();
    expect(whatsapp.sent).toHaveLength(1); // no further message reached WhatsApp
    expect(log.of("message-status").filter((s) => s.status === "sent")).toHaveLength(1);
  });

  it("WhatsApp's new-chat limit, read at connect and followed, lowers the helper's own cap", async () => {
    const cycleEnd = String(Math.floor(Date.now() / 1000) + 86_400);
    const { socket, log, whatsapp } = await linkedHelper({ dailyCap: 200 }, (whatsapp) => {
      whatsapp.chatCap = { total_quota: 50, used_quota: 45, cycle_end_timestamp: cycleEnd };
    });
    await until(() => log.of("helper-state").some((s) => s.limits?.whatsappCap != null));
    expect(log.of("helper-state").findLast((s) => s.limits?.whatsappCap != null).limits).toMatchObject({
      dailyCap: 200,
      whatsappCap: 5,
      effectiveCap: 5,
    });

    // WhatsApp says the quota is used up: a job does not start writing to new people
    whatsapp.capUpdate({ total_quota: 50, used_quota: 50, cycle_end_timestamp: cycleEnd });
    await until(() => log.of("helper-state").at(-1)?.limits?.effectiveCap === 0);
    const paused = once(socket, "bulk-progress", (p) => p.paused);
    await socket.emitWithAck("send-bulk-messages", { contacts: CONTACTS, messageTemplate: "Oi", optOutFooter: false });
    expect(await paused).toMatchObject({ done: 0 });
    expect(whatsapp.sent).toHaveLength(0);
  });

  it("a SAIR that waited while the helper was closed, in a disappearing-messages chat, is captured and reported to the site", async () => {
    const site = await siteStandIn();
    const { socket, whatsapp } = await linkedHelper({ siteUrl: site.url });
    const optOut = once(socket, "opt-out");
    // Baileys delivers messages received while offline with type 'append'
    whatsapp.receive({
      type: "append",
      from: "5531999991111@s.whatsapp.net",
      message: { ephemeralMessage: { message: { extendedTextMessage: { text: "SAIR" } } } },
    });
    expect(await optOut).toMatchObject({ number: "5531999991111" });
    await until(() => site.reported.length === 1);
    expect(site.reported[0]).toMatchObject({ number: "+5531999991111" });

    // the next job skips that person
    const done = once(socket, "bulk-status");
    const log = record(socket);
    await socket.emitWithAck("send-bulk-messages", {
      contacts: CONTACTS.slice(0, 2),
      messageTemplate: "Oi",
      optOutFooter: false,
    });
    await done;
    expect(log.of("message-status").find((s) => s.number === "31999991111")).toMatchObject({ code: "opted-out" });
    expect(whatsapp.sent.map((m) => m.key.remoteJid)).toEqual(["5531988882222@s.whatsapp.net"]);
  });
});
