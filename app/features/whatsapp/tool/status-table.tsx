import type { mirrorCounts } from "~/features/whatsapp/tool/helper-events";
import { formatTimestamp, type TrackedContact } from "~/features/whatsapp/tool/tool";

import { ResultsTable, ResultStatus } from "./send-log-table";

const STATUS_LABEL: Record<TrackedContact["status"], string> = {
  pending: "Pendente",
  sent: "Enviado",
  error: "Erro",
  // Not sent on purpose: it got this same text recently (the detail says when).
  skipped: "Ignorado",
};

/** 'Status dos Envios': the current job's results as they arrive, with its counters. */
export function StatusTable({ contacts, counts }: { contacts: TrackedContact[]; counts: ReturnType<typeof mirrorCounts> }) {
  return (
    <div className="mt-10" data-testid="status-table">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Status dos Envios</h2>
        <p className="flex flex-wrap gap-2 text-sm">
          <Badge label="Total" value={counts.total} className="bg-slate-100 text-slate-800" />
          <Badge label="Enviados" value={counts.sent} className="bg-emerald-100 text-emerald-900" />
          <Badge label="Pendentes" value={counts.pending} className="bg-amber-100 text-amber-900" />
          <Badge label="Erros" value={counts.errors} className="bg-red-100 text-red-900" />
          {counts.skipped > 0 ? <Badge label="Ignorados" value={counts.skipped} className="bg-slate-200 text-slate-800" /> : null}
          {counts.optedOut ? (
            <Badge label="Descadastrados" value={counts.optedOut} className="bg-slate-200 text-slate-800" />
          ) : null}
        </p>
      </div>
      <ResultsTable
        columns={[
          { header: "Nome", cell: (contact) => contact.name },
          { header: "Número", cell: (contact) => contact.number, className: "font-mono" },
          {
            header: "Status",
            cell: (contact) => (
              <ResultStatus label={STATUS_LABEL[contact.status]} tone={contact.status} detail={contact.detail} />
            ),
          },
          { header: "Horário", cell: (contact) => formatTimestamp(contact.timestamp), className: "text-slate-600" },
        ]}
        rows={contacts}
        // The same number can be pasted twice: the position keeps the keys apart.
        rowKey={(contact, index) => `${contact.number}-${index}`}
        rowStatus={(contact) => contact.status}
        emptyText="Nenhum envio em andamento."
      />
    </div>
  );
}

function Badge({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <span className={`rounded-full px-3 py-1 font-medium ${className}`} data-testid={`badge-${label.toLowerCase()}`}>
      {label}: <strong>{value}</strong>
    </span>
  );
}
