// The job journal (`<dataDir>/jobs.jsonl`) kept within bounds: the contact lists of finished jobs go
// after JOURNAL_RETENTION_DAYS, and the numbers of people the site erased go at once (the site is
// asked which of the journal's numbers belong to erased people: POST /api/whatsapp-helper/apagados).
// The journal is rewritten atomically (writeFileDurable): a crash leaves the old one or the new one.
import { readJsonLines, writeFileDurable } from "./files.js";
import { numberKey } from "./phone.js";

/**
 * Days a finished job stays in the journal, its contact list included. At least the 7 days in which
 * the same text is not sent again (queue.js REPEAT_WINDOW_MS): this helper's own memory of its sends.
 */
export const JOURNAL_RETENTION_DAYS = 14;
/** How often the helper asks the site about erased people and applies the retention (also at start and after each job). */
export const JOURNAL_CARE_INTERVAL_MS = 3600_000;

/** What an erased person's row says in a job restored from the journal. */
export const ERASED_TEXT = "dados apagados a pedido da pessoa";

/** @param {unknown} value */
const digitsOf = (value) => String(value ?? "").replace(/\D/g, "");

/**
 * The numbers the journal holds (digits, each person once by numberKey), to ask the site about.
 * @param {Record<string, any>[]} entries
 * @returns {string[]}
 */
export function journalNumbers(entries) {
  /** @type {Map<string, string>} */
  const numbers = new Map();
  const add = (/** @type {unknown} */ value) => {
    const digits = digitsOf(value);
    if (digits.length >= 8 && !numbers.has(numberKey(digits))) numbers.set(numberKey(digits), digits);
  };
  for (const entry of entries) {
    if (entry.type === "job-started" && Array.isArray(entry.contacts)) for (const c of entry.contacts) add(c?.normalized);
    if (entry.type === "message-status") add(entry.normalizedNumber);
    if (entry.type === "message-sending") add(entry.jid);
  }
  return [...numbers.values()];
}

/**
 * A phone in E.164 as the site's contract wants it: the journal's numbers are digits with their
 * country code (phone.js normalizeNumber), so a + in front.
 * @param {string} digits
 */
export const toE164 = (digits) => `+${digits}`;

/**
 * The journal after the retention and the erasures:
 * - every entry of a job that finished more than `retentionMs` before `now` is dropped (a job that
 *   has not finished stays whatever its age: it can still be resumed);
 * - an erased person's contact, results and send marks keep their place (a restored job's counts and
 *   cursor stay right) but lose the number, the name and the text.
 * @param {Record<string, any>[]} entries oldest first
 * @param {{ now: number, retentionMs: number, erased?: Set<string> }} options `erased`: numberKeys
 * @returns {{ entries: Record<string, any>[], droppedJobs: number, erasedRows: number }}
 */
export function compactJournal(entries, { now, retentionMs, erased = new Set() }) {
  /** @type {Set<string>} */
  const expired = new Set();
  for (const entry of entries) {
    if (entry.type !== "job-finished" || typeof entry.jobId !== "string") continue;
    const at = Date.parse(entry.at);
    if (Number.isFinite(at) && now - at > retentionMs) expired.add(entry.jobId);
  }
  const isErased = (/** @type {unknown} */ value) => {
    const digits = digitsOf(value);
    return digits !== "" && erased.has(numberKey(digits));
  };
  let erasedRows = 0;
  /** @type {Record<string, any>[]} */
  const kept = [];
  for (const entry of entries) {
    if (typeof entry.jobId === "string" && expired.has(entry.jobId)) continue;
    if (entry.type === "job-started" && Array.isArray(entry.contacts)) {
      const contacts = entry.contacts.map((/** @type {any} */ c) => {
        if (!isErased(c?.normalized) && !isErased(c?.number)) return c;
        erasedRows += 1;
        return { index: c.index, name: "", number: "", normalized: "", text: "", erased: true };
      });
      kept.push({ ...entry, contacts });
      continue;
    }
    if (entry.type === "message-status" && (isErased(entry.normalizedNumber) || isErased(entry.number))) {
      kept.push({
        ...entry,
        number: "",
        normalizedNumber: "",
        name: "",
        text: "",
        message: ERASED_TEXT,
        error: ERASED_TEXT,
        erased: true,
      });
      continue;
    }
    if (entry.type === "message-sending" && isErased(entry.jid)) {
      kept.push({ ...entry, jid: "" });
      continue;
    }
    kept.push(entry);
  }
  return { entries: kept, droppedJobs: expired.size, erasedRows };
}

/**
 * Replaces the journal with `entries`, atomically, durably and privately (0600).
 * @param {string} file @param {Record<string, any>[]} entries
 */
export function rewriteJournal(file, entries) {
  writeFileDurable(file, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
}

/**
 * The helper's care of its journal: at start, every JOURNAL_CARE_INTERVAL_MS and after each job
 * ends, it asks the site which of the journal's numbers belong to erased people, removes them (from
 * the journal and from what the queue holds in memory) and applies the retention. Without the site
 * (or while it is down) the retention still applies; the erasures wait for the next answer.
 * @param {{
 *   file: string,
 *   queue: import("./queue.js").SendQueue,
 *   erasedPhones: ((phones: string[]) => Promise<string[]>) | null,
 *   now: () => number,
 *   retentionMs?: number,
 *   intervalMs?: number,
 *   log: (message: string) => void,
 * }} options
 */
export function startJournalCare(options) {
  const retentionMs = options.retentionMs ?? JOURNAL_RETENTION_DAYS * 24 * 3600_000;
  /** @type {Promise<void>} one run at a time */
  let running = Promise.resolve();
  let closed = false;

  async function once() {
    const numbers = journalNumbers(readJsonLines(options.file));
    /** @type {Set<string>} */
    const erased = new Set();
    if (options.erasedPhones && numbers.length > 0) {
      try {
        for (const phone of await options.erasedPhones(numbers.map(toE164))) erased.add(numberKey(digitsOf(phone)));
      } catch (error) {
        options.log(
          `Não foi possível perguntar ao site quais pessoas pediram para apagar seus dados (${/** @type {Error} */ (error).message}); tentarei de novo mais tarde.`,
        );
      }
    }
    if (closed) return;
    // read again: the queue may have appended while the site answered (everything below is synchronous)
    const entries = readJsonLines(options.file);
    const result = compactJournal(entries, { now: options.now(), retentionMs, erased });
    if (erased.size > 0) options.queue.forget(erased);
    if (result.droppedJobs === 0 && result.erasedRows === 0) return;
    rewriteJournal(options.file, result.entries);
    if (result.erasedRows > 0) options.log(`Dados de ${erased.size} pessoa(s) apagados do histórico de envios a pedido do site.`);
    if (result.droppedJobs > 0)
      options.log(
        `${result.droppedJobs} envio(s) terminado(s) há mais de ${Math.round(retentionMs / 86_400_000)} dias removido(s) do histórico.`,
      );
  }

  /** @returns {Promise<void>} */
  function run() {
    running = running
      .then(once)
      .catch((error) => options.log(`Erro ao limpar o histórico de envios: ${error?.message ?? error}`));
    return running;
  }

  const onFinished = () => void run();
  options.queue.on("bulk-status", onFinished);
  const timer = setInterval(run, options.intervalMs ?? JOURNAL_CARE_INTERVAL_MS);
  timer.unref?.();
  const first = run();
  return {
    run,
    first,
    close: async () => {
      closed = true;
      clearInterval(timer);
      options.queue.off("bulk-status", onFinished);
      await running;
    },
  };
}
