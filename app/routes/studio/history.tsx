import { History } from "lucide-react";
import { Form, useNavigation } from "react-router";

import { SubmitButton, useIsPending } from "~/components/forms";
import { StudioTable } from "~/components/studio/studio-table";
import { Alert } from "~/components/ui/alert";
import { privateData } from "~/lib/cache-headers";
import { formatDateTimeBr } from "~/lib/dates";
import { collectionLabels, contentCollections } from "~/server/content/collections.server";
import { getRevision, listRevisions, restoreRevision, SEED_AUTHOR } from "~/server/content/store.server";
import { conflictMessage, STUDIO_PATH } from "~/server/content/studio.server";
import { readFormData } from "~/server/platform/form-data.server";
import { privateRedirectWithToast } from "~/server/platform/toast.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/history";

/**
 * /admin/conteudo/historico: every save of the studio (who, when, which fields) with "Restaurar",
 * which saves that version again as a new one (so a restore can itself be undone).
 */

const HISTORY_SIZE = 100;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  // The newest revision of each item is what the site shows now: nothing to restore there. A
  // seeded first version nobody changed yet is left out (a catalogue seeds a hundred of them).
  const seen = new Set<string>();
  const rows = listRevisions({ limit: HISTORY_SIZE * 10 })
    .map((revision) => {
      const key = `${revision.collection}/${revision.entryId}`;
      const current = !seen.has(key);
      seen.add(key);
      return { revision, current };
    })
    .filter(({ revision, current }) => !(current && revision.savedBy === SEED_AUTHOR))
    .slice(0, HISTORY_SIZE)
    .map(({ revision, current }) => ({
      id: revision.id,
      section: collectionLabels[revision.collection] ?? revision.collection,
      item: revision.entryId === "main" ? "" : revision.entryId,
      savedAt: formatDateTimeBr(revision.savedAt),
      savedBy: revision.savedBy,
      changed: JSON.parse(revision.changed) as string[],
      removed: revision.data === null,
      current,
    }));
  return { rows };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "content");
  const form = await readFormData(request);
  const id = Number(form.get("revision"));
  const revision = Number.isSafeInteger(id) && id > 0 ? getRevision(id) : undefined;
  const collection = revision ? contentCollections[revision.collection] : undefined;
  if (!revision || !collection) {
    return privateData({ error: "Versão não encontrada. Recarregue a página." }, { status: 404 });
  }
  const result = restoreRevision(collection, revision, admin.email);
  if (!result.ok) {
    const error =
      "invalid" in result
        ? "Esta versão não é mais válida com as regras atuais e não pode ser restaurada."
        : conflictMessage(result.conflict);
    return privateData({ error }, { status: 409 });
  }
  return privateRedirectWithToast(request, `${STUDIO_PATH}/historico`, {
    title: "Versão restaurada",
    description: "Ela já está no site.",
  });
}

/** The revision whose "Restaurar" is being posted (so only that row's button says "Restaurando..."). */
function usePendingRevision(): string | null {
  const revision = useNavigation().formData?.get("revision");
  return typeof revision === "string" ? revision : null;
}

export default function StudioHistory({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const pendingRevision = usePendingRevision();
  const mine = (id: number) => pending && pendingRevision === String(id);
  return (
    <section aria-labelledby="historico-titulo">
      <h1 id="historico-titulo" className="text-2xl font-bold text-slate-900">
        Histórico
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        As últimas {HISTORY_SIZE} alterações. &quot;Restaurar&quot; coloca de volta no site o conteúdo daquela versão.
      </p>
      {actionData?.error ? (
        <Alert role="alert" as="p" className="mt-4">
          {actionData.error}
        </Alert>
      ) : null}
      <StudioTable
        testId="content-history"
        caption="Alterações do conteúdo, da mais recente para a mais antiga"
        captionHidden
        columns={["Quando", "Quem", "Seção", "O que mudou", <span className="sr-only">Ação</span>]}
      >
        {loaderData.rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 whitespace-nowrap">{row.savedAt}</td>
            <td className="py-2 pr-3">{row.savedBy}</td>
            <td className="py-2 pr-3">
              {row.section}
              {row.item ? <span className="block text-xs text-slate-500">{row.item}</span> : null}
            </td>
            <td className="py-2 pr-3">
              {row.removed ? "Removido" : row.changed.length ? row.changed.join(", ") : "Versão inicial"}
            </td>
            <td className="py-2">
              {row.current ? (
                <span className="text-xs text-slate-500">Versão atual</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="revision" value={row.id} />
                  <SubmitButton
                    pending={mine(row.id)}
                    pendingText="Restaurando..."
                    spinnerClassName="size-4"
                    aria-label={`Restaurar a versão de ${row.savedAt} (${row.section})`}
                    variant="neutral"
                    size="xs"
                  >
                    <History aria-hidden="true" className="size-3.5" /> Restaurar
                  </SubmitButton>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}
