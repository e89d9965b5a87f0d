import { Link } from "react-router";
import { formatTimestamp, LOG_PAGE_PARAM, WHATSAPP_PATH } from "~/lib/whatsapp";

export type SendLogPage = {
  rows: {
    id: number;
    jobId: string;
    operator: string;
    name: string;
    number: string;
    message: string;
    status: string;
    detail: string | null;
    sentAt: string;
  }[];
  page: number;
  pages: number;
  total: number;
  pageSize: number;
};

/** 'Registro de Envios': the stored log, newest first, paged with links (works without JavaScript). */
export function SendLogTable({ log }: { log: SendLogPage }) {
  const pageHref = (page: number) => `${WHATSAPP_PATH}?${LOG_PAGE_PARAM}=${page}#registro`;
  return (
    <div className="mt-10" id="registro" data-testid="send-log">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Registro de Envios</h2>
        <p className="text-sm text-slate-600">
          {log.total} {log.total === 1 ? "registro" : "registros"}
        </p>
      </div>
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Operador</th>
              <th scope="col" className="px-3 py-2 font-semibold">Nome</th>
              <th scope="col" className="px-3 py-2 font-semibold">Número</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
              <th scope="col" className="px-3 py-2 font-semibold">Horário</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {log.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-4 text-center text-slate-500">
                  Nenhum envio registrado.
                </td>
              </tr>
            ) : (
              log.rows.map((row) => (
                <tr key={row.id} data-status={row.status}>
                  <td className="px-3 py-2">{row.operator}</td>
                  <td className="px-3 py-2">{row.name}</td>
                  <td className="px-3 py-2 font-mono">{row.number}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                        row.status === "Enviado" ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"
                      }`}
                      title={row.detail ?? undefined}
                    >
                      {row.status}
                    </span>
                    {row.detail ? <span className="ml-2 text-xs text-red-700">{row.detail}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-slate-600">{formatTimestamp(row.sentAt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {log.pages > 1 ? (
        <nav aria-label="Páginas do registro" className="mt-3 flex items-center justify-between text-sm">
          {log.page > 1 ? (
            <Link to={pageHref(log.page - 1)} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50" preventScrollReset>
              Anterior
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Página {log.page} de {log.pages}
          </span>
          {log.page < log.pages ? (
            <Link to={pageHref(log.page + 1)} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50" preventScrollReset>
              Próxima
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
