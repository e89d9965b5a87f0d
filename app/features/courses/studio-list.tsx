import { Plus, Search } from "lucide-react";
import { Form, Link } from "react-router";

import { courseListPage, parseCourseListQuery } from "~/features/courses/course-studio.server";
import { requirePermission } from "~/features/staff/auth.server";
import { STUDIO_PATH } from "~/features/studio/studio";
import { formatReais } from "~/shared/format";
import { ButtonLink } from "~/ui/button";
import { Field, inputClass, SubmitButton, useIsPending } from "~/ui/forms";
import { TableHead } from "~/ui/table-head";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/studio-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const { q, page } = parseCourseListQuery(new URL(request.url));
  return { list: courseListPage(q, page) };
}

/** The list's address for a page of a search (plain links: works without JavaScript). */
function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return `${STUDIO_PATH}/cursos${search ? `?${search}` : ""}`;
}

export default function CoursesStudio({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const pending = useIsPending({ formMethod: "GET" });
  return (
    <section aria-labelledby="cursos-titulo">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Title id="cursos-titulo" size="area">
          Cursos
        </Title>
        <ButtonLink to={`${STUDIO_PATH}/cursos/novo`} variant="primary" size="md">
          <Plus aria-hidden="true" className="size-4" />
          Novo curso
        </ButtonLink>
      </div>
      <Form method="get" role="search" aria-label="Buscar cursos" className="mt-4 flex flex-wrap items-end gap-2">
        <Field label="Buscar por nome, área, modalidade ou endereço" htmlFor="cursos-busca" className="min-w-64 flex-1">
          <input id="cursos-busca" type="search" name="q" defaultValue={list.q} maxLength={80} className={inputClass()} />
        </Field>
        <SubmitButton pending={pending} pendingText="Buscando..." variant="secondary" size="md" className="h-10">
          <Search aria-hidden="true" className="size-4" />
          Buscar
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {list.total === 1 ? "1 curso" : `${list.total} cursos`}
        {list.q ? ` para "${list.q}"` : ""} · página {list.page} de {list.pages}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-4 text-slate-700">Nenhum curso encontrado.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="studio-courses">
            <TableHead columns={["Curso", "Área", "Modalidade", "Endereço", "Mensalidade", "Situação"]} />
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3">
                    <Link to={`${STUDIO_PATH}/cursos/${row.id}`} className={textLink()}>
                      {row.name}
                    </Link>
                    {row.featured ? <span className="ml-2 text-xs text-slate-500">destaque</span> : null}
                  </td>
                  <td className="py-2 pr-3">{row.area}</td>
                  <td className="py-2 pr-3">{row.modality}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{row.path}</td>
                  <td className="py-2 pr-3">{row.monthlyPrice === null ? "-" : formatReais(row.monthlyPrice)}</td>
                  <td className="py-2">{row.active ? "Ativo" : "Inativo"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.pages > 1 ? (
        <nav aria-label="Páginas da lista de cursos" className="mt-4 flex items-center gap-4 text-sm">
          {list.page > 1 ? (
            <Link to={pageHref(list.q, list.page - 1)} className={textLink()} rel="prev">
              Página anterior
            </Link>
          ) : null}
          {list.page < list.pages ? (
            <Link to={pageHref(list.q, list.page + 1)} className={textLink()} rel="next">
              Próxima página
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
