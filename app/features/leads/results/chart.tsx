import type { ResultRow } from "~/features/leads/results/results";

/**
 * The report's chart (decision 089): one pair of horizontal bars per group, leads and matriculados,
 * drawn as SVG on the server (no chart library, no JavaScript). The table below carries the same
 * numbers for screen readers, so the picture is labelled as a summary.
 */
export function ResultsChart({ rows }: { rows: ResultRow[] }) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, 12);
  const max = Math.max(1, ...shown.map((row) => row.leads));
  const rowHeight = 34;
  const labelWidth = 180;
  const barWidth = 400;
  const height = shown.length * rowHeight + 24;
  return (
    <figure className="mt-6 overflow-x-auto" data-testid="results-chart">
      <svg
        role="img"
        aria-label="Leads e matrículas por grupo (os mesmos números da tabela)"
        viewBox={`0 0 ${labelWidth + barWidth + 60} ${height}`}
        className="w-full max-w-3xl min-w-[20rem]"
      >
        {shown.map((row, index) => {
          const y = index * rowHeight + 4;
          return (
            <g key={row.key}>
              <text x={labelWidth - 8} y={y + 14} textAnchor="end" fontSize="12" className="fill-slate-700">
                {row.key.length > 26 ? `${row.key.slice(0, 25)}…` : row.key}
              </text>
              <rect x={labelWidth} y={y} width={(row.leads / max) * barWidth} height="12" className="fill-brand-500" />
              <rect
                x={labelWidth}
                y={y + 14}
                width={(row.matriculated / max) * barWidth}
                height="12"
                className="fill-brand-900"
              />
              <text x={labelWidth + (row.leads / max) * barWidth + 6} y={y + 11} fontSize="11" className="fill-slate-700">
                {row.leads}
              </text>
              <text x={labelWidth + (row.matriculated / max) * barWidth + 6} y={y + 25} fontSize="11" className="fill-slate-900">
                {row.matriculated}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-600">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 bg-brand-500 align-middle" />
          Leads
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 bg-brand-900 align-middle" />
          Matriculados
        </span>
      </figcaption>
    </figure>
  );
}
