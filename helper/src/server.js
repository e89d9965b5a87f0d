// The helper's socket.io server: loopback only, Origin allow-list, a short-lived token made for this
// helper's own key (decision 070) and refused once the site says the key is dead, the proof the page
// asks for before it hands over a token (GET /prova), the events listed in README.md (the page's
// connection, QR, send and log-out events), a paced send queue.
// Its settings are config.js, the proof proof.js, the [::1] listener loopback.js, and a connected
// page's commands page-commands.js.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

import { Server } from "socket.io";

import { ChatQuota } from "./chat-quota.js";
import { resolveConfig } from "./config.js";
import { createDriver } from "./drivers/index.js";
import { appendJsonLine, DailyCounter, ensurePrivateDirSync, FirstSendDays, readJsonLines, restrictionStore } from "./files.js";
import { startJournalCare } from "./journal.js";
import { keepAwakeWhileSending } from "./keep-awake.js";
import { holdIpv6Loopback } from "./loopback.js";
import { isOptOutText, OptOutList } from "./optout.js";
import { servePage } from "./page-commands.js";
import { connectionFromOtherAccount } from "./peer-account.js";
import { jidToNumber, normalizeNumber, numberKey } from "./phone.js";
import { answerProof } from "./proof.js";
import { OPT_OUT_FOOTER, restrictedMessage, SendQueue } from "./queue.js";
import { createReplyOutbox, replyRowOf } from "./replies.js";
import { DEFAULT_SEND_WINDOW, formatClock, parseSendWindow, TIME_ZONE, windowLabel } from "./schedule.js";
import { SendLogOutbox } from "./send-log.js";
import { SiteApi, SiteError } from "./site-api.js";
import { withTimeout } from "./timeout.js";
import { checkToken } from "./token.js";

const VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

export { parseOrigins, resolveConfig } from "./config.js";
export { LoopbackTaken } from "./loopback.js";
/** @typedef {import("./config.js").HelperOptions} HelperOptions */

/** How long each step of the unlinking after a revocation may take. */
const UNLINK_TIMEOUT_MS = 10_000;

/** @param {Date} date shown in São Paulo's time, whatever the computer's zone */
function clock(date) {
  return formatClock(date.getTime());
}

/**
 * Starts the helper. Resolves once it listens.
 * @param {HelperOptions} [options]
 * @returns {Promise<{ port: number, url: string, close: () => Promise<void>, driver: any, queue: SendQueue, io: Server, config: ReturnType<typeof resolveConfig>, reportOptOuts: () => Promise<void>, loadCentralOptOuts: () => Promise<void>, sendLog: SendLogOutbox, replies: SendLogOutbox<import("./replies.js").ReplyRow>, journalCare: ReturnType<typeof startJournalCare> }>}
 */
export async function startHelper(options = {}) {
  const config = resolveConfig(options);
  const now = options.now ?? Date.now;
  const log =
    options.logger === false
      ? () => {}
      : (options.logger ?? ((/** @type {string} */ message) => console.log(`[${clock(new Date())}] ${message}`)));

  // private to the operator's account, also when an older helper made it 0755 (decision 065)
  ensurePrivateDirSync(config.dataDir);
  if (!config.key)
    log("ATENÇÃO: HELPER_KEY ausente ou inválida; todas as conexões serão recusadas. Use o script de início baixado do site.");
  if (config.allowedOrigins.length === 0)
    log("ATENÇÃO: HELPER_ALLOWED_ORIGINS vazio; todas as conexões serão recusadas. Use o script de início baixado do site.");

  let sendWindow = parseSendWindow(config.sendWindowText);
  if (!sendWindow) {
    log(`ATENÇÃO: HELPER_SEND_WINDOW "${config.sendWindowText}" não foi entendido; usando ${DEFAULT_SEND_WINDOW}.`);
    sendWindow = /** @type {import("./schedule.js").SendWindow} */ (parseSendWindow(DEFAULT_SEND_WINDOW));
  }

  const driver = createDriver(config.driver, { dataDir: config.dataDir, log, fakeReadyDelayMs: config.fakeReadyDelayMs });
  const optOuts = new OptOutList(join(config.dataDir, "opt-out.json"));
  const dailyCounter = new DailyCounter(join(config.dataDir, "daily-count.json"));
  const firstSendDays = new FirstSendDays(join(config.dataDir, "first-send.json"));
  // WhatsApp's new-chat quota per its cycle (decision 067): survives restarts and midnight
  const chatQuota = new ChatQuota(join(config.dataDir, "chat-quota.json"));
  // WhatsApp's restriction outlives a restart: nothing is sent before it ends
  const restriction = restrictionStore(join(config.dataDir, "restriction.json"));
  const site =
    config.siteUrl && config.key
      ? new SiteApi({ baseUrl: config.siteUrl, key: config.key.key, fetch: options.fetch, onKeyRefused: () => onKeyRevoked() })
      : null;
  const journalFile = join(config.dataDir, "jobs.jsonl");
  const journal = (/** @type {Record<string, unknown>} */ entry) => {
    try {
      appendJsonLine(journalFile, entry);
    } catch (error) {
      log(`Não foi possível gravar o histórico de envios: ${/** @type {Error} */ (error).message}`);
    }
  };

  // 'Registro de Envios': every result goes to an outbox file first and is posted to the site until it
  // is acknowledged, restarts included (send-log.js, decision 068); the page no longer writes the log.
  /** @type {import("socket.io").Server | null} the pages' socket server, once it is made */
  let pagesIo = null;
  const sendLog = new SendLogOutbox({
    file: join(config.dataDir, "send-log.jsonl"),
    post: site ? (rows) => /** @type {SiteApi} */ (site).recordSends(rows) : null,
    // a 400 is a row the site will never take; anything else (down, 401, 5xx) is tried again
    isPermanent: (error) => error instanceof SiteError && (error.status === 400 || error.status === 413),
    retryMs: config.sendLogRetryMs,
    log,
    // the site now has these rows: the pages reload 'Registro de Envios' (they connect later than this outbox starts)
    onAcknowledged: (count) => pagesIo?.emit("send-log-recorded", { count }),
  });
  // Replies people send reach the site's "Respostas" inbox the same way (replies.js, decision 071).
  const replies = createReplyOutbox({
    file: join(config.dataDir, "replies.jsonl"),
    post: site ? (rows) => /** @type {SiteApi} */ (site).recordReplies(rows) : null,
    isPermanent: (error) => error instanceof SiteError && (error.status === 400 || error.status === 413),
    retryMs: config.sendLogRetryMs,
    log,
  });
  /** @type {Map<string, string>} the last job that sent to each person (person key → job id), for the replies' context */
  const lastJobByPerson = new Map();

  /** @type {"idle" | "connecting" | "qr" | "ready" | "disconnected" | "logged-out" | "auth-failure"} */
  let whatsapp = "idle";
  /** @type {string | null} */
  let lastQr = null;
  /** @type {string | null} */
  let operatorName = null;

  const queue = new SendQueue({
    driver,
    isReady: () => whatsapp === "ready",
    optOuts,
    dailyCounter,
    journal,
    minDelayMs: config.minDelayMs,
    maxDelayMs: config.maxDelayMs,
    dailyCap: config.dailyCap,
    rateLimitPauseMs: config.rateLimitPauseMs,
    restrictedPauseMs: config.restrictedPauseMs,
    sendWindow,
    warmupSteps: config.warmupSteps,
    firstSendDays,
    restriction,
    chatQuota,
    siteCheck: site
      ? {
          beforeJob: async () => {
            await reportOptOuts();
            await loadCentralOptOuts();
          },
          alreadySent: async (contacts) => {
            try {
              return await site.alreadySent(contacts);
            } catch (error) {
              log(
                `Não foi possível consultar o registro de envios do site (${/** @type {Error} */ (error).message}); só o histórico deste computador evita repetir envios.`,
              );
              return {};
            }
          },
        }
      : null,
    random: options.random,
    now,
    setTimer: options.setTimer,
    clearTimer: options.clearTimer,
    log,
  });

  // Every result goes to the send log's outbox, the ones restore() settles included (a send cut off
  // by a crash becomes 'Erro' there, and must reach the site like any other result).
  queue.on("message-status", (status) => {
    if (status.code === "erased") return; // an erased person has nothing left to log
    sendLog.add(status);
    if (status.status === "sent" && typeof status.jobId === "string") {
      lastJobByPerson.set(numberKey(normalizeNumber(status.number)), status.jobId);
    }
  });
  // A job the helper was running when it stopped comes back paused, with its progress.
  const journalEntries = readJsonLines(journalFile);
  queue.restore(journalEntries);
  // the last job that sent to each person, restarts included (a reply names it)
  for (const entry of journalEntries) {
    if (entry?.type === "message-status" && entry.status === "sent" && typeof entry.jobId === "string") {
      lastJobByPerson.set(numberKey(normalizeNumber(entry.normalizedNumber ?? entry.number)), entry.jobId);
    }
  }
  // Finished jobs' contact lists leave after JOURNAL_RETENTION_DAYS, erased people at once (journal.js).
  const journalCare = startJournalCare({
    file: journalFile,
    queue,
    erasedPhones: site ? (phones) => /** @type {SiteApi} */ (site).erasedPhones(phones) : null,
    now,
    intervalMs: options.journalCareIntervalMs,
    log,
  });
  log(`Horário de envio: ${windowLabel(sendWindow)}${sendWindow.always ? "" : " (horário de Brasília)"}.`);
  const restrictedAtStart = queue.restrictedUntil();
  if (restrictedAtStart !== null) log(restrictedMessage(restrictedAtStart));

  // The computer does not sleep while a bulk job runs (keep-awake.js); HELPER_KEEP_AWAKE=off or keepAwake: false disables it.
  const keepAwake =
    options.keepAwake === false || (options.env ?? process.env).HELPER_KEEP_AWAKE === "off"
      ? null
      : keepAwakeWhileSending(queue, { log, ...options.keepAwake });

  const httpServer = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://helper");
    if (url.pathname === "/prova") {
      return answerProof(req, res, url, {
        allowedOrigins: config.allowedOrigins,
        key: config.key,
        version: VERSION,
        revoked: keyRevoked,
        log,
      });
    }
    // Anything else that is not socket.io: a plain answer, no data.
    res.writeHead(req.url === "/" ? 200 : 404, { "content-type": "text/plain; charset=utf-8" });
    res.end(req.url === "/" ? "Ajudante WhatsApp em execução. Use a página /whatsapp do site.\n" : "Não encontrado\n");
  });
  // A connection from another account of this computer (a relay, another user's program) is
  // closed before the helper reads a byte of it: no proof, no socket, no token (peer-account.js).
  /** @type {Set<number>} */
  const refusedAccounts = new Set();
  httpServer.on("connection", (/** @type {import("node:net").Socket} */ socket) => {
    const peer = connectionFromOtherAccount(socket);
    if (!peer.foreign) return;
    socket.destroy();
    if (peer.uid !== undefined && !refusedAccounts.has(peer.uid)) {
      refusedAccounts.add(peer.uid);
      log(`Conexão recusada: veio de outra conta deste computador (uid ${peer.uid}), não do navegador de quem abriu o ajudante.`);
    }
  });

  // --- the key: alive while the site says so ------------------------------------------------------
  let keyRevoked = false;
  const REVOKED_MESSAGE =
    "A chave deste ajudante foi revogada no site (ou a senha/usuário que a baixou foi removido). Baixe o script de início de novo na página /whatsapp e execute-o.";

  /** @type {Promise<void> | null} the unlinking after a revocation, once */
  let unlinking = null;

  /**
   * The site said this key is dead: nothing more is sent or shown. The job stops, every page is
   * disconnected, every later connection is refused, and the helper unlinks WhatsApp (unlinkAfterRevocation).
   */
  function onKeyRevoked() {
    if (keyRevoked) return;
    keyRevoked = true;
    log(`ATENÇÃO: ${REVOKED_MESSAGE}`);
    queue.cancel();
    for (const socket of io.of("/").sockets.values())
      socket.emit("error", { message: REVOKED_MESSAGE, code: "revoked-key", fatal: true });
    // after the answer to the command that found out (its ack goes first)
    setImmediate(() => io.disconnectSockets(true));
    unlinking = unlinkAfterRevocation().catch((error) => log(`Erro ao desconectar o WhatsApp: ${error?.message ?? error}`));
  }

  /**
   * After a revocation (decision 115): logs out of WhatsApp through the driver (the phone drops the
   * linked device), deletes the session files, posts the results the site has not stored yet (it
   * takes a revoked key's last results for a while), tells the site it is unlinked, says so in the
   * window and hands over to `options.onRevoked` (the bin exits). A WhatsApp that cannot be reached
   * still gets its files deleted; the window then says to remove the device on the phone.
   */
  async function unlinkAfterRevocation() {
    const wasLinked = whatsapp === "ready";
    let loggedOut = false;
    try {
      await withTimeout(driver.logout(), UNLINK_TIMEOUT_MS);
      loggedOut = wasLinked;
    } catch (error) {
      log(`Não foi possível avisar o WhatsApp da desconexão (${/** @type {Error} */ (error)?.message ?? error}).`);
    }
    whatsapp = "logged-out";
    lastQr = null;
    rmSync(join(config.dataDir, "auth"), { recursive: true, force: true });
    log(
      loggedOut
        ? "O WhatsApp foi desconectado deste computador (o aparelho saiu de Aparelhos conectados no celular) e os arquivos da sessão foram apagados."
        : "Os arquivos da sessão do WhatsApp foram apagados deste computador. Se este computador ainda aparecer no celular em WhatsApp > Aparelhos conectados, remova-o lá.",
    );
    await withTimeout(sendLog.flush(), UNLINK_TIMEOUT_MS).catch(() => {});
    if (sendLog.size > 0)
      log(
        `${sendLog.size} resultado(s) de envio não chegaram ao registro do site; ficam em ${join(config.dataDir, "send-log.jsonl")}.`,
      );
    await withTimeout(/** @type {SiteApi} */ (site).confirmUnlinked(loggedOut), UNLINK_TIMEOUT_MS).catch(() => {});
    log("O ajudante vai fechar. Baixe o script de início de novo na página /whatsapp e execute-o.");
    options.onRevoked?.();
  }

  /**
   * Whether the key is still alive: asks the site each time (a revoked key is refused within one
   * request). A site that cannot be reached does not stop a helper that was given a valid token;
   * a 401/403 from it does, for good.
   */
  async function keyIsLive() {
    if (keyRevoked) return false;
    if (!site) return true;
    try {
      await site.checkKey();
      return true;
    } catch (error) {
      if (error instanceof SiteError && (error.status === 401 || error.status === 403)) {
        onKeyRevoked();
        return false;
      }
      return true;
    }
  }

  const io = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1_000_000,
    cors: { origin: config.allowedOrigins, methods: ["GET", "POST"] },
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (typeof origin === "string" && config.allowedOrigins.includes(origin)) return callback(null, true);
      log(`Conexão recusada: origem não permitida (${origin ?? "sem origem"}).`);
      callback("Origem não permitida", false);
    },
  });
  pagesIo = io;

  io.use(async (socket, next) => {
    const result = checkToken(socket.handshake.auth?.token, config.key, now());
    if (result.ok) {
      if (await keyIsLive()) return next();
      const error = /** @type {Error & { data?: unknown }} */ (new Error(REVOKED_MESSAGE));
      error.data = { code: "revoked-key" };
      return next(error);
    }
    log(
      `Conexão recusada: token ${result.reason === "expired" ? "expirado" : "inválido"} (${result.reason}). Recarregue a página /whatsapp do site.`,
    );
    const error = /** @type {Error & { data?: unknown }} */ (new Error("Token inválido ou expirado"));
    error.data = { code: "invalid-token", reason: result.reason };
    next(error);
  });

  // --- the site: central opt-out list -------------------------------------------------------------
  /** @type {Promise<void>} reports run one after another */
  let reports = Promise.resolve();
  let reportQueued = false;
  /**
   * Sends the opt-outs the site has not stored yet; they stay in the local file (reported: false)
   * until it answers, and are sent again on each connect, before each job and every few minutes.
   * A call while a report runs queues one more, which reads the list when it starts.
   */
  function reportOptOuts() {
    if (!site) return Promise.resolve();
    if (reportQueued) return reports;
    reportQueued = true;
    reports = reports.then(async () => {
      reportQueued = false;
      // the site stores numbers of 8 to 20 digits: anything else stays local so it cannot block the rest
      const pending = optOuts.unreported().filter((e) => /^\d{8,20}$/.test(e.number));
      if (pending.length === 0) return;
      try {
        await /** @type {SiteApi} */ (site).reportOptOuts(
          pending.map((e) => ({
            number: e.number,
            at: e.at,
            ...(e.operator ? { operator: e.operator } : {}),
          })),
        );
      } catch (error) {
        log(
          `Não foi possível enviar ${pending.length} descadastro(s) ao site (${/** @type {Error} */ (error).message}); eles ficam guardados neste computador e serão enviados de novo.`,
        );
        return;
      }
      optOuts.markReported(pending);
      log(`${pending.length} descadastro(s) registrado(s) no site.`);
    });
    return reports;
  }

  /** Adds the site's central opt-out list to the local one (other operators' SAIR replies). */
  async function loadCentralOptOuts() {
    if (!site) return;
    try {
      const central = await site.centralOptOuts();
      // undone on the site first ('Desfazer'): those people may be messaged again, here too
      const forgotten = optOuts.forget(central.undone);
      if (forgotten > 0) log(`${forgotten} descadastro(s) desfeito(s) no site: essas pessoas podem receber mensagens de novo.`);
      const added = optOuts.merge(central.numbers, new Date(now()));
      if (added > 0) log(`${added} descadastro(s) de outros operadores carregado(s) do site.`);
    } catch (error) {
      log(
        `Não foi possível carregar a lista central de descadastros do site (${/** @type {Error} */ (error).message}); usando a lista deste computador.`,
      );
    }
  }

  // every few minutes: unreported opt-outs again, and other operators' new ones (a job can last hours)
  const retryTimer = site
    ? setInterval(() => void reportOptOuts().then(loadCentralOptOuts), Math.max(1000, config.optOutRetryMs))
    : null;
  retryTimer?.unref?.();

  function helperState() {
    const restrictedUntil = queue.restrictedUntil();
    return {
      version: VERSION,
      whatsapp,
      account: driver.account ?? null,
      operatorName,
      limits: queue.limits(),
      window: queue.windowState(),
      timeZone: TIME_ZONE,
      restrictedUntil: restrictedUntil === null ? null : new Date(restrictedUntil).toISOString(),
      /** the last change WhatsApp made to the restriction or the new-chat quota, in pt-BR */
      notice: queue.notice,
      optOutFooter: OPT_OUT_FOOTER,
      job: queue.progress(),
    };
  }

  // --- driver → pages --------------------------------------------------------------------------
  driver.on("qr", (/** @type {string} */ qrDataURL) => {
    whatsapp = "qr";
    lastQr = qrDataURL;
    io.emit("whatsapp-qr", { qrDataURL });
    log("QR code gerado: escaneie-o na página (WhatsApp > Aparelhos conectados > Conectar um aparelho).");
  });
  driver.on("ready", (/** @type {{ account: string | null }} */ info) => {
    whatsapp = "ready";
    lastQr = null;
    io.emit("whatsapp-ready", { account: info?.account ?? null });
    log(`WhatsApp conectado${info?.account ? ` (${info.account})` : ""}. Já pode enviar pela página.`);
    queue.onReady();
    void reportOptOuts().then(loadCentralOptOuts);
    void sendLog.flush();
    void replies.flush();
  });
  driver.on("auth-failure", (/** @type {{ message: string, code?: string }} */ info) => {
    whatsapp = "auth-failure";
    lastQr = null;
    io.emit("whatsapp-auth-failure", { message: info.message, ...(info.code ? { code: info.code } : {}) });
    log(`Falha na autenticação do WhatsApp: ${info.message}`);
    queue.onDown("disconnected");
  });
  driver.on("disconnected", (/** @type {{ reason: string, reconnecting: boolean }} */ info) => {
    whatsapp = info.reconnecting ? "connecting" : "disconnected";
    // `reconnecting`: whether the helper tries again by itself (the page says what happens next).
    io.emit("whatsapp-disconnected", { reason: info.reason, reconnecting: info.reconnecting });
    log(
      `WhatsApp desconectado: ${info.reason}.${info.reconnecting ? " Reconectando..." : " Clique em Iniciar Espelhamento na página para conectar de novo."}`,
    );
    queue.onDown("disconnected");
  });
  driver.on("logged-out", () => {
    whatsapp = "logged-out";
    lastQr = null;
    io.emit("whatsapp-logged-out");
    log("Sessão do WhatsApp encerrada. Para usar de novo, clique em Iniciar Espelhamento e escaneie o QR code.");
    queue.onDown("logged-out");
  });
  driver.on("account-restricted", (/** @type {{ message: string, until: Date | null, code?: number }} */ info) => {
    if (info.code === 463) {
      // a refusal "conta restrita": stop; only the operator resumes, after the waiting period
      queue.onRestricted(info);
      io.emit("helper-state", helperState());
      return;
    }
    const resumeAt = info.until ? info.until.getTime() : now() + config.rateLimitPauseMs;
    queue.pause("rate-limit", info.message, resumeAt);
  });
  driver.on("account-unrestricted", () => {
    // WhatsApp lifted the reach-out time-lock: the restriction ends and a stopped job goes on
    if (queue.onRestrictionLifted()) io.emit("helper-state", helperState());
  });
  // a send cut off by a restart becomes 'Enviado' once WhatsApp confirms it (queue.onAcked)
  driver.on("message-acked", (/** @type {{ id: string, jid: string }} */ info) => queue.onAcked(info));
  driver.on("message-refused", (/** @type {{ id: string, jid: string, code: number | null, reason: string }} */ info) => {
    queue.onRefused(info);
  });
  driver.on("chat-cap", (/** @type {import("./queue.js").ChatCap} */ cap) => {
    queue.onChatCap({
      limit: cap?.limit ?? null,
      used: cap?.used ?? null,
      remaining: cap?.remaining ?? null,
      cycleStartsAt: cap?.cycleStartsAt ?? null,
      resetsAt: cap?.resetsAt ?? null,
      status: cap?.status ?? null,
    });
    io.emit("helper-state", helperState());
  });
  driver.on("warning", (/** @type {{ message: string }} */ info) => {
    if (info?.message) log(`Aviso do WhatsApp: ${info.message}`);
  });
  driver.on("message", (/** @type {import("./replies.js").IncomingMessage} */ incoming) => {
    // a WhatsApp id is international already: its digits as they are (never 55 + a foreign number)
    const number = jidToNumber(incoming.from);
    // every reply reaches the site's inbox (decision 071), opt-outs included
    const row = replyRowOf(
      { ...incoming, from: number },
      { now, jobIdFor: (digits) => lastJobByPerson.get(numberKey(digits)) ?? null },
    );
    if (row) replies.push(row);
    if (!isOptOutText(incoming.text)) return;
    const at = new Date(now());
    if (optOuts.add(number, at, operatorName ?? undefined)) {
      log(
        `O contato ${number} pediu para não receber mais mensagens (SAIR/PARAR)${incoming.offline ? " enquanto o programa estava fechado" : ""}; ele será ignorado nos próximos envios.`,
      );
      io.emit("opt-out", { number, at: at.toISOString() });
      void reportOptOuts();
    }
  });

  // --- queue → site and pages ----------------------------------------------------------------
  if (sendLog.size > 0) log(`${sendLog.size} envio(s) ainda não gravado(s) no registro do site; enviando...`);
  void sendLog.flush();
  if (replies.size > 0) log(`${replies.size} resposta(s) de contatos ainda não entregue(s) ao site; enviando...`);
  void replies.flush();
  for (const event of ["bulk-started", "message-status", "bulk-progress", "bulk-status"]) {
    queue.on(event, (payload) => io.emit(event, payload));
  }

  async function startDriver() {
    if (whatsapp !== "qr" && whatsapp !== "ready") whatsapp = "connecting";
    await driver.start();
  }

  // --- pages → helper: their commands (page-commands.js) ----------------------------------------
  io.on("connection", (socket) =>
    servePage(socket, {
      log,
      queue,
      driver,
      sendLog,
      helperState,
      keyIsLive,
      revokedMessage: REVOKED_MESSAGE,
      startDriver,
      whatsapp: () => whatsapp,
      setWhatsapp: (state) => {
        whatsapp = state;
      },
      lastQr: () => lastQr,
      operatorName: () => operatorName,
      setOperatorName: (name) => {
        operatorName = name;
      },
    }),
  );

  await new Promise((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off("error", reject);
      resolve(undefined);
    });
  });
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // The other loopback too: a browser asked for "localhost" tries [::1] first, and whoever held it
  // there would receive what the page meant for this helper.
  /** @type {import("node:net").Server | null} */
  let ipv6Loopback = null;
  if (config.host === "127.0.0.1") {
    try {
      ipv6Loopback = await holdIpv6Loopback(httpServer, port);
    } catch (error) {
      await new Promise((resolve) => httpServer.close(() => resolve(undefined)));
      throw error;
    }
  }
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;

  // A key revoked while the helper was closed: said at once, not at the first click on the page.
  if (site) void keyIsLive();

  // A saved Baileys session reconnects by itself: no QR needed after a restart.
  // (creds.json alone may be missing after a crash mid-save: its previous copy is then used)
  const credsFile = join(config.dataDir, "auth", "creds.json");
  if (config.driver === "baileys" && (existsSync(credsFile) || existsSync(`${credsFile}.bak`))) {
    log("Sessão do WhatsApp encontrada; reconectando...");
    startDriver().catch((error) => log(`Não foi possível reconectar: ${error?.message ?? error}`));
  }

  let closed = false;
  async function close() {
    if (closed) return;
    closed = true;
    await unlinking;
    if (retryTimer) clearInterval(retryTimer);
    queue.close();
    sendLog.close();
    replies.close();
    await journalCare.close();
    keepAwake?.stop();
    await driver.stop().catch(() => {});
    ipv6Loopback?.close();
    await new Promise((resolve) => io.close(() => resolve(undefined)));
  }

  return { port, url, close, driver, queue, io, config, reportOptOuts, loadCentralOptOuts, sendLog, replies, journalCare };
}
