import type { ReactNode } from "react";
import { useLocation } from "react-router";

import type { SendLogPage } from "~/features/whatsapp/tool/send-log";
import { formatTimestamp, LOG_PAGE_PARAM, LOG_STATUS } from "~/features/whatsapp/tool/tool";
import { WHATSAPP_PATH } from "~/shared/area-paths";
import { ButtonLink } from "~/ui/button";
import { textLink } from "~/ui/text-link";

export type { SendLogPage };

/** 'Registro de Envios': the stored log, newest first, paged with links (works without JavaScript). */
export function SendLogTable({ log }: { log: SendLogPage }) {
  // useLocation, not useSearchParams: the latter adds its helpers to the bundle every page shares.
  const { search } = useLocation();
  // Paging keeps the rest of the address (an open hand-off list, ?lista=).
  const pageHref = (page: number) => {
    const params = new URLSearchParams(search);
    params.set(LOG_PAGE_PARAM, String(page));
    return `${WHATSAPP_PATH}?${params}#registro`;
  };
  return (
    <div className="mt-10" id="registro" data-testid="send-log">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Registro de Envios</h2>
        <p className="text-sm text-slate-600">
          {log.total} {log.total === 1 ? "registro" : "registros"}
        </p>
      </div>
      <ResultsTable
        columns={[
          { header: "Operador", cell: (row) => row.operator },
          {
            header: "Responsável",
            cell: (row) => (row.sentBy ? <span data-testid="sent-by">{row.sentBy}</span> : "—"),
            className: "text-sm",
          },
          {
            header: "Nome",
            cell: (row) =>
              row.leadId ? (
                <>
                  {row.name}{" "}
                  <a
                    href={`/contato/lead/${row.leadId}`}
                    aria-label={`Ver lead de ${row.name}`}
                    className={textLink("ml-1 text-xs")}
                  >
                    Ver lead
                  </a>
                </>
              ) : (
                row.name
              ),
          },
          { header: "Número", cell: (row) => row.number, className: "font-mono" },
          {
            header: "Status",
            cell: (row) => (
              <ResultStatus
                label={row.status}
                tone={row.status === LOG_STATUS.sent ? "sent" : row.status === LOG_STATUS.skipped ? "skipped" : "error"}
                detail={row.detail}
                title={row.detail ?? undefined}
              />
            ),
          },
          { header: "Horário", cell: (row) => formatTimestamp(row.sentAt), className: "text-slate-600" },
        ]}
        rows={log.rows}
        rowKey={(row) => row.id}
        rowStatus={(row) => row.status}
        emptyText="Nenhum envio registrado."
      />
      {log.pages > 1 ? (
        <nav aria-label="Páginas do registro" className="mt-3 flex items-center justify-between text-sm">
          {log.page > 1 ? (
            <ButtonLink to={pageHref(log.page - 1)} variant="neutral" size="sm" preventScrollReset>
              Anterior
            </ButtonLink>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Página {log.page} de {log.pages}
          </span>
          {log.page < log.pages ? (
            <ButtonLink to={pageHref(log.page + 1)} variant="neutral" size="sm" preventScrollReset>
              Próxima
            </ButtonLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

export type ResultColumn<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

/** The table of message results, shared by 'Registro de Envios' and the live 'Status dos Envios'. */
export function ResultsTable<Row>({
  columns,
  rows,
  rowKey,
  rowStatus,
  emptyText,
}: {
  columns: ResultColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  rowStatus: (row: Row) => string;
  emptyText: string;
}) {
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-3 py-2 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-4 text-center text-slate-500">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} data-status={rowStatus(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.className ? `px-3 py-2 ${column.className}` : "px-3 py-2"}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

const TONE_STYLE = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  error: "bg-red-100 text-red-900",
  skipped: "bg-slate-200 text-slate-800",
};

/** A result's status pill, with the error detail beside it. */
export function ResultStatus({
  label,
  tone,
  detail,
  title,
}: {
  label: string;
  tone: keyof typeof TONE_STYLE;
  detail?: string | null;
  title?: string;
}) {
  return (
    <>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_STYLE[tone]}`} title={title}>
        {label}
      </span>
      {detail ? <span className={`ml-2 text-xs ${tone === "skipped" ? "text-slate-700" : "text-red-700"}`}>{detail}</span> : null}
    </>
  );
}
