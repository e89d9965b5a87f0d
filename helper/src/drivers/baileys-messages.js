// What the Baileys driver reads from WhatsApp's data, pure: the new-chat quota, a received
// message's text or what it carries instead, and why a connection closed, in pt-BR.

/**
 * WhatsApp's new-chat quota (Baileys' NewChatMessageCapInfo) as the driver's 'chat-cap' payload:
 * the quota and its use in the current cycle, when the cycle started and when it ends (the quota
 * renews then), and the capping status (NONE, FIRST_WARNING, SECOND_WARNING, CAPPED). No positive
 * `total_quota` means WhatsApp states no limit.
 * @param {any} info
 * @returns {{ limit: number | null, used: number | null, remaining: number | null, cycleStartsAt: Date | null, resetsAt: Date | null, status: string | null }}
 */
export function chatCapFrom(info) {
  const total = Number(info?.total_quota);
  const usedQuota = Number(info?.used_quota);
  const limit = Number.isFinite(total) && total > 0 ? Math.floor(total) : null;
  const used = Number.isFinite(usedQuota) && usedQuota > 0 ? Math.floor(usedQuota) : limit === null ? null : 0;
  const remaining = limit === null ? null : Math.max(0, limit - (used ?? 0));
  return {
    limit,
    used,
    remaining,
    cycleStartsAt: whatsappTime(info?.cycle_start_timestamp),
    resetsAt: whatsappTime(info?.cycle_end_timestamp),
    status: typeof info?.capping_status === "string" ? info.capping_status : null,
  };
}

/** A WhatsApp timestamp (seconds, as a string or number; milliseconds accepted too), or null. @param {unknown} value */
function whatsappTime(value) {
  const t = Number(value);
  return Number.isFinite(t) && t > 0 ? new Date(t < 1e12 ? t * 1000 : t) : null;
}

/**
 * The text of a received message, after unwrapping disappearing, view-once and edited messages.
 * @param {any} content a proto.IMessage
 * @param {(content: any) => any} normalize Baileys' normalizeMessageContent
 * @returns {string | null}
 */
export function messageText(content, normalize) {
  let message = normalize(content);
  // an edit carries the new content inside a protocol message
  const edited = message?.protocolMessage?.editedMessage;
  if (edited) message = normalize(edited);
  const text =
    message?.conversation ??
    message?.extendedTextMessage?.text ??
    message?.imageMessage?.caption ??
    message?.videoMessage?.caption;
  return typeof text === "string" ? text : null;
}

/**
 * What a message that carries no text is, in pt-BR, for the site's inbox ("respondeu com mensagem de
 * voz — veja no celular"), so a person who answered with a voice note, a sticker, a document, a photo,
 * a video or a reaction is not ignored; null for what no person wrote (a removed reaction, a protocol
 * message, a receipt). Such a reply is never read as an opt-out.
 * @param {any} content the WAMessage's `message`
 * @param {(content: any) => any} normalize Baileys' normalizeMessageContent (unwraps ephemeral, view-once, ...)
 * @returns {string | null}
 */
export function mediaSummary(content, normalize) {
  const message = normalize(content);
  if (!message || typeof message !== "object") return null;
  const seePhone = " — veja no celular";
  if (message.audioMessage) return `respondeu com ${message.audioMessage.ptt ? "mensagem de voz" : "áudio"}${seePhone}`;
  if (message.stickerMessage) return `respondeu com figurinha${seePhone}`;
  const document = message.documentMessage ?? message.documentWithCaptionMessage?.message?.documentMessage;
  if (document) {
    const caption = typeof document.caption === "string" ? document.caption.trim().slice(0, 500) : "";
    return `respondeu com documento${caption ? ` (“${caption}”)` : ""}${seePhone}`;
  }
  if (message.imageMessage) return `respondeu com foto${seePhone}`;
  if (message.videoMessage || message.ptvMessage) return `respondeu com vídeo${seePhone}`;
  if (message.contactMessage || message.contactsArrayMessage) return `respondeu com contato${seePhone}`;
  if (message.locationMessage || message.liveLocationMessage) return `respondeu com localização${seePhone}`;
  if (message.reactionMessage) {
    const emoji = typeof message.reactionMessage.text === "string" ? message.reactionMessage.text.trim().slice(0, 20) : "";
    return emoji ? `reagiu com ${emoji}${seePhone}` : null; // an empty reaction removes an earlier one
  }
  return null;
}

/**
 * Why a connection closed, in pt-BR for the helper's window and the page (Baileys' English detail
 * is kept only when nothing better is known).
 * @param {number | undefined} status Baileys' DisconnectReason code
 * @param {string} detail the error's message
 */
export function closeReason(status, detail) {
  if (/ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH/i.test(detail)) return "sem acesso à internet ou ao WhatsApp";
  if (/ECONNREFUSED|ECONNRESET/i.test(detail)) return "a rede recusou a conexão com o WhatsApp";
  if (/certificate|self[- ]signed|TLS/i.test(detail)) return "certificado de segurança recusado (proxy ou antivírus?)";
  if (status === 408) return "sem resposta do WhatsApp";
  if (status === 428) return "conexão com o WhatsApp encerrada";
  if (status === 503) return "serviço do WhatsApp indisponível no momento";
  return `conexão interrompida: ${detail}`;
}
