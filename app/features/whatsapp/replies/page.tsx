import { Form, Link } from "react-router";

import { repliesAction, repliesPageData } from "~/features/whatsapp/replies/inbox.server";
import { CONFIRM_LOST_PARAM, OPT_OUTS_PATH, REPLIES_PATH, REPLY_INTENTS } from "~/features/whatsapp/replies/replies";
import { ReplyList } from "~/features/whatsapp/replies/reply-list";
import { SubpageHeader } from "~/features/whatsapp/tool/subpage-header";
import { privatePageMeta } from "~/shared/seo";
import { PageError } from "~/ui/alert";
import { ButtonLink } from "~/ui/button";
import { SubmitButton, useIsPending } from "~/ui/forms";
import { textLink } from "~/ui/text-link";

import type { Route } from "./+types/page";

/**
 * /whatsapp/respostas: the replies people sent to the tool's messages (decision 071), complaints and
 * data requests first, then the newest; "Marcar como lida", "Descadastrar", "Não é pedido de saída" for a
 * person held as "parece pedido de saída" (decision 118) and, for "não tenho interesse" linked to a
 * lead, "Marcar lead como Perdido" after a confirmation (?confirmar-perdido=<id>). Operators and staff
 * holding "whatsapp"; anyone else goes to the gate. Logic: app/features/whatsapp/replies/inbox.server.ts.
 */

export const meta = privatePageMeta("Respostas - WhatsApp", "Respostas recebidas no WhatsApp.");

export const loader = ({ request }: Route.LoaderArgs) => repliesPageData(request);

export const action = ({ request }: Route.ActionArgs) => repliesAction(request);

/** A one-button form acting on one reply. */
function ReplyButton({
  intent,
  id,
  label,
  srLabel,
  danger = false,
}: {
  intent: string;
  id: number;
  label: string;
  srLabel: string;
  danger?: boolean;
}) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" action={REPLIES_PATH} className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton pending={pending} pendingText="Aguarde..." variant={danger ? "danger" : "neutral"} size="sm">
        {label}
        <span className="sr-only"> {srLabel}</span>
      </SubmitButton>
    </Form>
  );
}

export default function RepliesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { replies, counts, confirming, leadLinks } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const readingAll = useIsPending({ intent: REPLY_INTENTS.readAll });
  return (
    <section aria-labelledby="respostas-titulo" className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <SubpageHeader titleId="respostas-titulo" title="Respostas">
        O que as pessoas responderam às mensagens enviadas pela ferramenta. Reclamações, denúncias e pedidos sobre dados pessoais
        aparecem primeiro; depois, as mais recentes.
      </SubpageHeader>
      <p className="mt-3 text-sm font-semibold text-slate-900" data-testid="replies-unread" aria-live="polite">
        {counts.unread === 1 ? "1 resposta não lida" : `${counts.unread} respostas não lidas`}
        {counts.flagged > 0 ? ` (${counts.flagged} ${counts.flagged === 1 ? "sinalizada" : "sinalizadas"})` : ""}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <Link to={OPT_OUTS_PATH} className={textLink()}>
          Ver descadastros
        </Link>
        {counts.unread > 0 ? (
          <Form method="post" action={REPLIES_PATH}>
            <input type="hidden" name="intent" value={REPLY_INTENTS.readAll} />
            <SubmitButton pending={readingAll} pendingText="Aguarde..." variant="neutral" size="sm">
              Marcar todas como lidas
            </SubmitButton>
          </Form>
        ) : null}
      </div>

      <PageError message={error} />

      {confirming?.lead ? (
        <section
          aria-labelledby="confirmar-perdido-titulo"
          data-testid="confirm-lost"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <h2 id="confirmar-perdido-titulo" className="font-semibold">
            Marcar {confirming.lead.name} como Perdido?
          </h2>
          <p className="mt-1 text-sm">
            O status do lead passa a Perdido (motivo: sem interesse), com a nota “Respondeu no WhatsApp: não tenho interesse”.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ReplyButton
              intent={REPLY_INTENTS.lost}
              id={confirming.id}
              label="Confirmar: marcar como Perdido"
              srLabel={confirming.lead.name}
              danger
            />
            <Link to={REPLIES_PATH} className={textLink("self-center text-sm")}>
              Cancelar
            </Link>
          </div>
        </section>
      ) : null}

      {replies.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">Nenhuma resposta recebida ainda.</p>
      ) : (
        <ReplyList
          replies={replies}
          leadLinks={leadLinks}
          actions={(reply) => (
            <>
              {reply.read ? null : (
                <ReplyButton
                  intent={REPLY_INTENTS.read}
                  id={reply.id}
                  label="Marcar como lida"
                  srLabel={`resposta de ${reply.number}`}
                />
              )}
              {reply.held ? (
                <p className="w-full text-sm font-semibold text-amber-900" data-testid="reply-held">
                  Parece pedido de saída: nenhum ajudante envia mensagens para esta pessoa até alguém decidir.
                </p>
              ) : null}
              {reply.optedOut ? (
                <span className="self-center text-sm text-slate-700" data-testid="reply-opted-out">
                  Descadastrado
                </span>
              ) : reply.number ? (
                <ReplyButton
                  intent={REPLY_INTENTS.optOut}
                  id={reply.id}
                  label="Descadastrar"
                  srLabel={`o número ${reply.number}`}
                  danger
                />
              ) : null}
              {reply.held && !reply.optedOut ? (
                <ReplyButton
                  intent={REPLY_INTENTS.release}
                  id={reply.id}
                  label="Não é pedido de saída"
                  srLabel={`resposta de ${reply.number}`}
                />
              ) : null}
              {reply.category === "sem-interesse" && reply.lead && !reply.leadLost ? (
                <ButtonLink
                  variant="neutral"
                  size="sm"
                  to={`${REPLIES_PATH}?${new URLSearchParams({ [CONFIRM_LOST_PARAM]: String(reply.id) })}`}
                >
                  Marcar lead como Perdido<span className="sr-only"> {reply.lead.name}</span>
                </ButtonLink>
              ) : null}
            </>
          )}
        />
      )}
    </section>
  );
}
