import { ArrowLeft, Download, Mail, Trash2 } from "lucide-react";
import { Fragment } from "react";
import { Link } from "react-router";

import { LeadContactButtons } from "~/features/leads/contact-buttons";
import { ContactOutcomeForm } from "~/features/leads/contact-outcome-form";
import { NO_OWNER_LABEL } from "~/features/leads/filters";
import type { LeadFormErrors } from "~/features/leads/forms/lead-form";
import { LeadHistory } from "~/features/leads/lead-history";
import { leadPageAction, leadPageView } from "~/features/leads/lead-page.server";
import { NextContactForm } from "~/features/leads/next-contact-form";
import { NoteForm } from "~/features/leads/note-form";
import { OwnerForm } from "~/features/leads/owner-form";
import { AskForm, RequestsToDecide } from "~/features/leads/owner-request-forms";
import { statusWithReason } from "~/features/leads/status";
import { StatusForm } from "~/features/leads/status-form";
import { visibleLeadOr404 } from "~/features/leads/walls.server";
import { WhatsappOptOutForm } from "~/features/leads/whatsapp-opt-out-form";
import { requirePermission } from "~/features/staff/auth.server";
import { LEAD_OPT_OUT_INTENT } from "~/features/whatsapp/replies/replies";
import { ReplyList } from "~/features/whatsapp/replies/reply-list";
import { readFormData } from "~/platform/form-data.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateBr } from "~/shared/dates";
import { privatePageMeta } from "~/shared/seo";
import { ErrorList } from "~/ui/forms";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/lead";

/**
 * /contato/lead/:id: one lead's page in the admin panel. The person's data with the contact buttons
 * (contato.lead.$id.contatar.tsx), the follow-up (status, owner, next-contact date, notes: forms in
 * components/leads/) and the history (forms sent, test result, status changes, notes, contact
 * attempts, WhatsApp sends). Each form works without JavaScript (post, then 303 back here).
 */

export const meta = privatePageMeta("Lead - Painel Administrativo", "Acompanhamento de um lead.");

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "leads");
  return privateData(leadPageView(visibleLeadOr404(staff, params.id), staff));
}

/** The follow-up forms' posts (status, note, owner, next contact), by `intent`: app/features/leads/lead-page.server.ts. */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "leads");
  requireSameOrigin(request);
  const lead = visibleLeadOr404(staff, params.id);
  return leadPageAction(request, lead, await readFormData(request), staff);
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, timeline } = loaderData;
  const errors: LeadFormErrors = actionData?.errors ?? {};
  const errorsOf = (intent: string) => (actionData?.intent === intent ? errors : {});
  // A refused approval or refusal shows next to the requests (decision 146).
  const deciding = actionData?.intent === "pedido-aprovar" || actionData?.intent === "pedido-recusar";
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <Link to="/contato" className={textLink("inline-flex items-center gap-1 text-sm")}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Voltar aos leads
      </Link>
      <p className="mt-4 text-sm font-semibold text-brand-700">Painel Administrativo · Lead nº {lead.id}</p>
      <Title size="area" className="mt-1">
        {lead.nome}
      </Title>
      <p className="mt-2 text-slate-700" data-testid="lead-status">
        Status: <strong>{statusWithReason(lead.status, lead.motivo)}</strong>
        {lead.proximoContato ? (
          <>
            {" · "}Próximo contato: {formatDateBr(lead.proximoContato)}
            {lead.atrasado ? (
              <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">atrasado</span>
            ) : null}
          </>
        ) : null}
      </p>
      {lead.firstContact ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="lead-first-contact">
          {lead.firstContact.text}
          {!lead.firstContact.done && lead.firstContact.late ? (
            <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">atrasado</span>
          ) : null}
        </p>
      ) : null}
      <div role="alert">
        <ErrorList id="lead-form-error" errors={errors.form && !deciding ? [errors.form] : null} />
      </div>
      <RequestsToDecide requests={loaderData.requests} error={deciding ? errors.form : undefined} />

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <dt className="font-semibold text-slate-700">E-mail</dt>
        <dd className="break-all text-slate-900">
          {lead.email}
          {lead.mailto ? (
            <a
              href={lead.mailto}
              data-testid="contact-email"
              className="ml-2 inline-flex items-center gap-1 rounded-md border border-brand-600 px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
            >
              <Mail aria-hidden="true" className="size-3.5" /> Enviar e-mail
            </a>
          ) : (
            <span className="ml-2 text-xs text-slate-600">(pediu para não receber e-mails)</span>
          )}
        </dd>
        <dt className="font-semibold text-slate-700">Telefone</dt>
        <dd className="text-slate-900">
          <LeadContactButtons lead={lead} />
        </dd>
        <dt className="font-semibold text-slate-700">Cidade</dt>
        <dd className="text-slate-900">{lead.cidade || "-"}</dd>
        <dt className="font-semibold text-slate-700">Curso de interesse</dt>
        <dd className="text-slate-900">{lead.curso || "-"}</dd>
        <dt className="font-semibold text-slate-700">Polo</dt>
        <dd className="text-slate-900">{lead.polo || "-"}</dd>
        <dt className="font-semibold text-slate-700">Origem</dt>
        <dd className="text-slate-900">
          {lead.origem} ({lead.criado})
        </dd>
        <dt className="font-semibold text-slate-700">Perfil (resultado)</dt>
        <dd className="text-slate-900">{lead.perfil ?? "Sem resultado"}</dd>
        {lead.survey.map((answer) => (
          <Fragment key={answer.label}>
            <dt className="font-semibold text-slate-700">{answer.label}</dt>
            <dd className="text-slate-900">{answer.value}</dd>
          </Fragment>
        ))}
        <dt className="font-semibold text-slate-700">Responsável</dt>
        <dd className="break-all text-slate-900" data-testid="lead-owner">
          {lead.owner?.email ?? NO_OWNER_LABEL}
        </dd>
      </dl>

      {/* Whoever opens this page holds "leads", which is also what following up needs. */}
      <div className="grid gap-0 sm:grid-cols-2 sm:gap-6">
        <ContactOutcomeForm pending={loaderData.pendingAttempt} errors={errorsOf("resultado-contato")} />
        <StatusForm status={lead.status} motivo={lead.motivo} errors={errorsOf("status")} />
        <NextContactForm date={lead.proximoContato} errors={errorsOf("proximo-contato")} />
        {loaderData.ask ? (
          <AskForm asked={loaderData.ask.asked} errors={errorsOf("pedir-lead")} />
        ) : (
          <OwnerForm
            owner={lead.owner}
            owners={loaderData.owners}
            errors={errorsOf("responsavel")}
            lockedText={loaderData.ownerLocked}
          />
        )}
      </div>
      <NoteForm
        errors={errorsOf("nota")}
        value={actionData?.intent === "nota" ? actionData.values.texto : undefined}
        notes={timeline.filter((entry) => entry.kind === "nota").length}
      />

      {lead.contactable ? (
        <WhatsappOptOutForm
          optedOut={lead.whatsappOptOut}
          error={actionData?.intent === LEAD_OPT_OUT_INTENT ? (errors.motivo ?? errors.form) : undefined}
          canWhatsapp={loaderData.canWhatsapp}
        />
      ) : null}

      <LeadHistory entries={timeline} />

      <section aria-labelledby="respostas-whatsapp" className="mt-8" data-testid="lead-replies">
        <h2 id="respostas-whatsapp" className="text-lg font-bold text-slate-900">
          Respostas no WhatsApp
        </h2>
        {loaderData.replies.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Nenhuma resposta recebida deste contato.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-700">
              {loaderData.replies.filter((reply) => !reply.read).length} não lida(s), mais recentes primeiro.
              {loaderData.canWhatsapp ? (
                <>
                  {" "}
                  <Link to="/whatsapp/respostas" className={textLink()}>
                    Abrir a caixa de respostas
                  </Link>
                </>
              ) : null}
            </p>
            <ReplyList replies={loaderData.replies} testId="lead-reply-list" />
          </>
        )}
      </section>

      {loaderData.canLgpd ? (
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          <a href={`/contato/lead/${lead.id}/dados.json`} download className={textLink("inline-flex items-center gap-1")}>
            <Download aria-hidden="true" className="size-4" /> Exportar os dados (LGPD)
          </a>
          <Link
            to={`/contato/lead/${lead.id}/excluir`}
            className="inline-flex items-center gap-1 font-semibold text-red-700 underline"
          >
            <Trash2 aria-hidden="true" className="size-4" /> Excluir
          </Link>
        </div>
      ) : null}
    </section>
  );
}
