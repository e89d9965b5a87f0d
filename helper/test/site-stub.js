// A real local HTTP server standing in for the site's API for the helper (/api/whatsapp-helper/*),
// following the team contract: the helper's key as Bearer (refused once `revoke()` is called), the central
// opt-out list (ninth-digit variants stored once), the send log's "already sent" answer (same
// text, status Enviado, last 7 days) and which phones belong to erased people. The test plays the page: it records sends with logSent().
import { createServer } from "node:http";

import { normalizeNumber, numberKey } from "../src/phone.js";

const WEEK_MS = 7 * 24 * 3600_000;

/**
 * @param {{ key: string, now?: () => number }} options the key the helper under test carries (HELPER_KEY)
 */
export async function startSiteStub(options) {
  const now = options.now ?? Date.now;
  /** @type {{ number: string, at: string, operator?: string, said?: string }[]} */
  const optOuts = [];
  /** @type {{ number: string, text: string, status: "Enviado" | "Erro", at: string }[]} */
  const log = [];
  /** @type {{ method: string, path: string, status: number, body: any }[]} */
  const requests = [];
  /** @type {import("../src/replies.js").ReplyRow[]} replies stored once per message id, like the site */
  const replies = [];
  /** @type {{ test: () => boolean, resolve: () => void }[]} */
  const waiters = [];
  // keepLastResults: after `revoked`, the send log still takes the helper's rows (as the site does for a while)
  const state = { down: false, revoked: false, keepLastResults: false };
  /** @type {any[]} rows of the send log the helper posted */
  const sendLogRows = [];
  /** @type {{ whatsappLoggedOut: boolean }[]} a revoked helper's word that it unlinked WhatsApp */
  const unlinked = [];
  /** @type {{ number: string, at: string }[]} opt-outs undone on the site ('Desfazer') */
  const undone = [];
  /** @type {Set<string>} numberKeys of the people erased on the site ('Excluir') */
  const erased = new Set();

  const key = (/** @type {string} */ number) => numberKey(normalizeNumber(number));

  /** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} body */
  function send(res, status, body) {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "private, no-store" });
    res.end(JSON.stringify(body));
  }

  /**
   * A batch the helper posts, stored as the site stores it: 1 to `max` entries (else 400 with
   * `error`), each entry not already `stored` kept once; answers how many were new.
   * @param {import("node:http").ServerResponse} res @param {unknown} entries
   * @param {{ max: number, error: string, stored: (entry: any) => boolean, store: (entry: any) => void }} rules
   * @returns {number} the status sent
   */
  function storeBatch(res, entries, { max, error, stored, store }) {
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > max) {
      send(res, 400, { ok: false, error });
      return 400;
    }
    let inserted = 0;
    for (const entry of entries) {
      if (stored(entry)) continue;
      store(entry);
      inserted += 1;
    }
    send(res, 200, { ok: true, inserted });
    return 200;
  }

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = undefined;
    }
    const path = new URL(req.url ?? "/", "http://stub").pathname;
    const status = answer(req, res, path, body);
    requests.push({ method: req.method ?? "", path, status, body });
    for (const waiter of [...waiters]) {
      if (waiter.test()) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });

  /**
   * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
   * @param {string} path @param {any} body
   * @returns {number} the status sent
   */
  function answer(req, res, path, body) {
    if (state.down) {
      send(res, 503, { ok: false, error: "Serviço indisponível" });
      return 503;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (bearer === options.key && state.revoked && path === "/api/whatsapp-helper/chave" && body?.unlinked === true) {
      unlinked.push({ whatsappLoggedOut: body.whatsappLoggedOut });
      send(res, 200, { ok: true, unlinked: true });
      return 200;
    }
    const lastResults = state.keepLastResults && path === "/api/whatsapp-helper/registro";
    if (!bearer || bearer !== options.key || (state.revoked && !lastResults)) {
      send(res, 401, { ok: false, error: "Chave do ajudante inválida ou revogada" });
      return 401;
    }
    if (path === "/api/whatsapp-helper/chave" && req.method === "GET") {
      send(res, 200, { ok: true, keyId: bearer.split(".")[0] });
      return 200;
    }
    if (path === "/api/whatsapp-helper/descadastros" && req.method === "GET") {
      send(res, 200, { numbers: optOuts.map((o) => o.number), undone });
      return 200;
    }
    if (path === "/api/whatsapp-helper/descadastros" && req.method === "POST") {
      return storeBatch(res, body?.entries, {
        max: 500,
        error: "Lista de descadastros inválida",
        stored: (entry) => optOuts.some((o) => key(o.number) === key(entry.number)),
        store: (entry) => optOuts.push({ number: entry.number, at: entry.at, operator: entry.operator, said: entry.said }),
      });
    }
    if (path === "/api/whatsapp-helper/respostas" && req.method === "POST") {
      return storeBatch(res, body?.entries, {
        max: 100,
        error: "Envie de 1 a 100 respostas por vez",
        stored: (entry) => replies.some((r) => r.messageId === entry.messageId),
        store: (entry) => replies.push(entry),
      });
    }
    if (path === "/api/whatsapp-helper/apagados" && req.method === "POST") {
      // the contract: E.164 phones, 1 to 1000 a call; the answer is the subset that was erased
      const phones = body?.phones;
      if (
        !Array.isArray(phones) ||
        phones.length < 1 ||
        phones.length > 1000 ||
        !phones.every((p) => typeof p === "string" && /^\+[1-9]\d{7,14}$/.test(p))
      ) {
        send(res, 400, { ok: false, error: "Lista de telefones inválida" });
        return 400;
      }
      send(res, 200, { erased: phones.filter((p) => erased.has(key(p))) });
      return 200;
    }
    if (path === "/api/whatsapp-helper/registro" && req.method === "POST") {
      return storeBatch(res, body?.entries, {
        max: 100,
        error: "Envie de 1 a 100 registros por vez",
        stored: (entry) =>
          sendLogRows.some((r) => r.jobId === entry.jobId && r.number === entry.number && r.status === entry.status),
        store: (entry) => sendLogRows.push(entry),
      });
    }
    if (path === "/api/whatsapp-helper/ja-enviados" && req.method === "POST") {
      const contacts = body?.contacts;
      if (!Array.isArray(contacts) || contacts.length < 1 || contacts.length > 1000) {
        send(res, 400, { ok: false, error: "Lista de contatos inválida" });
        return 400;
      }
      /** @type {Record<string, string>} */
      const sent = {};
      const since = now() - WEEK_MS;
      for (const contact of contacts) {
        const row = log.findLast(
          (r) =>
            r.status === "Enviado" &&
            r.text === contact.text &&
            key(r.number) === key(contact.number) &&
            Date.parse(r.at) >= since,
        );
        if (row) sent[contact.number] = row.at;
      }
      send(res, 200, { sent });
      return 200;
    }
    send(res, 405, { ok: false, error: "Método não permitido" });
    return 405;
  }

  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());

  return {
    url: `http://127.0.0.1:${address.port}`,
    state,
    optOuts,
    /** 'Desfazer' on the site: the person leaves the central list and the undo is announced. @param {string} number @param {string} at */
    undo(number, at) {
      const index = optOuts.findIndex((o) => key(o.number) === key(number));
      if (index >= 0) optOuts.splice(index, 1);
      undone.push({ number, at });
    },
    log,
    requests,
    replies,
    /** 'Excluir' on the site: the person is erased (any way of writing the number). @param {string} number */
    erase(number) {
      erased.add(key(number));
    },
    sendLogRows,
    unlinked,
    /** The page records a helper's message-status in 'Registro de Envios'. @param {any} status */
    logStatus(status) {
      log.push({
        number: status.number,
        text: status.text,
        status: status.status === "sent" ? "Enviado" : "Erro",
        at: status.at,
      });
    },
    /** Resolves once `test` holds after some request. @param {() => boolean} test */
    until(test) {
      if (test()) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ test, resolve: () => resolve(undefined) }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
