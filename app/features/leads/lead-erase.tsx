import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Trash2, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";

import { ERASE_CONFIRM_MESSAGE, ERASE_INTENT, eraseFormSchema } from "~/features/leads/erasure";
import { erasePerson, erasurePageData } from "~/features/leads/privacy.server";
import { visibleLeadOr404 } from "~/features/leads/walls.server";
import { requirePermission } from "~/features/staff/auth.server";
import { FormAlert } from "~/features/studio/studio-fields";
import { readFormData } from "~/platform/form-data.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateBr } from "~/shared/dates";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";
import { buttonClass } from "~/ui/button";
import { CheckboxListField, SubmitButton, useIsPending } from "~/ui/forms";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/lead-erase";

/**
 * /contato/lead/:id/excluir: the LGPD deletion of a lead's person, with a confirmation step.
 * GET lists every lead row with the same e-mail or the same phone (each ticked; the admin unticks
 * another person's) and what goes with them (e-mails, webhook copies, WhatsApp messages, replies);
 * the POST erases the ticked rows and all of that in one transaction and returns to the panel.
 * Admin only; works without JavaScript.
 */

export const meta = privatePageMeta("Excluir lead - Painel Administrativo", "Exclusão de dados pessoais (LGPD).");

/** Said when the lead is not there (a second click on an erasure that already happened). */
const GONE = "Lead não encontrado. Ele pode já ter sido excluído.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "lgpd");
  const lead = visibleLeadOr404(staff, params.id, GONE);
  const view = erasurePageData(lead);
  return privateData({
    lead: { id: lead.id, nome: lead.nome, email: lead.email, telefone: lead.telefone },
    candidates: view.candidates.map((row) => ({ ...row, data: formatDateBr(row.data) })),
    records: view.records,
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "lgpd");
  requireSameOrigin(request);
  const lead = visibleLeadOr404(staff, params.id, GONE);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: eraseFormSchema });
  if (formData.get("intent") !== ERASE_INTENT) {
    return privateData({ result: submission.reply({ formErrors: [ERASE_CONFIRM_MESSAGE] }) }, { status: 400 });
  }
  if (submission.status !== "success") return privateData({ result: submission.reply() }, { status: 400 });
  const deleted = erasePerson(lead, submission.value.leads);
  if (!deleted) {
    return privateData(
      { result: submission.reply({ fieldErrors: { leads: ["Marque pelo menos um registro desta lista."] } }) },
      { status: 400 },
    );
  }
  console.info(
    `staff ${staff.email}: erased lead ${lead.id} (${deleted.leads} lead rows, ${deleted.emails} e-mails, ${deleted.webhookCopies} webhook copies, ${deleted.sendLog} send-log rows, ${deleted.replies} WhatsApp replies)`,
  );
  const messages = deleted.sendLog ? ` e ${deleted.sendLog} mensagem(ns) de WhatsApp` : "";
  return privateRedirectWithToast(request, "/contato", {
    title: "Lead excluído",
    description: `${deleted.leads} registro(s) de formulário${messages} apagado(s).`,
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function DeleteLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, candidates, records } = loaderData;
  const deleting = useIsPending();
  const [form, fields] = useForm({
    id: "excluir-lead",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eraseFormSchema }),
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700">Painel Administrativo · LGPD</p>
      <Title size="area" className="mt-1">
        Excluir lead
      </Title>
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
      </dl>

      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={ERASE_INTENT} />
        <CheckboxListField
          meta={fields.leads}
          legend="Registros com o mesmo e-mail ou o mesmo telefone"
          intro="Desmarque um registro que seja de outra pessoa (por exemplo, um telefone da família). Os marcados são apagados."
          empty="Nenhum registro."
          testId="deletion-plan"
          choices={candidates.map((row) => ({
            value: String(row.id),
            checked: true,
            label: (
              <>
                Lead nº {row.id}: {row.nome} · {row.email} · {row.telefone} · {row.origem} ({row.data}){" "}
                <span className="text-slate-600">({row.match})</span>
              </>
            ),
          }))}
        />

        <Alert tone="warning" size="md">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" /> Com os registros marcados, são apagados
            definitivamente:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm" data-testid="deletion-records">
            <li>{plural(records.emails, "e-mail enviado ou na fila", "e-mails enviados ou na fila")} a estes endereços</li>
            <li>{plural(records.webhookCopies, "cópia enviada ao CRM (webhook)", "cópias enviadas ao CRM (webhooks)")}</li>
            <li>{plural(records.sendLog, "mensagem de WhatsApp enviada", "mensagens de WhatsApp enviadas")} a estes telefones</li>
            <li>{plural(records.replies, "resposta recebida pelo WhatsApp", "respostas recebidas pelo WhatsApp")}</li>
            <li>
              {plural(
                records.handoffLists,
                "lista de envio do WhatsApp que cita a pessoa",
                "listas de envio do WhatsApp que citam a pessoa",
              )}
            </li>
          </ul>
          <p className="mt-2 text-sm">
            O CRM recebe um aviso de exclusão (webhook) para apagar a sua cópia. Os pedidos para não receber e-mail ou WhatsApp
            ficam guardados, só com o endereço ou o número, para que a pessoa não volte a receber mensagens. Esta ação não pode
            ser desfeita.
          </p>
        </Alert>

        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={deleting} pendingText="Excluindo..." spinnerClassName="size-4" variant="danger" size="lg">
            <Trash2 aria-hidden="true" className="size-4" /> Excluir definitivamente
          </SubmitButton>
          <a href={`/contato/lead/${lead.id}/dados.json`} download className={buttonClass({ variant: "neutral", size: "lg" })}>
            <Download aria-hidden="true" className="size-4" /> Baixar os dados (JSON)
          </a>
          <Link to={`/contato/lead/${lead.id}`} className={textLink("px-2 py-2.5")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </section>
  );
}
