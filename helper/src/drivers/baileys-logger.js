// The logger handed to Baileys: a pino-compatible object (level, child(), trace…fatal) that turns
// Baileys' warnings and errors into short pt-BR lines for the helper's window, and drops the rest.
// - trace/debug/info are dropped (Baileys logs every frame at those levels);
// - known warnings become a pt-BR sentence ("error 463: account restricted" → conta restrita);
// - developer notices about Baileys' own options are dropped;
// - anything else keeps Baileys' English text after "mensagem técnica (em inglês):", so nothing is
//   hidden (the helper's window prefixes each line with "Aviso do WhatsApp:");
// - the same line is printed at most once per `repeatWindowMs` (Baileys repeats itself in bursts).

/** @typedef {(obj: unknown, msg?: string) => void} LogMethod */

/**
 * Known Baileys warnings and errors (lib/Socket/*.js in 7.0.0-rc14), first match wins.
 * `null` drops the line: it is for developers, not for the operator.
 * @type {Array<[RegExp, string | null | ((text: string, obj: any) => string)]>}
 */
const TRANSLATIONS = [
  [/printQRInTerminal|Android browser is experimental|DISABLING ALL SYNC/i, null],
  [
    /error 463|account restricted/i,
    "WhatsApp recusou uma mensagem: a conta está restrita para iniciar conversas novas (erro 463).",
  ],
  [
    /smax-invalid|\(479\)/i,
    "WhatsApp recusou uma mensagem (erro 479): a sessão deste aparelho parece desatualizada. Se continuar, desconecte e escaneie o QR code de novo.",
  ],
  [/received error in ack/i, (_text, obj) => `WhatsApp recusou uma mensagem (código ${obj?.attrs?.error ?? "desconhecido"}).`],
  [/stream errored out/i, "O WhatsApp encerrou a conexão (erro de transmissão)."],
  [/error in validating connection/i, "Falha ao validar a conexão com o WhatsApp."],
  [/keep alive/i, "A conexão com o WhatsApp parou de responder."],
  [/reachout timelock/i, "Não foi possível consultar se o WhatsApp restringiu esta conta."],
  [/message capping/i, "O WhatsApp enviou um aviso de limite de conversas novas incompleto."],
  [/pre-?keys?/i, "Falha ao enviar as chaves de criptografia ao WhatsApp."],
  [/failed to decrypt message/i, "Uma mensagem recebida não pôde ser decifrada (o WhatsApp vai reenviá-la)."],
  [/encrypt for recipient/i, "Falha ao cifrar uma mensagem para um destinatário."],
  [/sending message again|could not send message again/i, "Falha ao reenviar uma mensagem que o WhatsApp pediu de novo."],
  [
    /MAC error|session recreation|base key collision|assert sessions|identity change/i,
    "A sessão de criptografia com um contato foi refeita.",
  ],
  [/AwaitingInitialSync|Buffer timeout/i, "O WhatsApp demorou para sincronizar; seguindo assim mesmo."],
];

/**
 * The pt-BR line for one Baileys log call, or null to drop it.
 * @param {unknown} obj first argument (an object, or the message itself)
 * @param {string} [msg]
 * @returns {string | null}
 */
export function translateBaileysLog(obj, msg) {
  const text = typeof obj === "string" ? obj : typeof msg === "string" ? msg : "";
  const data = typeof obj === "object" && obj !== null ? /** @type {any} */ (obj) : {};
  for (const [pattern, translation] of TRANSLATIONS) {
    if (!pattern.test(text)) continue;
    if (translation === null) return null;
    return typeof translation === "function" ? translation(text, data) : translation;
  }
  const cause = data.err?.message ?? data.error?.message ?? (typeof data.err === "string" ? data.err : null);
  const detail = [text, cause].filter(Boolean).join(": ");
  return detail ? `mensagem técnica (em inglês): ${detail}` : null;
}

/**
 * @param {(message: string) => void} onWarning receives each pt-BR line
 * @param {{ now?: () => number, repeatWindowMs?: number }} [options]
 */
export function createBaileysLogger(onWarning, options = {}) {
  const now = options.now ?? Date.now;
  const repeatWindowMs = options.repeatWindowMs ?? 60_000;
  /** @type {Map<string, number>} line → when it was last printed */
  const lastPrinted = new Map();

  /** @type {LogMethod} */
  const report = (obj, msg) => {
    const line = translateBaileysLog(obj, msg);
    if (!line) return;
    const at = now();
    const last = lastPrinted.get(line);
    if (last !== undefined && at - last < repeatWindowMs) return;
    lastPrinted.set(line, at);
    if (lastPrinted.size > 200) lastPrinted.delete(lastPrinted.keys().next().value ?? line);
    onWarning(line);
  };
  const drop = () => {};

  const logger = {
    level: "warn",
    /** @returns {typeof logger} */
    child() {
      return logger;
    },
    trace: drop,
    debug: drop,
    info: drop,
    warn: report,
    error: report,
    fatal: report,
  };
  return logger;
}
