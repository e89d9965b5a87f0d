import { emailOutboxPage } from "~/features/email/outbox.server";
import { EMAIL_STATUS_LABELS, type EmailStatusKey } from "~/features/email/templates";
import { UNKNOWN_INTENT } from "~/features/leads/follow-up-form";
import { requirePermission, staffPagePost } from "~/features/staff/auth.server";
import { StudioTable } from "~/features/studio/studio-table";
import { wakeWebhookWorker } from "~/features/webhooks/outbox.server";
import { wakeJobWorker } from "~/platform/jobs/worker.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { confirmOutgoing } from "~/platform/site-identity.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";
import { CONFIRM_OUTGOING_INTENT } from "~/shared/outgoing-hold";
import { privatePageMeta } from "~/shared/seo";
import { ErrorList } from "~/ui/forms";
import { Title } from "~/ui/title";

import type { Route } from "./+types/outbox-page";

/**
 * /admin/e-mails: the e-mail outbox (decision 088). What was sent, what waits (the backlog while the
 * SMTP server is down) and, without SMTP_URL, every message the site would have sent: to whom,
 * when, its subject and text. Admin only; it works the same without JavaScript. Its one post is the
 * staff area's banner: the admin confirms that this site sends the held webhooks and e-mails
 * (decision 139).
 */

export const meta = privatePageMeta("E-mails - Painel Administrativo", "Mensagens enviadas pelo site.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "emails");
  return emailOutboxPage();
}

export async function action({ request }: Route.ActionArgs) {
  const { staff, intent, back } = await staffPagePost(request, "emails", "/admin/e-mails");
  requireSameOrigin(request);
  if (intent !== CONFIRM_OUTGOING_INTENT) return privateData({ error: UNKNOWN_INTENT }, { status: 400 });
  if (!confirmOutgoing(staff.email)) return back("Os envios já estavam liberados");
  wakeWebhookWorker();
  wakeJobWorker();
  return back("Envios liberados", "Os webhooks e e-mails retidos saem agora, uma vez cada.");
}

export default function EmailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { smtpConfigured, oldestPending, rows, counts } = loaderData;
  return (
    <section aria-labelledby="emails-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <Title id="emails-titulo" size="area">
        E-mails
      </Title>
      <div role="alert">
        <ErrorList id="emails-error" errors={actionData?.error ? [actionData.error] : null} className="mt-2" />
      </div>
      {smtpConfigured ? (
        <p className="mt-1 max-w-3xl text-sm text-slate-600" data-testid="emails-mode">
          Os e-mails saem pelo servidor SMTP configurado (SMTP_URL), um de cada vez: os avisos à equipe primeiro, depois as
          mensagens às pessoas, cada grupo na ordem em que foi criado. Se o servidor estiver fora do ar, o site tenta de novo mais
          tarde e nada se perde.
        </p>
      ) : (
        <p
          className="mt-2 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="emails-mode"
        >
          Nenhum servidor de e-mail configurado (SMTP_URL): as mensagens não saem, ficam guardadas aqui para você ver o que seria
          enviado, para quem e quando.
        </p>
      )}
      <ul className="mt-4 flex flex-wrap gap-3 text-sm" data-testid="emails-counts">
        <li className="rounded-md bg-slate-100 px-3 py-1">Aguardando envio: {counts.pending}</li>
        {oldestPending ? (
          <li className="rounded-md bg-amber-50 px-3 py-1 text-amber-950" data-testid="emails-oldest">
            {oldestPending}
          </li>
        ) : null}
        <li className="rounded-md bg-slate-100 px-3 py-1">Enviados: {counts.sent}</li>
        <li className="rounded-md bg-slate-100 px-3 py-1">Falharam: {counts.failed}</li>
        <li className="rounded-md bg-slate-100 px-3 py-1">Guardados (sem SMTP): {counts.held}</li>
      </ul>
      <StudioTable
        testId="emails-table"
        caption={rows.length === 0 ? "Nenhum e-mail ainda." : "Mensagens (mais recentes primeiro)"}
        columns={["Criado em", "Para", "Assunto", "Situação"]}
        className="mt-6"
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 whitespace-nowrap">{formatDateTimeBr(row.createdAt)}</td>
            <td className="py-2 pr-3 break-all">{row.toAddress}</td>
            <td className="py-2 pr-3">
              <details>
                <summary className="cursor-pointer">{row.subject}</summary>
                <pre className="mt-2 text-xs whitespace-pre-wrap text-slate-700">{row.textBody}</pre>
              </details>
            </td>
            <td className="py-2">
              {EMAIL_STATUS_LABELS[row.status as EmailStatusKey] ?? row.status}
              {row.sentAt ? <span className="block text-xs text-slate-500">{formatDateTimeBr(row.sentAt)}</span> : null}
              {row.lastError ? <span className="block text-xs text-red-700">{row.lastError}</span> : null}
            </td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}
