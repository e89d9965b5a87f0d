// The site's API for the helper (/api/whatsapp-helper/*): the central opt-out list every operator's
// helper shares, the send log's "already sent" check, the send log itself (decision 068), whether
// this helper's key still lives (decision 070) and which of its journal's numbers were erased. Each call carries the helper's own key
// (`Authorization: Bearer <id>.<secret>`, over the site's HTTPS); the site keeps only its hash and
// answers 401 once the key is revoked. No cookie is involved.

/** Most opt-outs posted in one request (the site accepts 1–500). */
export const OPT_OUT_BATCH = 500;
/** Most contacts asked about in one request (the site accepts 1–1000). */
export const ALREADY_SENT_BATCH = 1000;
/** Most send-log rows posted in one request (the site accepts 1–100). */
export const SEND_LOG_POST_BATCH = 100;
/** Most replies posted in one request (the site accepts 1–100). */
export const REPLIES_POST_BATCH = 100;
/** Most phones asked about in one erasure check (the site accepts 1–1000). */
export const ERASED_BATCH = 1000;
/** How long one call may take before the helper goes on without the site. */
export const SITE_TIMEOUT_MS = 10_000;

/** A call the site did not answer with 200. */
export class SiteError extends Error {
  /** @param {string} message @param {number | null} status */
  constructor(message, status) {
    super(message);
    this.name = "SiteError";
    this.status = status;
  }
}

/**
 * The site's address: HELPER_SITE_URL when set, else the first allowed origin.
 * @param {string | null | undefined} explicit
 * @param {string[]} allowedOrigins
 * @returns {string | null}
 */
export function siteUrlFrom(explicit, allowedOrigins) {
  if (explicit === null) return null;
  const value = explicit?.trim() || allowedOrigins[0] || "";
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export class SiteApi {
  /**
   * @param {{
   *   baseUrl: string, key: string, fetch?: typeof globalThis.fetch, timeoutMs?: number,
   *   onKeyRefused?: () => void,
   * }} options `key` is the helper's key (`<id>.<secret>`); `onKeyRefused` runs when the site answers 401/403
   */
  constructor(options) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.key = options.key;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.onKeyRefused = options.onKeyRefused ?? (() => {});
    this.timeoutMs = options.timeoutMs ?? SITE_TIMEOUT_MS;
  }

  /**
   * @param {"GET" | "POST"} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  async call(method, path, body) {
    let response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.key}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const cause = /** @type {any} */ (error)?.cause?.code ?? /** @type {any} */ (error)?.name ?? error;
      throw new SiteError(`site inacessível (${cause})`, null);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      let detail = "";
      try {
        detail = JSON.parse(text)?.error ?? "";
      } catch {
        // not JSON
      }
      if (response.status === 401 || response.status === 403) this.onKeyRefused();
      throw new SiteError(`o site respondeu ${response.status}${detail ? `: ${detail}` : ""}`, response.status);
    }
    return response.json();
  }

  /**
   * Whether this helper's key still lives: resolves when the site says so, throws a SiteError (401 once
   * revoked, status null when the site cannot be reached) otherwise.
   * @returns {Promise<{ ok: true, keyId: string }>}
   */
  async checkKey() {
    const body = await this.call("GET", "/api/whatsapp-helper/chave");
    if (body?.ok !== true) throw new SiteError("resposta inesperada do site", 200);
    return body;
  }

  /**
   * After a revocation: tells the site this helper logged out of WhatsApp (`whatsappLoggedOut`) and
   * deleted its session; the admin's list shows it (decision 115).
   * @param {boolean} whatsappLoggedOut
   */
  async confirmUnlinked(whatsappLoggedOut) {
    const refused = this.onKeyRefused;
    this.onKeyRefused = () => {};
    try {
      return await this.call("POST", "/api/whatsapp-helper/chave", { unlinked: true, whatsappLoggedOut });
    } finally {
      this.onKeyRefused = refused;
    }
  }

  /** The central opt-out list (digits). @returns {Promise<string[]>} */
  async optOutNumbers() {
    return (await this.centralOptOuts()).numbers;
  }

  /**
   * The central list and the opt-outs undone on the site since (decision 071).
   * @returns {Promise<{ numbers: string[], undone: { number: string, at: string }[] }>}
   */
  async centralOptOuts() {
    const body = await this.call("GET", "/api/whatsapp-helper/descadastros");
    if (!Array.isArray(body?.numbers)) throw new SiteError("resposta inesperada do site", 200);
    const undone = Array.isArray(body.undone) ? body.undone : [];
    return {
      numbers: body.numbers.filter((/** @type {unknown} */ n) => typeof n === "string"),
      undone: undone.filter((/** @type {any} */ u) => typeof u?.number === "string" && typeof u?.at === "string"),
    };
  }

  /**
   * Stores opt-outs centrally (idempotent on the site's side), in batches of 500.
   * @param {{ number: string, at: string, operator?: string, said?: string }[]} entries `said`: what the person wrote
   * @returns {Promise<number>} how many were new on the site
   */
  async reportOptOuts(entries) {
    let inserted = 0;
    // the local list keeps WhatsApp ids' digits, international as they are: E.164 on the wire (decision 117)
    const e164 = entries.map((entry) => ({ ...entry, number: entry.number.startsWith("+") ? entry.number : `+${entry.number}` }));
    for (let i = 0; i < e164.length; i += OPT_OUT_BATCH) {
      const body = await this.call("POST", "/api/whatsapp-helper/descadastros", { entries: e164.slice(i, i + OPT_OUT_BATCH) });
      inserted += Number(body?.inserted ?? 0);
    }
    return inserted;
  }

  /**
   * Which of these (number, text) pairs the send log has as sent in the last 7 days.
   * @param {{ number: string, text: string }[]} contacts
   * @returns {Promise<Record<string, string>>} number (as given) → ISO time of that send
   */
  async alreadySent(contacts) {
    /** @type {Record<string, string>} */
    const sent = {};
    for (let i = 0; i < contacts.length; i += ALREADY_SENT_BATCH) {
      const body = await this.call("POST", "/api/whatsapp-helper/ja-enviados", {
        contacts: contacts.slice(i, i + ALREADY_SENT_BATCH),
      });
      if (!body || typeof body.sent !== "object" || body.sent === null) throw new SiteError("resposta inesperada do site", 200);
      for (const [number, at] of Object.entries(body.sent)) if (typeof at === "string") sent[number] = at;
    }
    return sent;
  }

  /**
   * Stores per-contact results in 'Registro de Envios'; the site keeps one row per (job, number),
   * so posting a row again never duplicates it.
   * @param {import("./send-log.js").SendLogRow[]} rows at most SEND_LOG_POST_BATCH
   * @returns {Promise<number>} how many rows were new on the site
   */
  async recordSends(rows) {
    const body = await this.call("POST", "/api/whatsapp-helper/registro", { entries: rows });
    if (!body || body.ok !== true) throw new SiteError("resposta inesperada do site", 200);
    return Number(body.inserted ?? 0);
  }

  /**
   * Forwards replies people sent to the site's "Respostas" inbox (decision 071); the site keeps one
   * row per WhatsApp message id, so posting a reply again never duplicates it.
   * @param {import("./replies.js").ReplyRow[]} rows at most REPLIES_POST_BATCH
   * @returns {Promise<number>} how many replies were new on the site
   */
  async recordReplies(rows) {
    const body = await this.call("POST", "/api/whatsapp-helper/respostas", { entries: rows });
    if (!body || body.ok !== true) throw new SiteError("resposta inesperada do site", 200);
    return Number(body.inserted ?? 0);
  }

  /**
   * Which of these phones belong to people erased on the site (their data must leave this computer
   * too), in batches of 1000.
   * @param {string[]} phones E.164 ("+5531999998888")
   * @returns {Promise<string[]>} the erased subset
   */
  async erasedPhones(phones) {
    /** @type {string[]} */
    const erased = [];
    for (let i = 0; i < phones.length; i += ERASED_BATCH) {
      const body = await this.call("POST", "/api/whatsapp-helper/apagados", { phones: phones.slice(i, i + ERASED_BATCH) });
      if (!Array.isArray(body?.erased)) throw new SiteError("resposta inesperada do site", 200);
      for (const phone of body.erased) if (typeof phone === "string") erased.push(phone);
    }
    return erased;
  }
}
