import { data } from "react-router";

import { PRIVATE_PAGE_HEADERS } from "~/lib/cache-headers";
import { formatDateTimeBr } from "~/lib/dates";
import { parseHolidays } from "~/lib/leads/business-hours";
import { DISTRIBUTION_INTENTS } from "~/lib/leads/distribution";

import { activeCourses, activePolos } from "../content/courses.server";
import * as serverClock from "../platform/clock.server";
import { readFormData } from "../platform/form-data.server";
import { redirectWithToast } from "../platform/toast.server";
import { requirePermission } from "../staff/auth.server";
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
  RULE_FIELDS,
  type RuleField,
  saveClockSettings,
  setAvailability,
  setDistributionActive,
  targetMinutes,
  unassignedCount,
} from "./distribution.server";
import { LEAD_ORIGINS } from "./save.server";

/** The admins' "Distribuição" page (app/routes/leads/distribution.tsx): data and posts (decision 086). */
export const DISTRIBUTION_PATH = "/admin/distribuicao";

export const MESSAGES = {
  target: "Informe o prazo em minutos: um número inteiro de 1 a 1440.",
  teamName: "Informe o nome da equipe (até 60 caracteres).",
  teamTaken: "Já existe uma equipe com esse nome.",
  ruleName: "Informe o nome da regra (até 80 caracteres).",
  ruleField: "Escolha o que a regra compara.",
  ruleValue: "Escolha ou informe o valor que a regra compara.",
  ruleTeam: "Escolha a equipe que recebe os leads desta regra.",
  member: "Escolha um usuário comercial.",
  awayUntil: "Informe uma data e hora futuras, ou deixe em branco.",
  gone: "Este item não existe mais. Recarregue a página.",
  unknown: "Ação desconhecida. Recarregue a página e tente novamente.",
} as const;

export function distributionPageData() {
  return {
    active: distributionActive(),
    targetMinutes: targetMinutes(),
    holidays: holidays(),
    unassigned: unassignedCount(),
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

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function id(formData: FormData, name: string): number | null {
  const value = text(formData, name);
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** "2026-11-25T18:30" typed in São Paulo time (a datetime-local field) as an instant. */
function saoPauloLocal(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00-03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

type FieldErrors = Record<string, string>;

function refused(form: string, fieldErrors: FieldErrors, status = 400) {
  return data({ form, fieldErrors }, { status, headers: PRIVATE_PAGE_HEADERS });
}

/** The page's posts by `intent`. Admin only; every refusal names its field. */
export async function distributionAction(request: Request) {
  const admin = await requirePermission(request, "distribution");
  const formData = await readFormData(request);
  const intent = text(formData, "intent");
  const back = (title: string, description?: string) =>
    redirectWithToast(request, DISTRIBUTION_PATH, { title, description }, { headers: PRIVATE_PAGE_HEADERS });

  switch (intent) {
    case DISTRIBUTION_INTENTS.switch: {
      const on = text(formData, "ativa") === "1";
      setDistributionActive(on);
      console.info(`admin ${admin.email}: distribution ${on ? "on" : "off"}`);
      return back(on ? "Distribuição automática ligada" : "Distribuição automática desligada");
    }
    case DISTRIBUTION_INTENTS.clock: {
      const minutes = text(formData, "prazo");
      const errors: FieldErrors = {};
      if (!/^\d{1,4}$/.test(minutes) || Number(minutes) < 1 || Number(minutes) > 1440) errors.prazo = MESSAGES.target;
      const parsed = parseHolidays(text(formData, "feriados"));
      if (!parsed.ok) errors.feriados = parsed.error;
      if (Object.keys(errors).length || !parsed.ok) return refused("prazo", errors);
      saveClockSettings(Number(minutes), parsed.dates);
      return back("Prazo salvo", `Primeiro contato em até ${Number(minutes)} min úteis.`);
    }
    case DISTRIBUTION_INTENTS.availability: {
      const user = id(formData, "usuario");
      if (user === null) return refused("disponibilidade", { usuario: MESSAGES.member }, 404);
      const away = text(formData, "estado") === "ausente";
      const untilText = text(formData, "ausente_ate");
      const until = untilText ? saoPauloLocal(untilText) : null;
      if (away && untilText && (!until || until.getTime() <= serverClock.nowMs())) {
        return refused(`disponibilidade-${user}`, { ausente_ate: MESSAGES.awayUntil });
      }
      if (!setAvailability(user, away, until)) return refused("disponibilidade", { usuario: MESSAGES.member }, 404);
      return back(away ? "Marcado como ausente" : "Marcado como disponível");
    }
    case DISTRIBUTION_INTENTS.addTeam: {
      const name = text(formData, "nome");
      if (!name || name.length > 60) return refused("equipe", { nome: MESSAGES.teamName });
      if (!createTeam(name)) return refused("equipe", { nome: MESSAGES.teamTaken });
      return back("Equipe criada", name);
    }
    case DISTRIBUTION_INTENTS.removeTeam: {
      const team = id(formData, "equipe");
      if (team === null || !removeTeam(team)) return refused("equipes", { equipe: MESSAGES.gone }, 404);
      return back("Equipe removida", "As regras que apontavam para ela também foram removidas.");
    }
    case DISTRIBUTION_INTENTS.addMember: {
      const team = id(formData, "equipe");
      const user = id(formData, "usuario");
      if (team === null) return refused("equipes", { equipe: MESSAGES.gone }, 404);
      if (user === null || !addTeamMember(team, user)) return refused(`membro-${team}`, { usuario: MESSAGES.member });
      return back("Membro adicionado");
    }
    case DISTRIBUTION_INTENTS.removeMember: {
      const team = id(formData, "equipe");
      const user = id(formData, "usuario");
      if (team === null || user === null || !removeTeamMember(team, user))
        return refused("equipes", { equipe: MESSAGES.gone }, 404);
      return back("Membro removido");
    }
    case DISTRIBUTION_INTENTS.addRule: {
      const name = text(formData, "nome");
      const field = text(formData, "campo");
      const value = text(formData, "valor");
      const team = id(formData, "equipe");
      const errors: FieldErrors = {};
      if (!name || name.length > 80) errors.nome = MESSAGES.ruleName;
      if (!Object.hasOwn(RULE_FIELDS, field)) errors.campo = MESSAGES.ruleField;
      if (!value || value.length > 120) errors.valor = MESSAGES.ruleValue;
      if (team === null) errors.equipe = MESSAGES.ruleTeam;
      if (Object.keys(errors).length || team === null) return refused("regra", errors);
      if (!addRule({ name, field: field as RuleField, value, teamId: team }, admin.email)) {
        return refused("regra", { equipe: MESSAGES.ruleTeam });
      }
      return back("Regra criada", name);
    }
    case DISTRIBUTION_INTENTS.removeRule: {
      const rule = id(formData, "regra");
      if (rule === null || !removeRule(rule)) return refused("regras", { regra: MESSAGES.gone }, 404);
      return back("Regra removida");
    }
    default:
      return refused("pagina", { intent: MESSAGES.unknown });
  }
}
