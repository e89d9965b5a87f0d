import { MessageCircle } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";

import { ErrorList, SubmitButton, useIsPending } from "~/components/forms";
import { PRIVATE_PAGE_HEADERS } from "~/lib/cache-headers";
import { describeLeadFilters, leadFiltersQuery, leadFiltersToParams, parseLeadFilters } from "~/lib/lead-filters";
import { pageMeta } from "~/lib/seo";
import { WHATSAPP_PATH } from "~/lib/whatsapp";
import { requirePermission } from "~/server/auth.server";
import { readFormData } from "~/server/form-data.server";
import { sameOrigin } from "~/server/lead-follow-up.server";
import { ownerLabel } from "~/server/lead-owner.server";
import { LEAD_ORIGINS } from "~/server/leads.server";
import { createHandoff, HANDOFF_MAX_CONTACTS, HANDOFF_PARAM, selectHandoffContacts } from "~/server/whatsapp-handoff.server";

import type { Route } from "./+types/contato.enviar-whatsapp";

/**
 * /contato/enviar-whatsapp: "Enviar pelo WhatsApp" for the panel's filtered selection. The panel's
 * link lands here with its filters; this page says how many leads they select, how many are left
 * out (opted out of WhatsApp, no usable mobile number, the same number as another lead, beyond one
 * send's limit) and asks for confirmation; the POST stores the list and opens it on /whatsapp
 * (?lista=<id>). Leads permission; works without JavaScript.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Enviar pelo WhatsApp - Painel Administrativo",
    description: "Lista de contatos dos leads filtrados para a ferramenta de WhatsApp.",
    noindex: true,
  });

const PRIVATE = PRIVATE_PAGE_HEADERS;
const CREATE_INTENT = "criar";
const origins = () => Object.keys(LEAD_ORIGINS);

function readFilters(params: URLSearchParams) {
  return { ...parseLeadFilters(params, origins()), pagina: 1 };
}

/** The filters in words ("Origem: Teste vocacional · Responsável: ana@…"), as the other confirmations say them. */
function describeFilters(filters: ReturnType<typeof readFilters>): string[] {
  return describeLeadFilters(filters, {
    originLabel: (key) => LEAD_ORIGINS[key as keyof typeof LEAD_ORIGINS] ?? key,
    ownerLabel,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "leads");
  const filters = readFilters(new URL(request.url).searchParams);
  const selection = selectHandoffContacts(filters);
  const query = leadFiltersQuery(filters);
  return data(
    {
      backHref: `/contato${query}`,
      action: `/contato/enviar-whatsapp${query}`,
      hidden: [...leadFiltersToParams(filters).entries()],
      filterWords: describeFilters(filters),
      counts: {
        total: selection.total,
        contacts: selection.contacts.length,
        optedOut: selection.optedOut,
        noNumber: selection.noNumber,
        duplicates: selection.duplicates,
        overCap: selection.overCap,
      },
      max: HANDOFF_MAX_CONTACTS,
    },
    { headers: PRIVATE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "leads");
  if (!sameOrigin(request)) throw data("Origem não permitida.", { status: 403, headers: PRIVATE });
  const form = await readFormData(request);
  if (form.get("intent") !== CREATE_INTENT) {
    return data({ error: "Confirme com o botão “Criar lista e abrir o WhatsApp”." }, { status: 400, headers: PRIVATE });
  }
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  const created = createHandoff(readFilters(params), admin.email);
  if (!created) {
    return data(
      { error: "Nenhum contato para enviar: os leads filtrados não têm celular válido ou não querem WhatsApp." },
      { status: 400, headers: PRIVATE },
    );
  }
  console.info(`admin ${admin.email}: handed ${created.selection.contacts.length} contact(s) off to WhatsApp`);
  return redirect(`${WHATSAPP_PATH}?${new URLSearchParams({ [HANDOFF_PARAM]: created.id })}`, {
    status: 303,
    headers: PRIVATE,
  });
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export default function HandOffToWhatsapp({ loaderData, actionData }: Route.ComponentProps) {
  const { backHref, action, hidden, filterWords, counts, max } = loaderData;
  const pending = useIsPending({ formAction: "/contato/enviar-whatsapp" });
  const left = [
    { n: counts.optedOut, text: `${plural(counts.optedOut, "pessoa removida", "pessoas removidas")} por não querer WhatsApp` },
    { n: counts.noNumber, text: `${plural(counts.noNumber, "lead", "leads")} sem celular válido` },
    {
      n: counts.duplicates,
      text: `${plural(counts.duplicates, "lead repetido juntado", "leads repetidos juntados")} (mesmo número de outro lead: uma linha por pessoa)`,
    },
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700">Painel Administrativo · Leads</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Enviar pelo WhatsApp</h1>

      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <p className="font-semibold">Filtros</p>
        <p data-testid="handoff-filters">{filterWords.length ? filterWords.join(" · ") : "Nenhum filtro: todos os leads."}</p>
      </div>

      <div role="alert">
        <ErrorList id="handoff-create-error" errors={actionData?.error ? [actionData.error] : null} className="mt-4" />
      </div>

      <div className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
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
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {counts.contacts > 0 ? (
            <Form method="post" action={action}>
              {hidden.map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="intent" value={CREATE_INTENT} />
              <SubmitButton
                pending={pending}
                pendingText="Criando lista..."
                spinnerClassName="size-4"
                className="inline-flex items-center gap-2 rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70"
              >
                <MessageCircle aria-hidden="true" className="size-4" /> Criar lista e abrir o WhatsApp
              </SubmitButton>
            </Form>
          ) : null}
          <Link to={backHref} className="px-2 py-2.5 font-semibold text-brand-700 underline">
            Cancelar
          </Link>
        </div>
      </div>
    </section>
  );
}
