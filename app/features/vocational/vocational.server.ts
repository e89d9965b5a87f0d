import { and, eq, inArray } from "drizzle-orm";
import { redirect, type Session } from "react-router";

import { runningCampaignEnd } from "~/features/campaign/campaign.server";
import { queueVocationalResult } from "~/features/email/person-emails.server";
import type { Attribution } from "~/features/leads/forms/attribution.server";
import { rememberAttribution } from "~/features/leads/forms/attribution.server";
import { saveLead } from "~/features/leads/save.server";
import { type Answers, answersJson, decodeAnswers, encodeAnswers, isComplete } from "~/features/vocational/answers";
import type { VocationalLead } from "~/features/vocational/lead-schema";
import { VOCATIONAL_PATHS } from "~/features/vocational/paths";
import { dominantLetter, LETTER_PROFILE, type ScoredProfile, scoreProfile, tallyAnswers } from "~/features/vocational/scoring";
import { VOCATIONAL_CONSENT } from "~/features/vocational/vocational-form.seed";
import * as serverClock from "~/platform/clock.server";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { commitVisitor, getVisitorSession } from "~/platform/session.server";
import { takeToast } from "~/platform/toast.server";

/**
 * The vocational test on the server: the visitor's progress in the cookie session (never in the
 * browser's storage) and the lead row in SQLite.
 */

export { VOCATIONAL_PATHS };

/** Countdown of the result pages: 24 h, started on the first visit, then the same deadline on every visit. */
export const COUNTDOWN_MS = 24 * 60 * 60 * 1000;
/** How many submissions of this session the log remembers. */
const MAX_SUBMISSIONS = 20;
const NAME_MAX = 80;

const STATE_KEY = "teste";

/** What the session remembers of the test. Small on purpose: the whole cookie stays well under 4 KB. */
export type TestState = {
  leadId: number | null;
  /** The visitor's name, to greet them and draw the graduation picture. */
  nome: string;
  answers: Answers;
  /** Result profile once the test was completed. */
  perfil: ScoredProfile | null;
  /** Countdown end (epoch ms), created on the first result-page visit. */
  prazo: number | null;
  /** Lead ids this session submitted, newest last (for /teste-vocacional/submissoes). */
  envios: number[];
};

type StoredState = { l?: unknown; n?: unknown; a?: unknown; p?: unknown; c?: unknown; e?: unknown };

const PROFILES = new Set<string>(Object.values(LETTER_PROFILE));

export function readTestState(session: Session): TestState {
  const raw = session.get(STATE_KEY) as StoredState | undefined;
  const stored: StoredState = raw && typeof raw === "object" ? raw : {};
  const leadId = typeof stored.l === "number" && Number.isInteger(stored.l) && stored.l > 0 ? stored.l : null;
  return {
    leadId,
    nome: typeof stored.n === "string" ? stored.n.slice(0, NAME_MAX) : "",
    answers: decodeAnswers(stored.a),
    perfil: typeof stored.p === "string" && PROFILES.has(stored.p) ? (stored.p as ScoredProfile) : null,
    prazo: typeof stored.c === "number" && Number.isFinite(stored.c) ? stored.c : null,
    envios: Array.isArray(stored.e) ? stored.e.filter((id): id is number => Number.isInteger(id) && id > 0) : [],
  };
}

export function writeTestState(session: Session, state: TestState) {
  const stored: StoredState = {
    l: state.leadId ?? undefined,
    n: state.nome.slice(0, NAME_MAX),
    a: encodeAnswers(state.answers),
    p: state.perfil ?? undefined,
    c: state.prazo ?? undefined,
    e: state.envios.slice(-MAX_SUBMISSIONS),
  };
  session.set(STATE_KEY, stored);
}

/** The session and its test state, or a redirect to the lead form when no lead was captured yet. */
export async function requireTestLead(request: Request) {
  const session = await getVisitorSession(request);
  const state = readTestState(session);
  if (state.leadId === null) throw redirect(VOCATIONAL_PATHS.form);
  return { session, state };
}

/** As requireTestLead, and the 20 answers must be there (else: lead form, as the spec says). */
export async function requireCompletedTest(request: Request, missingAnswersTo: string = VOCATIONAL_PATHS.form) {
  const { session, state } = await requireTestLead(request);
  if (!isComplete(state.answers)) throw redirect(missingAnswersTo);
  return { session, state };
}

/**
 * Commits the visitor session from a loader. The root loader reads the same request and may commit
 * its own copy (a flash toast taken, the landing attribution); the route's cookie is sent last and
 * wins, so it must carry those changes too.
 */
export async function commitFromLoader(request: Request, session: Session): Promise<string> {
  takeToast(session);
  rememberAttribution(request, session);
  return commitVisitor(session);
}

/** First name, for greetings ('Maria da Silva' → 'Maria'). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/**
 * Saves the lead of the test form (origin 'teste_vocacional'; the same e-mail updates its row and
 * counts the attempt) with the consent version the visitor saw and the visit's attribution.
 */
export function saveVocationalLead(
  lead: VocationalLead,
  options: { attribution?: Attribution | null; now?: Date; consentVersion?: string } = {},
): number {
  return saveLead(
    {
      origem: "teste_vocacional",
      nome: lead.fullName,
      telefone: lead.phone,
      email: lead.email,
      cidade: "",
      perfil_trabalho: lead.workStatus,
      area_atuacao: lead.workArea,
      satisfacao_area: lead.workSatisfaction,
      objetivo_carreira: lead.careerGoal,
      area_desejada: lead.desiredArea,
      consentimento_versao: options.consentVersion ?? VOCATIONAL_CONSENT.version,
      attribution: options.attribution ?? null,
    },
    options.now,
  );
}

/** Starts (or restarts) the test for a just-saved lead: fresh answers, the lead remembered in the log. */
export function startTest(state: TestState, leadId: number, nome: string): TestState {
  return {
    ...state,
    leadId,
    nome: nome.trim().slice(0, NAME_MAX),
    answers: {},
    perfil: null,
    envios: [...state.envios.filter((id) => id !== leadId), leadId],
  };
}

/**
 * Writes a completed test to the lead row: the answers as JSON, the result profile and when.
 * Returns the profile, or null when the answers have no valid letter.
 */
export function saveTestResult(leadId: number, answers: Answers, now: Date = serverClock.now()): ScoredProfile | null {
  const perfil = scoreProfile(answers);
  if (!perfil) return null;
  saveResultTransaction(leadId, answers, perfil, now);
  return perfil;
}

/** The result and its e-mail to the person (decision 100) in one transaction: both or neither. */
const saveResultTransaction = sqlite.transaction((leadId: number, answers: Answers, perfil: ScoredProfile, now: Date) => {
  const changed = db
    .update(schema.leads)
    .set({
      respostas: answersJson(answers),
      perfil_resultado: perfil,
      teste_concluido_em: now.toISOString(),
      atualizado_em: now.toISOString(),
    })
    .where(and(eq(schema.leads.id, leadId), eq(schema.leads.origem, "teste_vocacional")))
    .run().changes;
  if (changed > 0) queueVocationalResult(leadId, now);
});

/** The countdown end: the stored one, or now + 24 h (returns whether the state changed). */
export function ensureCountdown(state: TestState, now: number = Date.now()): { state: TestState; created: boolean } {
  if (state.prazo !== null) return { state, created: false };
  return { state: { ...state, prazo: now + COUNTDOWN_MS }, created: true };
}

/** The lead rows this session submitted, newest first. */
export function submissionsOf(ids: number[]) {
  if (ids.length === 0) return [];
  const rows = db
    .select({
      id: schema.leads.id,
      nome: schema.leads.nome,
      telefone: schema.leads.telefone,
      email: schema.leads.email,
      perfil_trabalho: schema.leads.perfil_trabalho,
      area_atuacao: schema.leads.area_atuacao,
      satisfacao_area: schema.leads.satisfacao_area,
      objetivo_carreira: schema.leads.objetivo_carreira,
      area_desejada: schema.leads.area_desejada,
      perfil_resultado: schema.leads.perfil_resultado,
      atualizado_em: schema.leads.atualizado_em,
    })
    .from(schema.leads)
    .where(and(inArray(schema.leads.id, ids), eq(schema.leads.origem, "teste_vocacional")))
    .all();
  return rows.sort((a, b) => b.atualizado_em.localeCompare(a.atualizado_em));
}

/** The vocational-test lead with this id (to prefill the form on a retake), or undefined. */
export function vocationalLead(id: number) {
  return db
    .select()
    .from(schema.leads)
    .where(and(eq(schema.leads.id, id), eq(schema.leads.origem, "teste_vocacional")))
    .get();
}

/**
 * Everything a result page needs from the session: the visitor's name, the answers' tally and the
 * 24 h countdown (created on the first result-page visit, then reused). Redirects to the lead
 * form without a lead or without the 20 answers.
 */
export async function loadResultState(request: Request, now: number = Date.now()) {
  const { session, state } = await requireCompletedTest(request);
  const countdown = ensureCountdown(state, now);
  let headers: HeadersInit | undefined;
  if (countdown.created) {
    writeTestState(session, countdown.state);
    headers = { "Set-Cookie": await commitFromLoader(request, session) };
  }
  const letter = dominantLetter(state.answers)!;
  return {
    headers,
    view: {
      nome: firstName(state.nome),
      tally: tallyAnswers(state.answers),
      letter,
      perfil: state.perfil ?? LETTER_PROFILE[letter],
      // No personal timer (decision 081): the countdown is the running campaign's real end, or none.
      countdownEnd: runningCampaignEnd(new Date(now)),
      now,
    },
  };
}
