import { sql } from "drizzle-orm";

import { CONFIRMATION_NOTE_AUTHOR, confirmationRefusal, queueEnrolmentConfirmation } from "~/features/email/person-emails.server";
import { assignNewLead } from "~/features/leads/distribution/assign.server";
import { ATTRIBUTION_KEYS } from "~/features/leads/forms/attribution";
import type { Attribution } from "~/features/leads/forms/attribution.server";
import { enqueueWebhookEvent, leadEventData } from "~/features/webhooks/outbox.server";
import * as serverClock from "~/platform/clock.server";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { saoPauloDate } from "~/shared/dates";
import { normalizeText } from "~/shared/text";

import { LEAD_ORIGINS, type LeadOrigin } from "./origins";

export type LeadInput = {
  origem: LeadOrigin;
  nome: string;
  telefone: string;
  email: string;
  cidade?: string;
  perfil_trabalho?: string;
  area_atuacao?: string;
  satisfacao_area?: string;
  objetivo_carreira?: string;
  area_desejada?: string;
  curso_interesse?: string;
  polo?: string;
  consentimento_versao?: string;
  attribution?: Attribution | null;
};

function searchText(lead: Pick<LeadInput, "nome" | "email" | "telefone" | "cidade" | "curso_interesse" | "polo">) {
  const digits = lead.telefone.replace(/\D/g, "");
  return normalizeText(
    [lead.nome, lead.email, lead.telefone, digits, lead.cidade, lead.curso_interesse, lead.polo].filter(Boolean).join(" | "),
  );
}

/** Columns an insert sets and a repeated submission (same origin and e-mail) overwrites. */
const UPDATED_COLUMNS = [
  "origem",
  "nome",
  "telefone",
  "email",
  "cidade",
  "perfil_trabalho",
  "area_atuacao",
  "satisfacao_area",
  "objetivo_carreira",
  "area_desejada",
  "curso_interesse",
  "polo",
  "consentimento_em",
  "consentimento_versao",
  "busca",
] as const;
/** Columns only the first submission sets (its date and the visit's first-touch attribution). */
const INSERT_ONLY_COLUMNS = ["data_criacao", "criado_em", ...ATTRIBUTION_KEYS] as const;
type Column = (typeof UPDATED_COLUMNS)[number] | (typeof INSERT_ONLY_COLUMNS)[number] | "atualizado_em";

/**
 * The upsert as one prepared statement, built once: the lead path (campaign bursts) skips building
 * and preparing the SQL on every submission.
 */
let upsert: { get(values: Record<Column, string | null>): { id: number; tentativas: number } | undefined } | undefined;
function upsertStatement() {
  const placeholders = (columns: readonly Column[]) =>
    Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));
  upsert ??= db
    .insert(schema.leads)
    .values({
      ...placeholders([...UPDATED_COLUMNS, ...INSERT_ONLY_COLUMNS]),
      atualizado_em: sql.placeholder("atualizado_em"),
    } as never)
    .onConflictDoUpdate({
      target: [schema.leads.origem, schema.leads.email],
      // excluded.<column> is the value this submission tried to insert.
      set: {
        ...Object.fromEntries([...UPDATED_COLUMNS, "atualizado_em"].map((column) => [column, sql.raw(`excluded.${column}`)])),
        tentativas: sql`${schema.leads.tentativas} + 1`,
      },
    })
    .returning({ id: schema.leads.id, tentativas: schema.leads.tentativas })
    .prepare();
  return upsert;
}

/**
 * Saves a lead: inserts it, or, when this origin already has a lead with the same e-mail, updates
 * that row and counts the attempt. One transaction (the upsert and a new lead's webhook event),
 * committed before it returns, so the caller may acknowledge the visitor right after. Returns the lead id.
 */
export function saveLead(input: LeadInput, now: Date = serverClock.now()): number {
  return saveLeadTransaction(input, now);
}

/** better-sqlite3's transaction wrapper, built once (not per submission). */
const saveLeadTransaction = sqlite.transaction((input: LeadInput, now: Date) => saveLeadAndAnnounce(input, now));

/**
 * The upsert and, when it created the lead (first submission of this origin and e-mail), its
 * "lead.created" webhook event, its owner (distribution, decision 086: the history note, the
 * "lead.assigned" event and the owner's e-mail) and the person's confirmation e-mail (decision 100),
 * in one transaction.
 */
function saveLeadAndAnnounce(input: LeadInput, now: Date): number {
  const iso = now.toISOString();
  const email = input.email.trim().toLowerCase();
  const attribution = input.attribution ?? {};
  const values = {
    origem: input.origem,
    nome: input.nome.trim(),
    telefone: input.telefone.trim(),
    email,
    cidade: input.cidade?.trim() ?? "",
    perfil_trabalho: input.perfil_trabalho ?? "",
    area_atuacao: input.area_atuacao ?? "",
    satisfacao_area: input.satisfacao_area ?? "",
    objetivo_carreira: input.objetivo_carreira ?? "",
    area_desejada: input.area_desejada ?? "",
    curso_interesse: input.curso_interesse?.trim() ?? "",
    polo: input.polo?.trim() ?? "",
    consentimento_em: input.consentimento_versao ? iso : null,
    consentimento_versao: input.consentimento_versao ?? null,
    busca: searchText({ ...input, email }),
    data_criacao: saoPauloDate(now),
    criado_em: iso,
    atualizado_em: iso,
    utm_source: attribution.utm_source ?? null,
    utm_medium: attribution.utm_medium ?? null,
    utm_campaign: attribution.utm_campaign ?? null,
    utm_term: attribution.utm_term ?? null,
    utm_content: attribution.utm_content ?? null,
    referrer: attribution.referrer ?? null,
  };
  const row = upsertStatement().get(values);
  if (!row) throw new Error("saveLead: the upsert returned no row");
  if (row.tentativas === 1) {
    enqueueWebhookEvent("lead.created", leadEventData({ ...values, id: row.id }), now);
    const originLabel = LEAD_ORIGINS[input.origem] ?? input.origem;
    const assignment = assignNewLead({ ...values, id: row.id, originLabel }, now);
    // The person's confirmation (decision 100), naming the owner distribution just chose; the
    // vocational test's lead gets it too (one who stops before the result would get nothing else),
    // only with the e-mail consent. When it may not be sent, the lead's history says why.
    const refusal = confirmationRefusal(email, values.consentimento_versao, input.origem === "teste_vocacional");
    if (refusal) {
      db.insert(schema.leadNotes)
        .values({ leadId: row.id, text: refusal, author: CONFIRMATION_NOTE_AUTHOR, createdAt: iso })
        .run();
    } else {
      queueEnrolmentConfirmation(
        { id: row.id, nome: values.nome, email, request: originLabel, course: values.curso_interesse, polo: values.polo },
        assignment?.ownerEmail ?? null,
        now,
      );
    }
  }
  return row.id;
}
