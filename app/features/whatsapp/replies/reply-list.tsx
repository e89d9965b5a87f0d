import { Flag, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { ReplyView } from "~/features/whatsapp/replies/inbox.server";
import { textLink } from "~/ui/text-link";

/**
 * Replies people sent on WhatsApp (decision 071), as a list: the category (a flagged one in red,
 * with an icon and words, never by colour alone), who, when, and what they wrote. The text is
 * React text in a paragraph that keeps its line breaks: nothing a person wrote is ever HTML.
 */
export function ReplyList({
  replies,
  leadLinks = false,
  actions,
  testId = "reply-list",
}: {
  replies: readonly ReplyView[];
  /** Whether the lead's name links to its page (staff holding "leads"). */
  leadLinks?: boolean;
  /** The buttons of one reply (the inbox's forms); none on a read-only list. */
  actions?: (reply: ReplyView) => ReactNode;
  testId?: string;
}) {
  return (
    <ul className="mt-4 space-y-3" data-testid={testId}>
      {replies.map((reply) => (
        <li
          key={reply.id}
          data-testid="reply"
          data-category={reply.category}
          data-unread={reply.read ? "false" : "true"}
          className={`rounded-lg border p-4 ${reply.flagged ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                reply.flagged ? "bg-red-700 text-white" : "bg-slate-100 text-slate-800"
              }`}
            >
              {reply.flagged ? (
                <Flag aria-hidden="true" className="size-3" />
              ) : (
                <MessageSquare aria-hidden="true" className="size-3" />
              )}
              {reply.categoryLabel}
            </span>
            {reply.read ? null : (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Não lida</span>
            )}
            <span className="font-semibold text-slate-900">{reply.pushName || reply.lead?.name || "Contato sem nome"}</span>
            <span className="text-slate-700">{reply.number || "Número oculto pelo WhatsApp (veja no celular)"}</span>
            <span className="text-slate-600">
              <time dateTime={reply.receivedAt}>{reply.received}</time>
            </span>
          </div>
          <p className="mt-2 break-words whitespace-pre-wrap text-slate-900" data-testid="reply-text">
            {reply.text}
          </p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
            {reply.lead ? (
              <span>
                Lead:{" "}
                {leadLinks ? (
                  <Link to={`/contato/lead/${reply.lead.id}`} className={textLink()}>
                    {reply.lead.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{reply.lead.name}</span>
                )}{" "}
                ({reply.lead.status})
              </span>
            ) : (
              <span>Sem lead ligado a este número</span>
            )}
            {reply.read ? (
              <span>
                Lida em {reply.read.at}
                {reply.read.by ? ` por ${reply.read.by}` : ""}
              </span>
            ) : null}
            {reply.handled ? (
              <span>
                Lead marcado como Perdido em {reply.handled.at}
                {reply.handled.by ? ` por ${reply.handled.by}` : ""}
              </span>
            ) : null}
          </div>
          {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions(reply)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
