import { CircleCheck, TriangleAlert } from "lucide-react";
import { Link } from "react-router";

import { requirePermission } from "~/features/staff/auth.server";
import { launchChecklist } from "~/features/studio/launch-checklist.server";
import { STUDIO_SECTIONS } from "~/features/studio/studio";
import { StudioPage } from "~/features/studio/studio-fields";
import { contentWarnings } from "~/features/studio/warnings.server";
import { SectionHeading } from "~/ui/section-heading";

import type { Route } from "./+types/overview";

/** /admin/conteudo: the studio's overview: what needs attention before visitors see it, and every section. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  return { warnings: contentWarnings(), launch: launchChecklist() };
}

export default function StudioOverview({ loaderData }: Route.ComponentProps) {
  const { warnings, launch } = loaderData;
  return (
    <StudioPage
      titleId="conteudo-titulo"
      title="Conteúdo do site"
      intro="O que você salvar aqui aparece no site na próxima visita. Cada alteração fica no histórico e pode ser desfeita."
    >
      <SectionHeading size="panel" className="mt-8">
        Avisos
      </SectionHeading>
      {warnings.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-emerald-800" data-testid="no-warnings">
          <CircleCheck aria-hidden="true" className="size-4" /> Nada a corrigir: nenhuma data vencida, número contraditório ou
          dado de exemplo.
        </p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="content-warnings">
          {warnings.map((warning) => (
            <li
              key={warning.text}
              className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <Link to={warning.to} className="font-semibold underline">
                  {warning.section}
                </Link>
                : {warning.text}
              </span>
            </li>
          ))}
        </ul>
      )}
      <SectionHeading size="panel" className="mt-8">
        Lista de lançamento
      </SectionHeading>
      {/* Every seed item still published (decision 143): each leaves the list once changed or switched off. */}
      {launch.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-emerald-800" data-testid="launch-done">
          <CircleCheck aria-hidden="true" className="size-4" /> Nada do conteúdo inicial está publicado.
        </p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="launch-checklist">
          {launch.map((item) => (
            <li key={item.text} className="flex gap-3 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <Link to={item.to} className="font-semibold underline">
                  {item.section}
                </Link>
                : {item.text}
              </span>
            </li>
          ))}
        </ul>
      )}
      <SectionHeading size="panel" className="mt-8">
        Seções
      </SectionHeading>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {STUDIO_SECTIONS.filter((section) => !("end" in section)).map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block rounded-md border border-slate-200 p-3 font-medium text-brand-800 hover:bg-slate-50"
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </StudioPage>
  );
}
