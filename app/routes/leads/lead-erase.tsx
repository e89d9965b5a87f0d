import { Download, Trash2, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";

import { SubmitButton, useIsPending } from "~/components/forms";
import { Alert, PageError } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { privateData } from "~/lib/cache-headers";
import { formatDateBr } from "~/lib/dates";
import { privatePageMeta } from "~/lib/seo";
import { deletePerson, leadOr404, recordsOfPerson } from "~/server/leads/privacy.server";
import { LEAD_ORIGINS } from "~/server/leads/save.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requireSameOrigin } from "~/server/platform/same-origin.server";
import { privateRedirectWithToast } from "~/server/platform/toast.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/lead-erase";

/**
 * /contato/lead/:id/excluir: the LGPD deletion of a lead's person, with a confirmation step.
 * GET shows what will be deleted (every form row of the e-mail and the WhatsApp messages sent to
 * its phone); the POST deletes it all in one transaction and returns to the panel. Admin only;
 * works without JavaScript.
 */

export const meta = privatePageMeta("Excluir lead - Painel Administrativo", "Exclusão de dados pessoais (LGPD).");

/** Answers that leave without the layout's headers (errors, redirects) carry them too. */

const CONFIRM_INTENT = "excluir";
/** Said when the lead is not there (a second click on an erasure that already happened). */
const GONE = "Lead não encontrado. Ele pode já ter sido excluído.";

const originLabel = (origem: string) => LEAD_ORIGINS[origem as keyof typeof LEAD_ORIGINS] ?? origem;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "lgpd");
  const lead = leadOr404(params.id, GONE);
  const related = recordsOfPerson(lead);
  return privateData({
    lead: {
      id: lead.id,
      nome: lead.nome,
      email: lead.email,
      telefone: lead.telefone,
      origem: originLabel(lead.origem),
      data: formatDateBr(lead.data_criacao),
    },
    forms: related.leads.map((row) => ({ id: row.id, origem: originLabel(row.origem), data: formatDateBr(row.data_criacao) })),
    messages: related.sendLog.length,
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "lgpd");
  requireSameOrigin(request);
  const lead = leadOr404(params.id, GONE);
  const form = await readFormData(request);
  if (form.get("intent") !== CONFIRM_INTENT) {
    return privateData({ error: "Confirme a exclusão com o botão “Excluir definitivamente”." }, { status: 400 });
  }
  const deleted = deletePerson(lead);
  console.info(
    `staff ${staff.email}: deleted lead ${lead.id} (${deleted.leads} lead rows, ${deleted.sendLog} send-log rows, ${deleted.replies} WhatsApp replies)`,
  );
  const messages = deleted.sendLog ? ` e ${deleted.sendLog} mensagem(ns) de WhatsApp` : "";
  return privateRedirectWithToast(request, "/contato", {
    title: "Lead excluído",
    description: `${deleted.leads} registro(s) de formulário${messages} apagado(s).`,
  });
}

export default function DeleteLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, forms, messages } = loaderData;
  const deleting = useIsPending();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700">Painel Administrativo · LGPD</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Excluir lead</h1>
      <p className="mt-2 text-slate-700">
        Use esta página quando a pessoa pedir a exclusão dos seus dados. Antes, se ela pediu uma cópia, baixe os dados.
      </p>

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <dt className="font-semibold text-slate-700">Nome</dt>
        <dd className="text-slate-900">{lead.nome}</dd>
        <dt className="font-semibold text-slate-700">E-mail</dt>
        <dd className="break-all text-slate-900">{lead.email}</dd>
        <dt className="font-semibold text-slate-700">Telefone</dt>
        <dd className="text-slate-900">{lead.telefone}</dd>
        <dt className="font-semibold text-slate-700">Origem</dt>
        <dd className="text-slate-900">
          {lead.origem} ({lead.data})
        </dd>
      </dl>

      <Alert tone="warning" size="md" className="mt-6">
        <p className="flex items-center gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" /> Serão apagados definitivamente:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm" data-testid="deletion-plan">
          {forms.map((row) => (
            <li key={row.id}>
              Lead nº {row.id}: {row.origem} ({row.data})
            </li>
          ))}
          <li>
            {messages === 1 ? "1 mensagem de WhatsApp enviada" : `${messages} mensagens de WhatsApp enviadas`} a este telefone
          </li>
        </ul>
        <p className="mt-2 text-sm">Esta ação não pode ser desfeita.</p>
      </Alert>

      <PageError message={actionData?.error} />

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={CONFIRM_INTENT} />
          <SubmitButton pending={deleting} pendingText="Excluindo..." spinnerClassName="size-4" variant="danger" size="lg">
            <Trash2 aria-hidden="true" className="size-4" /> Excluir definitivamente
          </SubmitButton>
        </Form>
        <a href={`/contato/lead/${lead.id}/dados.json`} download className={buttonClass({ variant: "neutral", size: "lg" })}>
          <Download aria-hidden="true" className="size-4" /> Baixar os dados (JSON)
        </a>
        <Link to="/contato" className="px-2 py-2.5 font-semibold text-brand-700 underline">
          Cancelar
        </Link>
      </div>
    </section>
  );
}
