import { BRAZILIAN_STATES, type StateCode } from "~/features/courses/content";
import { AREA_SLUGS, type Course, COURSE_AREAS, type CourseArea, DEFAULT_AREA } from "~/features/courses/course-areas.seed";
import type { Polo } from "~/features/polos/polos.seed";
import { includesText, normalizeText } from "~/shared/text";

/** Longest search term we look at; anything longer is cut (a search box, not a text field). */
export const MAX_TERM_LENGTH = 80;

/** The term as typed, trimmed, inner whitespace collapsed and length-capped. */
export function cleanTerm(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_TERM_LENGTH);
}

/**
 * The words visitors use for a format, mapped to the decree's names (Decreto 12.456/2025):
 * "híbrido" is Semipresencial, "online" and "a distância" are EAD. Compared without accents or case.
 */
const FORMAT_WORDS: ReadonlyArray<readonly [string, Course["modality"]]> = [
  ["hibrido", "Semipresencial"],
  ["hibrida", "Semipresencial"],
  ["semi presencial", "Semipresencial"],
  ["online", "EAD"],
  ["on-line", "EAD"],
  ["on line", "EAD"],
  ["distancia", "EAD"],
  ["remoto", "EAD"],
];

/** The formats a term names in visitors' words ("curso híbrido" → Semipresencial). */
export function formatsInTerm(term: string): Array<Course["modality"]> {
  const text = normalizeText(term);
  return [...new Set(FORMAT_WORDS.filter(([word]) => text.includes(word)).map(([, format]) => format))];
}

/**
 * Case-insensitive substring on name, area, format or level ("pós", "técnico"); also
 * accent-insensitive ('educacao fisica' finds 'Educação Física', 'saude' the Saúde courses); a
 * format in visitors' words finds that format's courses ('híbrido' the Semipresencial ones).
 * An empty term gives the featured courses (see `featuredCourses`).
 */
export function searchCourses(list: readonly Course[], term: string): Course[] {
  const cleaned = cleanTerm(term);
  if (!cleaned) return featuredCourses(list);
  const formats = formatsInTerm(cleaned);
  return list.filter(
    (c) =>
      formats.includes(c.modality) ||
      includesText(c.name, cleaned) ||
      includesText(c.area, cleaned) ||
      includesText(c.modality, cleaned) ||
      includesText(c.level ?? "", cleaned),
  );
}

export function isEducacaoFisica(course: Pick<Course, "name">): boolean {
  return normalizeText(course.name).includes("educacao fisica");
}

/** Educação Física courses first, then the other featured courses, in catalogue order. */
export function featuredCourses(list: readonly Course[]): Course[] {
  const ef = list.filter(isEducacaoFisica);
  const others = list.filter((c) => c.featured && !isEducacaoFisica(c));
  return [...ef, ...others];
}

export function coursesInArea(list: readonly Course[], area: CourseArea): Course[] {
  return list.filter((c) => c.area === area);
}

/**
 * The area tab from the query string: accepts the slug ('saude', 'direito-seguranca') or the name
 * with or without accents ('Saúde', 'saude'); anything else gives the default tab, 'Educação'.
 */
export function parseArea(value: string | null | undefined): CourseArea {
  if (!value) return DEFAULT_AREA;
  const wanted = normalizeText(value);
  return COURSE_AREAS.find((a) => AREA_SLUGS[a] === wanted || normalizeText(a) === wanted) ?? DEFAULT_AREA;
}

/** Case- (and accent-) insensitive substring on the location only. */
export function searchPolos(list: readonly Polo[], term: string): Polo[] {
  const cleaned = cleanTerm(term);
  if (!cleaned) return [...list];
  return list.filter((p) => includesText(p.location, cleaned) || includesText(stateNameOf(p.location), cleaned));
}

/** The state's name of a polo shown as "Curitiba - Centro - PR" ("Paraná"), or "" without a known code. */
function stateNameOf(location: string): string {
  const code = / - ([A-Z]{2})$/.exec(location)?.[1];
  return code && Object.hasOwn(BRAZILIAN_STATES, code) ? BRAZILIAN_STATES[code as StateCode] : "";
}

/** The first `pageSize` polos, or all of them; `hidden` says how many 'Ver todos os polos' reveals. */
export function pagePolos<T>(list: readonly T[], showAll: boolean, pageSize = 12) {
  const visible = showAll ? [...list] : list.slice(0, pageSize);
  return { visible, total: list.length, hidden: list.length - visible.length };
}
