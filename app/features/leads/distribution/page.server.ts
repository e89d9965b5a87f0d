import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";

import { activeCourses, activePolos } from "~/features/courses/courses.server";
import { resumeSummary, saveSummaryHour, summaryHour, summaryOptedOut } from "~/features/leads/daily-summary.server";
import { LEAD_ORIGINS } from "~/features/leads/origins";
import { pendingRequests } from "~/features/leads/owner-requests.server";
import { type BackWithToast, staffPagePost } from "~/features/staff/auth.server";
import * as serverClock from "~/platform/clock.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";

import {
  addRule,
  addTeamMember,
  availabilityList,
  createTeam,
  distributionActive,
  holidays,
  listRules,
  listTeams,
  removeRule,
  removeTeam,
  removeTeamMember,
  saveClockSettings,
  setAvailability,
  setDistributionActive,
  setTeamSharedLeads,
  targetMinutes,
  unassignedCount,
} from "./assign.server";
import {
  addMemberSchema,
  addRuleSchema,
  addTeamSchema,
  availabilitySchema,
  clockSchema,
  DISTRIBUTION_FORMS,
  DISTRIBUTION_INTENTS as I,
  DISTRIBUTION_MESSAGES as M,
  DISTRIBUTION_PATH,
  type DistributionAnswer,
  removeMemberSchema,
  removeRuleSchema,
  removeTeamSchema,
  RULE_FIELDS,
  shareLeadsSchema,
  summarySchema,
  switchSchema,
} from "./distribution";

/** The admins' "Distribuição" page (app/routes/leads/distribution.tsx): data and posts (decision 086). */
export function distributionPageData(viewer: { email: string }) {
  return {
    active: distributionActive(),
    summary: { hour: summaryHour(), optedOut: summaryOptedOut(viewer.email) },
    targetMinutes: targetMinutes(),
    holidays: holidays(),
    unassigned: unassignedCount(),
    // Requests for a colleague's lead waiting for the manager (decision 146): decided on the lead page.
    requests: pendingRequests(),
    availability: availabilityList().map((row) => ({
      ...row,
      awayUntilText: row.awayUntil ? formatDateTimeBr(row.awayUntil) : null,
    })),
    teams: listTeams(),
    rules: listRules().map((rule) => ({ ...rule, fieldLabel: RULE_FIELDS[rule.field] ?? rule.field })),
    ruleValues: {
      polo: activePolos().map((polo) => polo.location),
      area: [...new Set(activeCourses().map((course) => course.area))],
      origem: Object.entries(LEAD_ORIGINS).map(([value, label]) => ({ value, label })),
    },
  };
}

/** What this module reads of a conform submission, whatever its schema. */
type Submission = {
  error?: Record<string, string[] | null> | null;
  reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
};

/** A refused form: 400 with conform's reply (the messages next to its fields, what was typed kept). */
function refuseForm(form: string, submission: Submission, fieldErrors?: Record<string, string[]>) {
  const answer: DistributionAnswer = { form, result: submission.reply(fieldErrors ? { fieldErrors } : undefined) };
  return privateData(answer, { status: 400 });
}

/** A refusal about the page rather than a field (a row gone, an unknown button): the message on top. */
function refusePage(message: string, status = 404) {
  const answer: DistributionAnswer = { page: message };
  return privateData(answer, { status });
}

/** The message about a hidden row field (the row the form acts on), if the post got one wrong. */
function rowError(submission: Submission, fields: string[]): string | undefined {
  return fields.map((field) => submission.error?.[field]?.[0]).find(Boolean);
}

type Admin = { email: string };

function switchAction(formData: FormData, admin: Admin, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: switchSchema });
  if (submission.status !== "success") return refusePage(M.unknown, 400);
  const on = submission.value.ativa;
  setDistributionActive(on);
  console.info(`admin ${admin.email}: distribution ${on ? "on" : "off"}`);
  return back(on ? "Distribuição automática ligada" : "Distribuição automática desligada");
}

function clockAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: clockSchema });
  if (submission.status !== "success") return refuseForm(DISTRIBUTION_FORMS.clock, submission);
  const { prazo, feriados } = submission.value;
  saveClockSettings(prazo, feriados);
  return back("Prazo salvo", `Primeiro contato em até ${prazo} min úteis.`);
}

function summaryAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: summarySchema });
  if (submission.status !== "success") return refuseForm(DISTRIBUTION_FORMS.summary, submission);
  const { hora } = submission.value;
  saveSummaryHour(hora);
  return hora === null
    ? back("Resumo diário desligado")
    : back("Resumo diário salvo", `Enviado todo dia às ${hora} h (horário de São Paulo).`);
}

function summaryResumeAction(admin: Admin, back: BackWithToast) {
  resumeSummary(admin.email);
  return back("Você voltará a receber o resumo diário");
}

function availabilityAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: availabilitySchema(serverClock.nowMs()) });
  const gone = rowError(submission, ["usuario"]);
  if (gone) return refusePage(gone);
  if (submission.status !== "success") {
    return refuseForm(DISTRIBUTION_FORMS.availability(String(formData.get("usuario"))), submission);
  }
  const { usuario, estado: away, ausente_ate: until } = submission.value;
  if (!setAvailability(usuario, away, away ? until : null)) return refusePage(M.member);
  return back(away ? "Marcado como ausente" : "Marcado como disponível");
}

function shareLeadsAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: shareLeadsSchema });
  if (submission.status !== "success" || !setTeamSharedLeads(submission.value.equipe, submission.value.compartilhar)) {
    return refusePage(M.gone);
  }
  return submission.value.compartilhar
    ? back("Leads abertos à equipe", "Cada membro vê os leads de todos os membros da equipe.")
    : back("Leads fechados", "Cada membro vê só os seus leads e os sem responsável.");
}

function addTeamAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: addTeamSchema });
  if (submission.status !== "success") return refuseForm(DISTRIBUTION_FORMS.addTeam, submission);
  const { nome } = submission.value;
  if (!createTeam(nome)) return refuseForm(DISTRIBUTION_FORMS.addTeam, submission, { nome: [M.teamTaken] });
  return back("Equipe criada", nome);
}

function removeTeamAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: removeTeamSchema });
  if (submission.status !== "success" || !removeTeam(submission.value.equipe)) return refusePage(M.gone);
  return back("Equipe removida", "As regras que apontavam para ela também foram removidas.");
}

function addMemberAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: addMemberSchema });
  const gone = rowError(submission, ["equipe"]);
  if (gone) return refusePage(gone);
  const form = DISTRIBUTION_FORMS.addMember(String(formData.get("equipe")));
  if (submission.status !== "success") return refuseForm(form, submission);
  const { equipe, usuario } = submission.value;
  if (!addTeamMember(equipe, usuario)) return refuseForm(form, submission, { usuario: [M.member] });
  return back("Membro adicionado");
}

function removeMemberAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: removeMemberSchema });
  if (submission.status !== "success" || !removeTeamMember(submission.value.equipe, submission.value.usuario)) {
    return refusePage(M.gone);
  }
  return back("Membro removido");
}

function addRuleAction(formData: FormData, admin: Admin, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: addRuleSchema });
  if (submission.status !== "success") return refuseForm(DISTRIBUTION_FORMS.addRule, submission);
  const { nome, campo, valor, equipe } = submission.value;
  if (!addRule({ name: nome, field: campo, value: valor, teamId: equipe }, admin.email)) {
    return refuseForm(DISTRIBUTION_FORMS.addRule, submission, { equipe: [M.ruleTeam] });
  }
  return back("Regra criada", nome);
}

function removeRuleAction(formData: FormData, back: BackWithToast) {
  const submission = parseWithZod(formData, { schema: removeRuleSchema });
  if (submission.status !== "success" || !removeRule(submission.value.regra)) return refusePage(M.gone);
  return back("Regra removida");
}

/**
 * The page's posts by `intent`, each parsed with its form's schema (app/lib/leads/distribution.ts)
 * and then the named change. Admin only; a refused field's message is next to it (400), a row that
 * is gone is said on top of the page (404).
 */
export async function distributionAction(request: Request) {
  const { staff: admin, formData, intent, back } = await staffPagePost(request, "distribution", DISTRIBUTION_PATH);
  switch (intent) {
    case I.switch:
      return switchAction(formData, admin, back);
    case I.clock:
      return clockAction(formData, back);
    case I.summary:
      return summaryAction(formData, back);
    case I.summaryResume:
      return summaryResumeAction(admin, back);
    case I.availability:
      return availabilityAction(formData, back);
    case I.addTeam:
      return addTeamAction(formData, back);
    case I.removeTeam:
      return removeTeamAction(formData, back);
    case I.shareLeads:
      return shareLeadsAction(formData, back);
    case I.addMember:
      return addMemberAction(formData, back);
    case I.removeMember:
      return removeMemberAction(formData, back);
    case I.addRule:
      return addRuleAction(formData, admin, back);
    case I.removeRule:
      return removeRuleAction(formData, back);
    default:
      return refusePage(M.unknown, 400);
  }
}
