import { MessageCircle } from "lucide-react";

import { leadFiltersQuery, leadFiltersToParams } from "~/features/leads/filters";
import { formParams, panelHref, selectionFilters, selectionInWords } from "~/features/leads/selection.server";
import { ConfirmSelection, SelectionConfirmationPage } from "~/features/leads/selection-confirmation";
import { requirePermission } from "~/features/staff/auth.server";
import {
  createHandoff,
  HANDOFF_MAX_CONTACTS,
  HANDOFF_PARAM,
  selectHandoffContacts,
} from "~/features/whatsapp/handoff/handoff.server";
import { readFormData } from "~/platform/form-data.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { WHATSAPP_PATH } from "~/shared/area-paths";
import { privateData, privateRedirect } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";

import type { Route } from "./+types/page";

/**
 * /contato/enviar-whatsapp: "Enviar pelo WhatsApp" for the panel's filtered selection. The panel's
 * link lands here with its filters; this page says how many leads they select, how many are left
 * out (opted out of WhatsApp, no usable mobile number, the same number as another lead, beyond one
 * send's limit) and asks for confirmation; the POST stores the list and opens it on /whatsapp
 * (?lista=<id>). Leads permission; works without JavaScript.
 */

export const meta = privatePageMeta(
  "Enviar pelo WhatsApp - Painel Administrativo",
  "Lista de contatos dos leads filtrados para a ferramenta de WhatsApp.",
);

const CREATE_INTENT = "criar";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "leads");
  const filters = selectionFilters(new URL(request.url).searchParams, staff);
  const selection = selectHandoffContacts(filters);
  return privateData({
    backHref: panelHref(filters),
    action: `/contato/enviar-whatsapp${leadFiltersQuery(filters)}`,
    hidden: [...leadFiltersToParams(filters).entries()],
    filterWords: selectionInWords(filters),
    counts: {
      total: selection.total,
      contacts: selection.contacts.length,
      optedOut: selection.optedOut,
      noNumber: selection.noNumber,
      duplicates: selection.duplicates,
      overCap: selection.overCap,
    },
    max: HANDOFF_MAX_CONTACTS,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requirePermission(request, "leads");
  requireSameOrigin(request);
  const form = await readFormData(request);
  if (form.get("intent") !== CREATE_INTENT) {
    return privateData({ error: "Confirme com o botão “Criar lista e abrir o WhatsApp”." }, { status: 400 });
  }
  const created = createHandoff(selectionFilters(formParams(form), staff), staff.email);
  if (!created) {
    return privateData(
      { error: "Nenhum contato para enviar: os leads filtrados não têm celular válido ou não querem WhatsApp." },
      { status: 400 },
    );
  }
  console.info(`staff ${staff.email}: handed ${created.selection.contacts.length} contact(s) off to WhatsApp`);
  return privateRedirect(`${WHATSAPP_PATH}?${new URLSearchParams({ [HANDOFF_PARAM]: created.id })}`, { status: 303 });
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export default function HandOffToWhatsapp({ loaderData, actionData }: Route.ComponentProps) {
  const { backHref, action, hidden, filterWords, counts, max } = loaderData;
  const left = [
    { n: counts.optedOut, text: `${plural(counts.optedOut, "pessoa removida", "pessoas removidas")} por não querer WhatsApp` },
    { n: counts.noNumber, text: `${plural(counts.noNumber, "lead", "leads")} sem celular válido` },
    {
      n: counts.duplicates,
      text: `${plural(counts.duplicates, "lead repetido juntado", "leads repetidos juntados")} (mesmo número de outro lead: uma linha por pessoa)`,
    },
  ];
  return (
    <SelectionConfirmationPage
      title="Enviar pelo WhatsApp"
      filterWords={filterWords}
      testIdPrefix="handoff"
      error={actionData?.error}
    >
      <Alert tone="success" size="md" className="mt-6">
        <p className="font-semibold" data-testid="handoff-selected">
          {plural(counts.total, "lead filtrado", "leads filtrados")}.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="handoff-left-out">
          {left.map((item) => (
            <li key={item.text}>{item.text}.</li>
          ))}
        </ul>
        {counts.overCap > 0 ? (
          <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="handoff-cap">
            {`A seleção passa de ${max} contatos, o máximo de um envio: a lista terá os ${max} leads mais recentes e ${plural(counts.overCap, "pessoa fica", "pessoas ficam")} de fora. Use os filtros para dividir o envio.`}
          </p>
        ) : null}
        <p className="mt-3 text-lg font-semibold" data-testid="handoff-summary">
          {counts.contacts === 1 ? "1 contato irá para a lista." : `${counts.contacts} contatos irão para a lista.`}
        </p>
        <p className="mt-1 text-sm">
          A lista abre na ferramenta de WhatsApp já colada, para um operador com a senha de acesso, durante 7 dias. Quem pedir
          para não receber WhatsApp até lá é removido ao abrir.
        </p>
        <ConfirmSelection
          action={counts.contacts > 0 ? action : null}
          hidden={hidden}
          intent={CREATE_INTENT}
          pendingText="Criando lista..."
          variant="success"
          backHref={backHref}
        >
          <MessageCircle aria-hidden="true" className="size-4" /> Criar lista e abrir o WhatsApp
        </ConfirmSelection>
      </Alert>
    </SelectionConfirmationPage>
  );
}
