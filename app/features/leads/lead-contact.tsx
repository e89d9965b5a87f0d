import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

import { contactNumber, isContactChannel } from "~/features/leads/contact";
import { recordContactAttempt } from "~/features/leads/contact.server";
import { LeadContactButtons } from "~/features/leads/contact-buttons";
import { visibleLeadOr404 } from "~/features/leads/walls.server";
import { requirePermission } from "~/features/staff/auth.server";
import { isOptedOut } from "~/features/whatsapp/optouts/optouts.server";
import { readFormData } from "~/platform/form-data.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { privateData, privateRedirect } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { ErrorList } from "~/ui/forms";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/lead-contact";

/**
 * /contato/lead/:id/contatar: the "Ligar" and "WhatsApp" buttons of the panel and of the lead page
 * post here (canal=telefone|whatsapp). The action records the contact attempt, moves a Novo lead to
 * Em contato, and answers 303 to tel:+55… or https://wa.me/55…?text=… (React Router follows an
 * address of another origin with window.location; without JavaScript the browser follows it). A
 * refusal (opted out of WhatsApp, no usable phone) is shown on this page, with the buttons that are
 * allowed; a GET shows the same page.
 */

export const meta = privatePageMeta("Contato com o lead - Painel Administrativo", "Ligar ou chamar no WhatsApp.");

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "leads");
  const lead = visibleLeadOr404(staff, params.id);
  return privateData({
    lead: {
      id: lead.id,
      nome: lead.nome,
      telefone: lead.telefone,
      whatsappOptOut: isOptedOut(lead.telefone),
      contactable: contactNumber(lead.telefone) !== null,
    },
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, "leads");
  requireSameOrigin(request);
  const lead = visibleLeadOr404(user, params.id);
  const channel = (await readFormData(request)).get("canal");
  if (!isContactChannel(channel)) {
    return privateData({ error: "Escolha como contatar: Ligar ou WhatsApp." }, { status: 400 });
  }
  const result = recordContactAttempt(lead.id, channel, user.email);
  if (!result.ok) return privateData({ error: result.error }, { status: result.status });
  return privateRedirect(result.href, { status: 303 });
}

export default function ContactLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <Link to={`/contato/lead/${lead.id}`} className={textLink("inline-flex items-center gap-1 text-sm")}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Voltar ao lead
      </Link>
      <p className="mt-4 text-sm font-semibold text-brand-700">Painel Administrativo · Lead nº {lead.id}</p>
      <Title size="area" className="mt-1">
        Contato com {lead.nome}
      </Title>
      <div role="alert">
        <ErrorList id="contact-error" errors={actionData?.error ? [actionData.error] : null} className="mt-4" />
      </div>
      <div className="mt-6 text-slate-800">
        <LeadContactButtons lead={lead} />
      </div>
    </section>
  );
}
