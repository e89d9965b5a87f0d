import { History } from "lucide-react";
import { Form, Link } from "react-router";

import { requirePermission } from "~/features/staff/auth.server";
import type { RestorePreview } from "~/features/studio/history.server";
import {
  HISTORY_SIZE,
  historyItemOf,
  historyItemTitle,
  historyRows,
  restorePreview,
  restoreVersion,
} from "~/features/studio/history.server";
import { STUDIO_PATH } from "~/features/studio/studio";
import { StudioPage } from "~/features/studio/studio-fields";
import { StudioTable } from "~/features/studio/studio-table";
import { readFormData } from "~/platform/form-data.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";
import { Alert, PageError } from "~/ui/alert";
import { ButtonLink } from "~/ui/button";
import { Callout } from "~/ui/callout";
import { SubmitButton, useIsPending } from "~/ui/forms";

import type { Route } from "./+types/history";

/**
 * /admin/conteudo/historico: every save of the studio (who, when, which item, which fields) with
 * "Restaurar", which first asks (?restaurar=<id>: what the site has now beside what the version
 * puts back) and then saves that version again as a new one, so a restore can itself be undone.
 */

const PATH = `${STUDIO_PATH}/historico`;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const params = new URL(request.url).searchParams;
  const asked = params.get("restaurar");
  const preview = asked === null ? null : (restorePreview(asked) ?? null);
  const item = historyItemOf(params);
  return {
    rows: historyRows(item),
    size: HISTORY_SIZE,
    item: item ? { ...item, title: historyItemTitle(item) } : null,
    preview,
    missing: asked !== null && preview === null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requirePermission(request, "content");
  const form = await readFormData(request);
  const result = restoreVersion(form.get("revision"), staff.email);
  if (!result.ok) return privateData({ error: result.error }, { status: result.status });
  return privateRedirectWithToast(request, PATH, { title: "Versão restaurada", description: "Ela já está no site." });
}

export default function StudioHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, preview, missing, item } = loaderData;
  const itemQuery = item ? `secao=${encodeURIComponent(item.collection)}&item=${encodeURIComponent(item.entryId)}&` : "";
  return (
    <StudioPage
      titleId="historico-titulo"
      title="Histórico"
      intro={
        item ? (
          <>
            Todas as versões de <strong>{item.title}</strong>, até a do conteúdo inicial. &quot;Restaurar&quot; mostra o que
            mudaria e pede confirmação. <Link to={PATH}>Ver todas as alterações</Link>
          </>
        ) : (
          <>
            As últimas {loaderData.size} alterações. &quot;Restaurar&quot; mostra o que mudaria e pede confirmação antes de
            colocar de volta no site o conteúdo daquela versão. &quot;Versões&quot; lista todas as versões de um item, até a do
            conteúdo inicial.
          </>
        )
      }
    >
      {missing ? (
        <Alert role="alert" as="p" className="mt-4">
          Versão não encontrada. Recarregue a página.
        </Alert>
      ) : preview ? (
        <RestoreQuestion preview={preview} error={actionData?.error} />
      ) : (
        <PageError message={actionData?.error} />
      )}
      <StudioTable
        testId="content-history"
        caption="Alterações do conteúdo, da mais recente para a mais antiga"
        captionHidden
        columns={["Quando", "Quem", "Seção", "O que mudou", <span className="sr-only">Ação</span>]}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 whitespace-nowrap">{row.savedAt}</td>
            <td className="py-2 pr-3">{row.savedBy}</td>
            <td className="py-2 pr-3">
              {row.section}
              {row.item ? <span className="block text-xs text-slate-500">{row.item}</span> : null}
              {item ? null : (
                <Link
                  className="block text-xs"
                  to={`?secao=${encodeURIComponent(row.collection)}&item=${encodeURIComponent(row.entryId)}`}
                  aria-label={`Versões de ${row.section}${row.item ? `: ${row.item}` : ""}`}
                >
                  Versões
                </Link>
              )}
            </td>
            <td className="py-2 pr-3">{row.changes}</td>
            <td className="py-2">
              {row.current ? (
                <span className="text-xs text-slate-500">Versão atual</span>
              ) : (
                <ButtonLink
                  to={`?${itemQuery}restaurar=${row.id}#restaurar`}
                  variant="neutral"
                  size="xs"
                  aria-label={`Restaurar a versão de ${row.savedAt} (${row.section}${row.item ? `: ${row.item}` : ""})`}
                >
                  <History aria-hidden="true" className="size-3.5" /> Restaurar
                </ButtonLink>
              )}
            </td>
          </tr>
        ))}
      </StudioTable>
    </StudioPage>
  );
}

/** "Restaurar esta versão?": what the site has now beside what the version puts back, then the button. */
function RestoreQuestion({ preview, error }: { preview: RestorePreview; error?: string }) {
  const pending = useIsPending();
  const what = `${preview.section}${preview.item ? `: ${preview.item}` : ""}`;
  return (
    <Callout
      id="restaurar"
      titleId="restaurar-titulo"
      title={`Restaurar a versão de ${preview.savedAt}?`}
      tone="warning"
      testId="restore-question"
    >
      <p className="mt-1 text-sm text-slate-700">
        {what}, salva por {preview.savedBy}.{" "}
        {preview.kind === "remove"
          ? "Esta versão remove o item do site."
          : preview.kind === "bring-back"
            ? "O item foi removido; esta versão o coloca de volta no site."
            : preview.differences.length === 0
              ? "O site já mostra exatamente esta versão."
              : "Estas mudanças vão para o site:"}
      </p>
      {error ? (
        <Alert role="alert" as="p" className="mt-3">
          {error}
        </Alert>
      ) : null}
      {preview.differences.length > 0 ? (
        <StudioTable
          testId="restore-differences"
          caption="O que muda ao restaurar"
          captionHidden
          className="mt-3"
          columns={["Campo", "Agora no site", "Depois de restaurar"]}
        >
          {preview.differences.map((difference) => (
            <tr key={difference.field} className="border-b border-amber-200 align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {difference.field}
              </th>
              <td className="py-2 pr-3 whitespace-pre-line">{difference.now}</td>
              <td className="py-2 whitespace-pre-line">{difference.then}</td>
            </tr>
          ))}
        </StudioTable>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="revision" value={preview.id} />
        <SubmitButton pending={pending} pendingText="Restaurando..." variant="primary" size="md">
          Restaurar esta versão
        </SubmitButton>
        <ButtonLink to={PATH} variant="secondary" size="md">
          Cancelar
        </ButtonLink>
      </Form>
    </Callout>
  );
}
