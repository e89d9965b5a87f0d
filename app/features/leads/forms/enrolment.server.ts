import { BRAZILIAN_STATES, type StateCode } from "~/features/courses/content";
import { COURSE_AREAS } from "~/features/courses/course-areas.seed";
import { activeCourses, activePolos } from "~/features/courses/courses.server";
import {
  CONSENT_VERSION,
  type EnrolmentChoices,
  type EnrolmentInput,
  type EnrolmentOrigin,
} from "~/features/leads/forms/enrolment";

import { saveLead } from "../save.server";
import type { Attribution } from "./attribution.server";

/** A <select>'s options in groups (<optgroup>). */
export type OptionGroup = { label: string; options: string[] };

const byName = (a: string, b: string) => a.localeCompare(b, "pt-BR");

/** Courses of the catalogue by area (in the catalogue's area order), names alphabetical. */
export function courseGroups(): OptionGroup[] {
  const courses = activeCourses();
  return COURSE_AREAS.map((area) => ({
    label: area,
    options: [...new Set(courses.filter((c) => c.area === area).map((c) => c.name))].sort(byName),
  })).filter((group) => group.options.length > 0);
}

/** Study centres by state (from the location's UF suffix), in the content file's order. */
export function poloGroups(): OptionGroup[] {
  const groups = new Map<string, string[]>();
  for (const polo of activePolos()) {
    const uf =
      polo.location
        .split(/\s*-\s*/)
        .at(-1)
        ?.trim()
        .toUpperCase() ?? "";
    const label = BRAZILIAN_STATES[uf as StateCode] ?? "Outros";
    groups.set(label, [...(groups.get(label) ?? []), polo.location]);
  }
  return [...groups].map(([label, options]) => ({ label, options }));
}

/** The values the enrolment form accepts for course and study centre. */
export function enrolmentChoices(): EnrolmentChoices {
  return {
    courses: [...new Set(activeCourses().map((c) => c.name))],
    polos: activePolos().map((p) => p.location),
  };
}

/** Stores the enrolment as a lead (same origin + e-mail updates the earlier one). Returns its id. */
export function saveEnrolment(input: EnrolmentInput, attribution: Attribution | null): number {
  return saveLead({
    origem: input.origem,
    nome: input.nome,
    telefone: input.telefone,
    email: input.email,
    cidade: input.cidade,
    // 'Ainda não decidi' / 'Ainda não sei' are stored as chosen: a consultant helps with those.
    curso_interesse: input.curso,
    polo: input.polo,
    consentimento_versao: CONSENT_VERSION,
    attribution,
  });
}

/** Where a stored enrolment goes (POST → 303 → GET): the thank-you state of the same form. */
export function thankYouUrl(origin: EnrolmentOrigin, embedded: boolean): string {
  const params = new URLSearchParams({ enviado: "1", tipo: origin });
  if (embedded) params.set("embed", "1");
  return `/inscricao?${params}`;
}
