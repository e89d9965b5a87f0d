/**
 * The leads CSV (pure parts): the documented column order, pt-BR dates and the neutralisation of
 * cells a spreadsheet would run as a formula. app/features/leads/csv.server.ts streams it.
 *
 * An e-mail column's valid address is never taken for a formula (isPlainEmailAddress); every other
 * cell, and an e-mail cell that is not a valid address, keeps the formula guard.
 *
 * Column order: the spec's 12 columns first, in this order
 *   nome; telefone; email; cidade; curso_interesse; polo; data_criacao; perfil_trabalho;
 *   area_atuacao; satisfacao_area; objetivo_carreira; area_desejada
 * then the columns this project adds (id, origin, test result, timestamps, attribution, consent,
 * "whatsapp": "não quer" for a person who asked not to get WhatsApp messages, "status": the
 * follow-up status, and "responsavel": the owner's e-mail, last).
 */
import { formatDateBr, SITE_TIME_ZONE } from "~/shared/dates";

import { profileLabel } from "./filters";
import { ATTRIBUTION_KEYS } from "./forms/attribution";

/**
 * The export's file name, for what it holds: "leads-2026-12-03.csv", with the origin and the status
 * filter when one is set ("leads-teste-vocacional-2026-12-03.csv", "leads-inscricao-novo-2026-12-03.csv").
 * `day` is the São Paulo calendar day (YYYY-MM-DD). Only filter keys go in, never a search term or
 * anything else a person typed, so no personal data reaches the name.
 */
export function leadsCsvFileName(filters: { origem: string | null; status: string | null }, day: string): string {
  const slug = (key: string) => key.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const parts = ["leads", filters.origem, filters.status].filter((part): part is string => !!part).map(slug);
  return `${[...parts, day].join("-")}.csv`;
}

export const SPEC_CSV_COLUMNS = [
  "nome",
  "telefone",
  "email",
  "cidade",
  "curso_interesse",
  "polo",
  "data_criacao",
  "perfil_trabalho",
  "area_atuacao",
  "satisfacao_area",
  "objetivo_carreira",
  "area_desejada",
] as const;

export const EXTRA_CSV_COLUMNS = [
  "id",
  "origem",
  "perfil_resultado",
  "teste_concluido_em",
  "criado_em",
  "atualizado_em",
  "tentativas",
  ...ATTRIBUTION_KEYS,
  "consentimento_em",
  "consentimento_versao",
  "respostas",
  // "não quer" when the lead's phone is on the WhatsApp opt-out list (app/features/whatsapp/optouts/optouts.server.ts).
  "whatsapp",
  // The follow-up status in words ("Em contato", "Perdido (Sem interesse)"), lib/lead-status.ts.
  "status",
  // The owner's e-mail ("responsável", a comercial user), empty for none (app/features/leads/owner.server.ts).
  "responsavel",
] as const;

export const CSV_COLUMNS = [...SPEC_CSV_COLUMNS, ...EXTRA_CSV_COLUMNS];
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The fields of a lead the CSV reads. */
export type CsvLead = { [K in CsvColumn]?: string | number | null };

const DATE_TIME_COLUMNS = new Set<CsvColumn>(["teste_concluido_em", "criado_em", "atualizado_em", "consentimento_em"]);

// One formatter for every row (creating an Intl formatter per cell is slow for 100 000 rows).
const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  dateStyle: "short",
  timeStyle: "medium",
});

/** dd/mm/aaaa hh:mm:ss in São Paulo time, "" for no value. */
export function csvDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormat.format(date).replace(",", "");
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or tab / carriage return before one) as a
 * formula. Such text gets a leading apostrophe, which Excel and LibreOffice show as plain text.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A whole cell that is one valid e-mail address of plain characters: letters, digits and `. _ + ' -`
 * before a single `@`, then a domain of letters, digits, dots and hyphens ending in a name of at
 * least two letters. Such a cell cannot be a formula a spreadsheet would run: it has no parenthesis
 * (no function call), no `|` or `!` (no DDE), no `=`, quote, space or cell separator, and a
 * spreadsheet reads `+ana@example.com` as text. So an address that starts with `+` or `-` (valid,
 * and real: `+ana@…` sub-addresses) keeps its first character rather than getting an apostrophe.
 */
const PLAIN_EMAIL =
  /^[A-Za-z0-9._+'-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

export function isPlainEmailAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_EMAIL.test(value);
}

/** The columns that hold an e-mail address: their valid addresses are written as they are. */
const EMAIL_COLUMNS = new Set<CsvColumn>(["email", "responsavel"]);

/** One CSV record (column → cell text) for a lead; `originLabels` turns origin keys into words. */
export function leadCsvRecord(lead: CsvLead, originLabels: Readonly<Record<string, string>>): Record<CsvColumn, string> {
  const record = {} as Record<CsvColumn, string>;
  for (const column of CSV_COLUMNS) {
    const raw = lead[column];
    let cell: string;
    if (raw === null || raw === undefined) cell = "";
    else if (column === "data_criacao") cell = formatDateBr(String(raw));
    else if (DATE_TIME_COLUMNS.has(column)) cell = csvDateTime(String(raw));
    else if (column === "origem") cell = originLabels[String(raw)] ?? String(raw);
    else if (column === "perfil_resultado") cell = profileLabel(String(raw));
    else cell = String(raw);
    record[column] = EMAIL_COLUMNS.has(column) && isPlainEmailAddress(cell) ? cell : neutralizeFormula(cell);
  }
  return record;
}
