// A page connected to the helper: what it is sent first (the helper's state, the last job's rows)
// and the commands it may give, each checked first against the site (is the key still alive?).
import { JobRefused } from "./queue.js";

/**
 * @typedef {"idle" | "connecting" | "qr" | "ready" | "disconnected" | "logged-out" | "auth-failure"} WhatsappState
 * @typedef {{
 *   log: (message: string) => void,
 *   queue: import("./queue.js").SendQueue,
 *   driver: import("./drivers/driver.js").Driver,
 *   sendLog: import("./send-log.js").SendLogOutbox,
 *   helperState: () => Record<string, unknown>,
 *   keyIsLive: () => Promise<boolean>,
 *   revokedMessage: string,
 *   startDriver: () => Promise<void>,
 *   whatsapp: () => WhatsappState, setWhatsapp: (state: WhatsappState) => void,
 *   lastQr: () => string | null,
 *   operatorName: () => string | null, setOperatorName: (name: string) => void,
 * }} PageContext the helper's parts a page's commands use
 */

/**
 * @param {unknown} callback
 * @param {Record<string, unknown>} response
 */
export function ack(callback, response) {
  if (typeof callback === "function") callback(response);
}

/** @param {unknown} payload @returns {Record<string, any>} */
export function asObject(payload) {
  return payload && typeof payload === "object" && !Array.isArray(payload) ? /** @type {any} */ (payload) : {};
}

/**
 * @param {import("socket.io").Socket} socket
 * @param {unknown} error
 * @param {unknown} callback
 * @param {(message: string) => void} log
 */
function unexpected(socket, error, callback, log) {
  const message = `Erro inesperado: ${/** @type {Error} */ (error)?.message ?? error}`;
  log(message);
  socket.emit("error", { message });
  ack(callback, { ok: false, message });
}

/**
 * Serves one connected page.
 * @param {import("socket.io").Socket} socket @param {PageContext} ctx
 */
export function servePage(socket, ctx) {
  const { log, queue, driver, sendLog, helperState, keyIsLive, startDriver } = ctx;
  /**
   * Registers a client event handler; the payload is optional and the ack callback, when
   * given, is always the last argument.
   * @param {string} event
   * @param {(payload: unknown, callback: unknown) => unknown} handler
   */
  const handle = (event, handler) =>
    socket.on(event, (...args) => {
      const callback = typeof args.at(-1) === "function" ? args.pop() : undefined;
      // every command asks the site first whether the key still lives (decision 070)
      keyIsLive()
        .then((live) =>
          live ? handler(args[0], callback) : ack(callback, { ok: false, code: "revoked-key", message: ctx.revokedMessage }),
        )
        .catch((error) => unexpected(socket, error, callback, log));
    });

  log("Página conectada.");
  socket.emit("helper-state", helperState());
  // the last job's rows, results and counters (decision 072): what the page shows is the helper's
  for (const [event, payload] of queue.replayEvents()) socket.emit(event, payload);

  handle("init-whatsapp", async (payload, callback) => {
    const name = asObject(payload).operatorName;
    if (typeof name === "string" && name.trim() !== "") ctx.setOperatorName(name.trim().slice(0, 100));
    if (ctx.whatsapp() === "ready") {
      socket.emit("whatsapp-ready", { account: driver.account ?? null });
    } else if (ctx.whatsapp() === "qr" && ctx.lastQr()) {
      socket.emit("whatsapp-qr", { qrDataURL: ctx.lastQr() });
    }
    if (ctx.whatsapp() !== "ready") {
      const operatorName = ctx.operatorName();
      log(`Iniciando espelhamento${operatorName ? ` para ${operatorName}` : ""}...`);
      try {
        await startDriver();
      } catch (error) {
        ctx.setWhatsapp("disconnected");
        const message = `Erro de inicialização: ${/** @type {Error} */ (error)?.message ?? error}`;
        log(message);
        socket.emit("error", { message });
        return ack(callback, { ok: false, message });
      }
    }
    ack(callback, { ok: true, state: ctx.whatsapp() });
  });

  handle("send-bulk-messages", (payload, callback) => {
    const data = asObject(payload);
    try {
      const result = queue.start({
        contacts: data.contacts,
        messageTemplate: data.messageTemplate,
        operatorName: data.operatorName ?? ctx.operatorName(),
        kind: "bulk",
        allowRepeat: data.allowRepeat,
        optOutFooter: data.optOutFooter,
      });
      // a job started from a hand-off list (?lista=): its rows in the site's log carry their lead
      sendLog.setList(result.jobId, data.lista);
      ack(callback, { ok: true, ...result });
    } catch (error) {
      if (!(error instanceof JobRefused)) return unexpected(socket, error, callback, log);
      socket.emit("bulk-status", {
        status: "error",
        jobId: null,
        results: [],
        total: 0,
        sent: 0,
        errors: 0,
        reason: error.reason,
        message: error.message,
      });
      ack(callback, { ok: false, reason: error.reason, message: error.message });
    }
  });

  handle("send-message", (payload, callback) => {
    const data = asObject(payload);
    try {
      const result = queue.start({
        contacts: [{ name: data.name, number: data.number }],
        messageTemplate: data.message,
        operatorName: data.operatorName ?? ctx.operatorName(),
        kind: "single",
        allowRepeat: data.allowRepeat,
        optOutFooter: data.optOutFooter,
      });
      ack(callback, { ok: true, jobId: result.jobId });
    } catch (error) {
      if (!(error instanceof JobRefused)) return unexpected(socket, error, callback, log);
      const message =
        error.reason === "no-contacts"
          ? "Número inválido."
          : error.reason === "no-message"
            ? "Mensagem necessária."
            : error.message;
      socket.emit("error", { message });
      ack(callback, { ok: false, reason: error.reason, message });
    }
  });

  handle("cancel-bulk", (payload, callback) => {
    const jobId = asObject(payload).jobId;
    const cancelled = queue.cancel(typeof jobId === "string" ? jobId : undefined);
    ack(callback, cancelled ? { ok: true, jobId: cancelled } : { ok: false, message: "Nenhum envio em andamento." });
  });

  handle("resume-bulk", (_payload, callback) => {
    const resumed = queue.resume("manual");
    if (resumed) return ack(callback, { ok: true });
    const job = queue.job;
    ack(callback, {
      ok: false,
      message:
        job?.state === "paused" && job.pauseReason !== "rate-limit" && job.pauseMessage
          ? job.pauseMessage
          : "Não há envio pausado por limite do WhatsApp.",
    });
  });

  handle("logout-whatsapp", async (_payload, callback) => {
    log("Encerrando a sessão do WhatsApp...");
    try {
      await driver.logout();
      ack(callback, { ok: true });
    } catch (error) {
      const message = `Erro ao encerrar a sessão: ${/** @type {Error} */ (error)?.message ?? error}`;
      socket.emit("error", { message });
      ack(callback, { ok: false, message });
    }
  });

  handle("get-state", (_payload, callback) => {
    const state = helperState();
    socket.emit("helper-state", state);
    ack(callback, { ok: true, ...state });
  });

  socket.on("disconnect", () => log("Página desconectada."));
}
