// WhatsApp's new-chat quota, per its cycle (decision 067). WhatsApp says how many new chats the
// account may start in a cycle (`total_quota`), how many it used (`used_quota`), and when the cycle
// starts and ends (`cycle_start_timestamp`, `cycle_end_timestamp`), in `message-capping.update` and
// `fetchNewChatMessageCap()`. The helper keeps that report per sending number in
// `<dataDir>/chat-quota.json` and counts its own sends into it, so a restart or São Paulo midnight
// gives nothing back: only the end of the cycle does (or WhatsApp's next report).
import { readJson, writeJson } from "./files.js";
import { formatDayMonth, formatTime } from "./schedule.js";

/**
 * @typedef {{
 *   limit: number | null, used?: number | null, remaining?: number | null,
 *   cycleStartsAt?: Date | null, resetsAt?: Date | null, status?: string | null,
 * }} ChatCapReport  the driver's 'chat-cap' payload
 * @typedef {{
 *   limit: number | null, used: number, cycleStart: number | null, cycleEnd: number | null,
 *   status: string | null, acknowledged: string | null, reportedAt: number,
 * }} QuotaEntry
 * @typedef {{
 *   limit: number | null, used: number, remaining: number | null, resetsAt: string | null,
 *   status: string | null, warning: "FIRST_WARNING" | "SECOND_WARNING" | null, text: string,
 * }} QuotaState  what the page gets (helper-state's limits.chatQuota)
 */

/** WhatsApp's warnings before it caps new chats (Baileys' NewChatMessageCappingStatusType). */
export const CAPPING_WARNINGS = ["FIRST_WARNING", "SECOND_WARNING"];

/** @param {Date | null | undefined} date */
function ms(date) {
  const t = date instanceof Date ? date.getTime() : Number.NaN;
  return Number.isFinite(t) && t > 0 ? t : null;
}

/**
 * "Limite de novas conversas do WhatsApp: 18 de 20 neste ciclo; renova em 27/11 às 14:00."
 * @param {{ limit: number | null, used: number, resetsAt: number | null, capped: boolean }} q
 */
export function quotaSentence(q) {
  const renews =
    q.resetsAt === null
      ? "o WhatsApp não informou quando renova"
      : `renova em ${formatDayMonth(q.resetsAt)} às ${formatTime(q.resetsAt)}`;
  if (q.limit === null) {
    return q.capped
      ? `O WhatsApp bloqueou novas conversas desta conta neste ciclo; ${renews}.`
      : "O WhatsApp não informou limite de novas conversas para esta conta.";
  }
  return `Limite de novas conversas do WhatsApp: ${Math.min(q.used, q.limit)} de ${q.limit} neste ciclo; ${renews}.`;
}

/** The pt-BR text of a capping warning. @param {string} status */
export function warningMessage(status) {
  const which = status === "SECOND_WARNING" ? "2º aviso" : "1º aviso";
  return `O WhatsApp avisou (${which}) que esta conta está perto do limite de novas conversas. O envio para novas conversas foi pausado; clique em Retomar para continuar mesmo assim.`;
}

export class ChatQuota {
  /** @param {string | null} file where it is kept (null: in memory only) */
  constructor(file) {
    this.file = file;
    /** @type {Record<string, QuotaEntry>} */
    this.entries = file ? readJson(file, {}) : {};
  }

  save() {
    if (this.file) writeJson(this.file, this.entries);
  }

  /**
   * WhatsApp's report: replaces what was known for this number (its `used` already counts every
   * new chat the account started, from this helper or the phone).
   * @param {string} account @param {ChatCapReport} report @param {number} now
   * @returns {{ warningRaised: string | null }} a warning WhatsApp did not give before in this cycle
   */
  report(account, report, now) {
    const previous = this.entries[account];
    const limit = typeof report.limit === "number" && report.limit > 0 ? Math.floor(report.limit) : null;
    let used = typeof report.used === "number" && report.used >= 0 ? Math.floor(report.used) : null;
    if (used === null && limit !== null && typeof report.remaining === "number") used = Math.max(0, limit - report.remaining);
    const status = typeof report.status === "string" && report.status ? report.status : null;
    const cycleEnd = ms(report.resetsAt);
    const cycleStart = ms(report.cycleStartsAt);
    const sameCycle = previous && previous.cycleEnd === cycleEnd;
    this.entries[account] = {
      limit,
      used: used ?? 0,
      cycleStart: cycleStart !== null && cycleEnd !== null && cycleStart < cycleEnd ? cycleStart : null,
      cycleEnd,
      status,
      // a warning the operator chose to go past stays acknowledged for the rest of its cycle
      acknowledged: sameCycle && previous.acknowledged === status ? previous.acknowledged : null,
      reportedAt: now,
    };
    this.save();
    const raised = status !== null && CAPPING_WARNINGS.includes(status) && !(sameCycle && previous.status === status);
    return { warningRaised: raised ? status : null };
  }

  /**
   * The entry for this number at `now`, moved to the current cycle: once the cycle WhatsApp
   * stated has ended, the count starts again (the next cycle is as long as the stated one; its end
   * is unknown when WhatsApp gave no start).
   * @param {string} account @param {number} now @returns {QuotaEntry | null}
   */
  entry(account, now) {
    const entry = this.entries[account];
    if (!entry) return null;
    if (entry.cycleEnd !== null && now >= entry.cycleEnd) {
      const length = entry.cycleStart !== null ? entry.cycleEnd - entry.cycleStart : 0;
      if (length > 0) {
        const cycles = Math.floor((now - entry.cycleEnd) / length) + 1;
        entry.cycleStart = entry.cycleEnd + (cycles - 1) * length;
        entry.cycleEnd = entry.cycleStart + length;
      } else {
        entry.cycleStart = entry.cycleEnd;
        entry.cycleEnd = null;
      }
      entry.used = 0;
      entry.status = null;
      entry.acknowledged = null;
      this.save();
    }
    return entry;
  }

  /** One more new chat from this number (every send counts: the helper cannot tell an old chat). @param {string} account @param {number} now */
  noteSend(account, now) {
    const entry = this.entry(account, now);
    if (!entry) return;
    entry.used += 1;
    this.save();
  }

  /** The operator chose to go on after this warning. @param {string} account @param {number} now */
  acknowledge(account, now) {
    const entry = this.entry(account, now);
    if (!entry || !entry.status) return;
    entry.acknowledged = entry.status;
    this.save();
  }

  /**
   * New chats left in this cycle (null: WhatsApp states no limit), and the rest for the page.
   * @param {string} account @param {number} now @returns {QuotaState | null}
   */
  state(account, now) {
    const entry = this.entry(account, now);
    if (!entry) return null;
    const capped = entry.status === "CAPPED";
    const remaining = capped ? 0 : entry.limit === null ? null : Math.max(0, entry.limit - entry.used);
    const warning =
      entry.status !== null && CAPPING_WARNINGS.includes(entry.status) && entry.acknowledged !== entry.status
        ? /** @type {"FIRST_WARNING" | "SECOND_WARNING"} */ (entry.status)
        : null;
    return {
      limit: entry.limit,
      used: entry.used,
      remaining,
      resetsAt: entry.cycleEnd === null ? null : new Date(entry.cycleEnd).toISOString(),
      status: entry.status,
      warning,
      text: quotaSentence({ limit: entry.limit, used: entry.used, resetsAt: entry.cycleEnd, capped }),
    };
  }
}
