// Replies reach the site's "Respostas" inbox (decision 071): every text a person sends in a private
// chat goes through the outbox to POST /api/whatsapp-helper/respostas, once per WhatsApp message id;
// groups, statuses and our own messages do not; the site being down only delays them, restarts
// included. WhatsApp's side is the Baileys-shaped test socket; the site is a real local HTTP server.
import { statSync } from "node:fs";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { replyRowOf } from "../src/replies.js";
import { connectReady, KEY_TEXT, once, startTestHelper } from "./helpers.js";
import { startSiteStub } from "./site-stub.js";
import { cleanupBaileysHelpers, linkedBaileysHelper, tempDir, until } from "./support/baileys-helper.js";

/** @type {Array<() => unknown>} */
const after = [];
afterEach(async () => {
  await cleanupBaileysHelpers();
  while (after.length) await after.pop()?.();
});

describe("replyRowOf", () => {
  const now = () => Date.parse("2026-11-26T12:00:00.000Z");

  it("keeps the id, the digits, WhatsApp's time and name, caps the text and says whether it is an opt-out", () => {
    expect(
      replyRowOf(
        { id: "3EB0AA", from: "5531999991111", text: "SAIR", at: Date.parse("2026-11-26T11:59:00.000Z"), pushName: "Ana" },
        { now, jobIdFor: () => "job-7" },
      ),
    ).toEqual({
      messageId: "3EB0AA",
      number: "+5531999991111",
      text: "SAIR",
      receivedAt: "2026-11-26T11:59:00.000Z",
      pushName: "Ana",
      optOut: true,
      jobId: "job-7",
    });
    const long = replyRowOf({ id: "X", from: "5531999991111", text: "a".repeat(5000) }, { now });
    expect(long?.text).toHaveLength(4096);
    expect(long).toMatchObject({ receivedAt: "2026-11-26T12:00:00.000Z", optOut: false, pushName: "" });
    expect(long).not.toHaveProperty("jobId");
  });

  it("forwards nothing without a number or a text", () => {
    expect(replyRowOf({ id: "X", from: "", text: "Oi" }, { now })).toBeNull();
    expect(replyRowOf({ id: "X", from: "5531999991111", text: "   " }, { now })).toBeNull();
  });
});

describe("nobody is ignored: replies without text or without a number", () => {
  it("through the Baileys-shaped socket, a voice note, a sticker, a reaction and a hidden-number chat reach the site", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    after.push(() => site.close());
    const { helper, socket, whatsapp } = await linkedBaileysHelper({
      options: { siteUrl: site.url },
      authPrefix: "baileys-media-",
    });
    expect(helper && socket).toBeTruthy();
    const from = "5531999995555@s.whatsapp.net";
    whatsapp.receive({ from, id: "3EB0VOICE01", message: { audioMessage: { ptt: true } } });
    whatsapp.receive({ from, id: "3EB0STICK01", message: { stickerMessage: {} } });
    whatsapp.receive({
      from,
      id: "3EB0REACT01",
      message: { reactionMessage: { key: { remoteJid: from, id: "3EB0X" }, text: "👎" } },
    });
    // WhatsApp gives no number for this chat (LID, no mapping): a reply without a number, never an opt-out
    whatsapp.receive({ lid: "4242@lid", id: "3EB0HIDDEN1", message: { conversation: "Parem de me mandar isso" } });
    await until(() => site.replies.length === 4);
    expect(site.replies).toEqual([
      expect.objectContaining({
        messageId: "3EB0VOICE01",
        number: "+5531999995555",
        text: "respondeu com mensagem de voz — veja no celular",
        optOut: false,
      }),
      expect.objectContaining({ messageId: "3EB0STICK01", text: "respondeu com figurinha — veja no celular", optOut: false }),
      expect.objectContaining({ messageId: "3EB0REACT01", text: "reagiu com 👎 — veja no celular", optOut: false }),
      expect.objectContaining({ messageId: "3EB0HIDDEN1", number: "", hiddenNumber: true, text: "Parem de me mandar isso" }),
    ]);
    expect(site.optOuts).toEqual([]);
  });

  it("replyRowOf keeps a hidden number as '' and never reads a described voice note as an opt-out", () => {
    const now = () => Date.parse("2026-11-26T12:00:00.000Z");
    expect(replyRowOf({ id: "H1", from: "", hiddenNumber: true, text: "SAIR" }, { now })).toMatchObject({
      number: "",
      hiddenNumber: true,
      optOut: true,
    });
    expect(
      replyRowOf({ id: "M1", from: "5531999991111", media: true, text: "respondeu com áudio — veja no celular" }, { now }),
    ).toMatchObject({ optOut: false });
  });
});

describe("the helper forwards replies to the site", () => {
  it("through the Baileys-shaped socket, 'Não tenho interesse' reaches the site once; groups, statuses and our own messages do not", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    after.push(() => site.close());
    const { helper, socket, whatsapp } = await linkedBaileysHelper({
      options: { siteUrl: site.url },
      authPrefix: "baileys-replies-",
    });

    const sentAt = Math.floor(Date.parse("2026-11-26T14:30:00.000Z") / 1000);
    whatsapp.receive({
      from: "5531999991111@s.whatsapp.net",
      id: "3EB0REPLY0001",
      pushName: "Ana Souza",
      timestamp: sentAt,
      message: { conversation: "Não tenho interesse" },
    });
    // WhatsApp delivers the same message again (a reconnect's 'append'): still one reply on the site
    whatsapp.receive({
      type: "append",
      from: "5531999991111@s.whatsapp.net",
      id: "3EB0REPLY0001",
      pushName: "Ana Souza",
      timestamp: sentAt,
      message: { conversation: "Não tenho interesse" },
    });
    whatsapp.receive({ from: "120363000000000001@g.us", message: { conversation: "Oi grupo" } });
    whatsapp.receive({ from: "status@broadcast", message: { conversation: "Meu status" } });
    whatsapp.receive({ from: "5531999991111@s.whatsapp.net", fromMe: true, message: { conversation: "Nossa mensagem" } });
    // a last reply, after the others: once it arrives, nothing else is on its way
    whatsapp.receive({
      from: "5531988882222@s.whatsapp.net",
      id: "3EB0REPLY0002",
      message: { extendedTextMessage: { text: "Vou denunciar como spam" } },
    });
    await until(() => site.replies.some((r) => r.messageId === "3EB0REPLY0002"));

    expect(site.replies).toEqual([
      {
        messageId: "3EB0REPLY0001",
        number: "+5531999991111",
        text: "Não tenho interesse",
        receivedAt: "2026-11-26T14:30:00.000Z",
        pushName: "Ana Souza",
        optOut: false,
      },
      expect.objectContaining({ messageId: "3EB0REPLY0002", number: "+5531988882222", text: "Vou denunciar como spam" }),
    ]);
    const posted = site.requests.filter((r) => r.path === "/api/whatsapp-helper/respostas").flatMap((r) => r.body.entries);
    expect(posted.filter((r) => r.messageId === "3EB0REPLY0001").length).toBeGreaterThanOrEqual(1);
    expect(posted.map((r) => r.text)).not.toContain("Oi grupo");
    expect(posted.map((r) => r.text)).not.toContain("Meu status");
    expect(posted.map((r) => r.text)).not.toContain("Nossa mensagem");
    // acknowledged: nothing left in the outbox (the site's answer may arrive just after its request)
    await until(() => helper.replies.size === 0);
    socket.disconnect();
  });

  it("a SAIR is an opt-out and a reply: the site gets both, the opt-out with the number only (the words stay in the reply)", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    after.push(() => site.close());
    const helper = await startTestHelper({ siteUrl: site.url });
    helper.driver.simulateIncoming("5531977773333", "SAIR, por favor");
    await until(() => site.replies.length === 1 && site.optOuts.length === 1);
    expect(site.replies[0]).toMatchObject({ number: "+5531977773333", text: "SAIR, por favor", optOut: true });
    expect(site.optOuts[0]).toMatchObject({ number: "+5531977773333" });
    expect(site.optOuts[0].said).toBeUndefined();
  });

  it("a reply names the last job that messaged the person, also after a restart (from the journal)", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    after.push(() => site.close());
    const dataDir = tempDir("replies-");
    const first = await startTestHelper({ dataDir, siteUrl: site.url });
    const { socket } = await connectReady(first.url);
    const done = once(socket, "bulk-status");
    const started = await socket.emitWithAck("send-bulk-messages", {
      contacts: [{ name: "Rui", number: "31955551234" }],
      messageTemplate: "Olá {nome}",
      optOutFooter: false,
    });
    await done;
    socket.disconnect();
    // WhatsApp's id of the person has no ninth digit: still the same person
    first.driver.simulateIncoming("553155551234", "Quanto custa?");
    await until(() => site.replies.length === 1);
    expect(site.replies[0]).toMatchObject({ number: "+553155551234", jobId: started.jobId });
    await first.close();

    const second = await startTestHelper({ dataDir, siteUrl: site.url });
    second.driver.simulateIncoming("5531955551234", "Não tenho interesse");
    await until(() => site.replies.length === 2);
    expect(site.replies[1]).toMatchObject({ text: "Não tenho interesse", jobId: started.jobId });
    // someone no job messaged: no job
    second.driver.simulateIncoming("5531900009999", "Oi?");
    await until(() => site.replies.length === 3);
    expect(site.replies[2]).not.toHaveProperty("jobId");
  });

  it("the site down: the reply waits in the outbox file (0600), is retried, and is delivered once after a restart", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    after.push(() => site.close());
    site.state.down = true;
    const dataDir = tempDir("replies-");
    const first = await startTestHelper({ dataDir, siteUrl: site.url, sendLogRetryMs: 100 });
    first.driver.simulateIncoming("5531966664444", "Exclua meus dados");
    const refused = () => site.requests.filter((r) => r.path === "/api/whatsapp-helper/respostas" && r.status === 503).length;
    // the first try and at least one retry were refused
    await until(() => refused() >= 2);
    expect(site.replies).toHaveLength(0);
    expect(first.replies.size).toBe(1);
    expect(statSync(join(dataDir, "replies.jsonl")).mode & 0o777).toBe(0o600);
    await first.close();

    site.state.down = false;
    const second = await startTestHelper({ dataDir, siteUrl: site.url });
    await until(() => site.replies.length === 1 && second.replies.size === 0);
    expect(site.replies[0]).toMatchObject({ number: "+5531966664444", text: "Exclua meus dados", optOut: false });
    await second.close();

    // acknowledged: a third start posts nothing
    const posts = site.requests.filter((r) => r.path === "/api/whatsapp-helper/respostas" && r.status === 200).length;
    const third = await startTestHelper({ dataDir, siteUrl: site.url });
    expect(third.replies.size).toBe(0);
    await third.close();
    expect(site.requests.filter((r) => r.path === "/api/whatsapp-helper/respostas" && r.status === 200)).toHaveLength(posts);
  });
});
