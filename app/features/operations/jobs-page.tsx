import { Form } from "react-router";

import { UNKNOWN_INTENT } from "~/features/leads/follow-up-form";
import { requirePermission, staffPagePost } from "~/features/staff/auth.server";
import { StudioTable } from "~/features/studio/studio-table";
import { jobsOverview } from "~/platform/jobs/overview.server";
import { retryFailedJob } from "~/platform/jobs/queue.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";
import { elapsedText } from "~/shared/format";
import { privatePageMeta } from "~/shared/seo";
import { Button } from "~/ui/button";
import { ErrorList } from "~/ui/forms";
import { Title } from "~/ui/title";

import type { Route } from "./+types/jobs-page";

/**
 * /admin/tarefas: the jobs engine's view. Per kind of background work (the minute's escalation, the
 * daily summary, the retention purge…) how many jobs wait, run, were done, failed or are kept, how
 * long the oldest due one has waited and when one last finished; the failed ones with their error
 * and a button that tries one again. Admin only; it works the same without JavaScript.
 */

export const meta = privatePageMeta("Tarefas - Painel Administrativo", "O que o site faz em segundo plano.");

const RETRY_INTENT = "tentar-de-novo";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "jobs");
  return jobsOverview();
}

export async function action({ request }: Route.ActionArgs) {
  const { formData, intent, back } = await staffPagePost(request, "jobs", "/admin/tarefas");
  requireSameOrigin(request);
  if (intent !== RETRY_INTENT) return privateData({ error: UNKNOWN_INTENT }, { status: 400 });
  const id = Number(formData.get("id"));
  if (!Number.isInteger(id) || !retryFailedJob(id)) return back("Esta tarefa não está mais entre as que falharam");
  return back("Tarefa na fila de novo", "Ela será tentada agora.");
}

export default function JobsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kinds, failed } = loaderData;
  return (
    <section aria-labelledby="tarefas-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <Title id="tarefas-titulo" size="area">
        Tarefas
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        O que o site faz em segundo plano, fora das visitas: cada tarefa fica registrada no banco de dados até terminar. Se o
        servidor cair no meio de uma, outro processo (ou o mesmo, ao voltar) a retoma; as que falham são tentadas de novo mais
        tarde, com espera crescente.
      </p>
      <div role="alert">
        <ErrorList id="tarefas-error" errors={actionData?.error ? [actionData.error] : null} className="mt-2" />
      </div>
      <StudioTable
        testId="jobs-kinds"
        caption="Por tipo de tarefa"
        columns={[
          "Tarefa",
          "Aguardando",
          "Em andamento",
          "Concluídas",
          "Falharam",
          "Guardadas",
          "Espera da mais antiga",
          "Última concluída",
        ]}
        className="mt-6"
      >
        {kinds.map((kind) => (
          <tr key={kind.kind} className="border-b border-slate-100 align-top" data-kind={kind.kind}>
            <th scope="row" className="py-2 pr-3 text-left font-medium">
              {kind.label}
              {kind.periodic ? <span className="block text-xs font-normal text-slate-500">Periódica</span> : null}
            </th>
            <td className="py-2 pr-3">{kind.counts.pending}</td>
            <td className="py-2 pr-3">{kind.counts.running}</td>
            <td className="py-2 pr-3">{kind.counts.done}</td>
            <td className="py-2 pr-3">{kind.counts.failed}</td>
            <td className="py-2 pr-3">{kind.counts.held}</td>
            <td className="py-2 pr-3">{kind.oldestDueMinutes === null ? "—" : elapsedText(kind.oldestDueMinutes)}</td>
            <td className="py-2">{kind.lastDoneAt ? formatDateTimeBr(kind.lastDoneAt) : "—"}</td>
          </tr>
        ))}
      </StudioTable>
      <StudioTable
        testId="jobs-failed"
        caption={failed.length === 0 ? "Nenhuma tarefa falhou." : "Tarefas que falharam (mais recentes primeiro)"}
        columns={["Tarefa", "Tentativas", "Erro", "Falhou em", "Ação"]}
        className="mt-8"
      >
        {failed.map((job) => (
          <tr key={job.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3">{job.label}</td>
            <td className="py-2 pr-3">{job.attempts}</td>
            <td className="py-2 pr-3 break-words text-red-700">{job.lastError ?? "—"}</td>
            <td className="py-2 pr-3 whitespace-nowrap">{job.finishedAt ? formatDateTimeBr(job.finishedAt) : "—"}</td>
            <td className="py-2">
              <Form method="post">
                <input type="hidden" name="id" value={job.id} />
                <Button type="submit" name="intent" value={RETRY_INTENT} variant="secondary">
                  Tentar de novo
                </Button>
              </Form>
            </td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}
