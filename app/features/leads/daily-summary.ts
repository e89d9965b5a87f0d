import { escapeHtml } from "~/features/email/templates";
import { formatDateBr } from "~/shared/dates";

/**
 * The managers' daily summary e-mail (decision 141): counts only, never a lead's name, e-mail or
 * phone. Pure: the server gathers the numbers (app/features/leads/daily-summary.server.ts).
 */

export type DailySummaryFacts = {
  /** The São Paulo day the numbers are about (YYYY-MM-DD): the day before the sending. */
  day: string;
  newLeads: number;
  waitingNow: number;
  lateNow: number;
  /** Share of that day's contacted leads contacted within the target, or null (none contacted). */
  withinTargetPercent: number | null;
  /** The first day of the period whose leads' enrolments are counted (its last day is `day`). */
  periodFrom: string;
  enrolmentsByCampaign: { campaign: string; count: number }[];
  panelUrl: string;
  resultsUrl: string;
  unsubscribeUrl: string;
};

/** Whether the summary is due at this São Paulo hour: at the chosen hour or later that day. */
export function summaryDue(hour: number | null, nowHour: number): boolean {
  return hour !== null && nowHour >= hour;
}

export function dailySummaryEmail(facts: DailySummaryFacts) {
  const dayText = formatDateBr(facts.day);
  const share = facts.withinTargetPercent === null ? "nenhum lead contatado" : `${facts.withinTargetPercent}%`;
  const lines: [string, string][] = [
    [`Leads novos em ${dayText}`, String(facts.newLeads)],
    ["Aguardando primeiro contato agora", String(facts.waitingNow)],
    ["Atrasados agora (fora do prazo)", String(facts.lateNow)],
    [`Contatados dentro do prazo em ${dayText}`, share],
  ];
  const enrolments = facts.enrolmentsByCampaign.length
    ? facts.enrolmentsByCampaign.map((row) => [row.campaign, String(row.count)] as [string, string])
    : [["Nenhuma matrícula", "0"] as [string, string]];
  const enrolmentsTitle = `Matrículas dos leads de ${formatDateBr(facts.periodFrom)} a ${dayText}, por campanha:`;
  const subject = `Resumo diário de leads – ${dayText}`;
  const text = [
    `Resumo de ${dayText}`,
    "",
    ...lines.map(([k, v]) => `${k}: ${v}`),
    "",
    enrolmentsTitle,
    ...enrolments.map(([k, v]) => `- ${k}: ${v}`),
    "",
    `Painel: ${facts.panelUrl}`,
    `Resultados: ${facts.resultsUrl}`,
    "",
    `Para não receber mais este resumo: ${facts.unsubscribeUrl}`,
  ].join("\n");
  const row = ([k, v]: [string, string]) =>
    `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`;
  const html = [
    `<p>${escapeHtml(`Resumo de ${dayText}`)}</p>`,
    `<table>${lines.map(row).join("")}</table>`,
    `<p>${escapeHtml(enrolmentsTitle)}</p>`,
    `<table>${enrolments.map(row).join("")}</table>`,
    `<p><a href="${escapeHtml(facts.panelUrl)}">Abrir o painel</a> · <a href="${escapeHtml(facts.resultsUrl)}">Ver Resultados</a></p>`,
    `<p style="color:#475569"><a href="${escapeHtml(facts.unsubscribeUrl)}">Não quero mais receber este resumo</a></p>`,
  ].join("");
  return { subject, text, html };
}
