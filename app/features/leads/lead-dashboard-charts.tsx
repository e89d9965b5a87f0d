import { useId } from "react";

import { type Dashboard, niceMax, percent, type Slice, type StatusFunnel } from "~/features/leads/dashboard";
import { statusLabel } from "~/features/leads/status";
import { formatDateBr } from "~/shared/dates";

const W = 360;
const H = 190;
const PAD = { left: 36, right: 8, top: 10, bottom: 24 };

/** Stacked bars: one per day, split by origin. */
export function DailyChart({
  dashboard,
  origins,
  originLabels,
}: {
  dashboard: Dashboard;
  origins: string[];
  originLabels: Record<string, string>;
}) {
  const titleId = useId();
  const { days } = dashboard;
  const max = niceMax(Math.max(0, ...days.map((d) => d.total)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const barW = Math.max(2, slot - 2);
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  const present = origins.filter((o) => days.some((d) => d.byOrigin[o]));
  const first = days[0]?.date;
  const last = days.at(-1)?.date;

  return (
    <>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        className="h-auto max-h-72 w-full"
        data-testid="chart-daily"
      >
        <title id={titleId}>
          {`Leads por dia de ${first ? formatDateBr(first) : ""} a ${last ? formatDateBr(last) : ""}: ${number.format(dashboard.total)} no total, no máximo ${number.format(Math.max(0, ...days.map((d) => d.total)))} em um dia.`}
        </title>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeWidth="1" />
            <text x={PAD.left - 4} y={y(tick) + 3.5} textAnchor="end" fontSize="11" fill="#475569">
              {Number.isInteger(tick) ? number.format(tick) : ""}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          let top = y(0);
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={day.date}>
              {origins.map((origem) => {
                const n = day.byOrigin[origem] ?? 0;
                if (!n) return null;
                const h = (n / max) * plotH;
                top -= h;
                return <rect key={origem} x={x} y={top} width={barW} height={h} fill={originColor(origins, origem)} />;
              })}
              {(i % 7 === 0 && i <= days.length - 5) || i === days.length - 1 ? (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#475569">
                  {formatDateBr(day.date).slice(0, 5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {present.length ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legenda">
          {present.map((origem) => (
            <li key={origem} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ background: originColor(origins, origem) }}
              />
              {originLabels[origem] ?? origem}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Ver os números</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left text-xs">
            <thead>
              <tr>
                <th className="py-1 pr-2">Data</th>
                <th className="py-1 pr-2">Total</th>
                {present.map((origem) => (
                  <th key={origem} className="py-1 pr-2">
                    {originLabels[origem] ?? origem}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date} className="border-t border-slate-100">
                  <td className="py-1 pr-2">{formatDateBr(day.date)}</td>
                  <td className="py-1 pr-2">{day.total}</td>
                  {present.map((origem) => (
                    <td key={origem} className="py-1 pr-2">
                      {day.byOrigin[origem] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/**
 * Horizontal bars: the label and the number are HTML text (readable at any width); each bar is a
 * small SVG stretched to the row's width.
 */
export function BarList({
  slices,
  label,
  color,
  total,
  empty,
  caption,
}: {
  slices: Slice[];
  label: (key: string) => string;
  color: (key: string) => string;
  /** Percentages relative to this (default: the sum of the slices). */
  total?: number;
  empty: string;
  caption: string;
}) {
  const whole = total ?? slices.reduce((sum, s) => sum + s.n, 0);
  if (whole === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const max = Math.max(1, ...slices.map((s) => s.n));
  return (
    <ul aria-label={caption} className="space-y-3">
      {slices.map((slice) => {
        const share = (slice.n / max) * 100;
        return (
          <li key={slice.key}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-slate-800">{label(slice.key)}</span>
              <span className="shrink-0 font-semibold tabular-nums text-slate-900">
                {number.format(slice.n)} <span className="font-normal text-slate-600">({percent(slice.n, whole)}%)</span>
              </span>
            </div>
            <svg
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              width="100%"
              height="10"
              aria-hidden="true"
              className="mt-1 block"
            >
              <rect x="0" y="0" width="100" height="10" rx="2" fill="#f1f5f9" />
              <rect x="0" y="0" width={slice.n > 0 ? Math.max(1, share) : 0} height="10" rx="2" fill={color(slice.key)} />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The funnel by follow-up status: how many leads are in each status now, and how many reached each
 * step of the path (this status or a later one), as a share of all and of the step before.
 */
const FUNNEL_COLUMNS = ["Status", "Leads agora", "Chegaram a esta etapa", "Da etapa anterior"];

export function StatusFunnelTable({ funnel }: { funnel: StatusFunnel }) {
  if (funnel.total === 0) return <p className="text-sm text-slate-600">Nenhum lead para contar.</p>;
  const cell = "py-1.5 pr-3";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="status-funnel">
        <caption className="sr-only">Leads por status do acompanhamento e conversão entre as etapas</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            {FUNNEL_COLUMNS.map((column) => (
              <th key={column} scope="col" className={cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {funnel.steps.map((step, i) => {
            const onPath = step.status !== "perdido";
            const previous = onPath && i > 0 ? funnel.steps[i - 1].reached : null;
            return (
              <tr key={step.status} className="border-t border-slate-100" data-status={step.status}>
                <th scope="row" className={`${cell} font-medium text-slate-800`}>
                  {statusLabel(step.status)}
                </th>
                <td className={`${cell} tabular-nums`} data-testid="funnel-count">
                  {number.format(step.n)}
                </td>
                <td className={`${cell} tabular-nums`}>
                  {onPath
                    ? `${number.format(step.reached)} (${percent(step.reached, funnel.total)}%)`
                    : `${percent(step.n, funnel.total)}% do total`}
                </td>
                <td className={`${cell} tabular-nums`}>{previous === null ? "—" : `${percent(step.reached, previous)}%`}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-200 font-semibold">
            <th scope="row" className={cell}>
              Total
            </th>
            <td className={`${cell} tabular-nums`} data-testid="funnel-total">
              {number.format(funnel.total)}
            </td>
            <td className={cell} />
            <td className={cell} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const ORIGIN_COLORS = ["#1f56c8", "#eab308", "#059669", "#e11d48", "#7c3aed", "#0891b2", "#64748b"];

export const number = new Intl.NumberFormat("pt-BR");

export function originColor(origins: readonly string[], origem: string): string {
  const index = origins.indexOf(origem);
  return ORIGIN_COLORS[index >= 0 ? index % ORIGIN_COLORS.length : ORIGIN_COLORS.length - 1];
}
