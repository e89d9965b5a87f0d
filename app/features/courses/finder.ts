import { includesText } from "~/shared/text";

/**
 * The guided course finder of /curso-id (and of the assistant sheet when no assistant is
 * configured): three questions (area, modality, duration), each answerable with 'qualquer', then
 * the matching courses. Pure functions over any course list, so they are unit-tested on their own.
 */

/** The answer meaning 'any' (Tanto faz). */
export const ANY = "qualquer";

/** The formats of Decreto 12.456/2025 (decision 083). */
export const FINDER_MODALITIES = ["Presencial", "Semipresencial", "EAD"] as const;

/** Duration buckets over the catalogue's durations (2, 2.5, 3, 4, 5 years). */
export const DURATION_BUCKETS = [
  { value: "ate-2-5", label: "Até 2,5 anos", hint: "Cursos mais rápidos, como os tecnólogos", min: 0, max: 2.5 },
  { value: "3-a-4", label: "De 3 a 4 anos", hint: "Licenciaturas e a maioria dos bacharelados", min: 3, max: 4 },
  { value: "5", label: "5 anos", hint: "Formações longas, como Engenharia, Direito e Saúde", min: 5, max: Infinity },
] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number]["value"];

export type FinderCourse = { name: string; area: string; modality: string; duration: string };

export type FinderAnswers = {
  area?: string;
  modalidade?: string;
  duracao?: string;
};

export type FinderStep = "area" | "modalidade" | "duracao" | "resultado";

/** '2.5 anos' → 2.5; '4 anos' → 4; unreadable → NaN. */
export function durationYears(duration: string): number {
  const match = duration.replace(",", ".").match(/\d+(\.\d+)?/);
  return match ? Number(match[0]) : Number.NaN;
}

export function durationBucketOf(duration: string): DurationBucket | undefined {
  const years = durationYears(duration);
  return DURATION_BUCKETS.find((b) => years >= b.min && years <= b.max)?.value;
}

/**
 * Reads the answers from a query string, keeping only values the finder knows (an unknown or
 * tampered value counts as unanswered, so the visitor is asked again instead of seeing nothing).
 */
export function parseFinderAnswers(params: URLSearchParams, areas: readonly string[]): FinderAnswers {
  const pick = (name: string, allowed: readonly string[]) => {
    const value = params.get(name)?.trim();
    if (!value) return undefined;
    if (value === ANY) return ANY;
    return allowed.find((a) => a === value) ?? allowed.find((a) => includesText(a, value) && includesText(value, a));
  };
  const answers: FinderAnswers = {};
  const area = pick("area", areas);
  const modalidade = pick("modalidade", FINDER_MODALITIES);
  const duracao = pick(
    "duracao",
    DURATION_BUCKETS.map((b) => b.value),
  );
  if (area) answers.area = area;
  if (modalidade) answers.modalidade = modalidade;
  if (duracao) answers.duracao = duracao;
  return answers;
}

/** The next question to ask, or 'resultado' once the three are answered. */
export function finderStep(answers: FinderAnswers): FinderStep {
  if (!answers.area) return "area";
  if (!answers.modalidade) return "modalidade";
  if (!answers.duracao) return "duracao";
  return "resultado";
}

/** The courses matching every given answer ('qualquer' and missing answers match all). */
export function filterCourses<C extends FinderCourse>(courses: readonly C[], answers: FinderAnswers): C[] {
  return courses.filter(
    (course) =>
      (!answers.area || answers.area === ANY || course.area === answers.area) &&
      (!answers.modalidade || answers.modalidade === ANY || course.modality === answers.modalidade) &&
      (!answers.duracao || answers.duracao === ANY || durationBucketOf(course.duration) === answers.duracao),
  );
}

export type FinderOption = { value: string; label: string; hint?: string; count: number };

/**
 * The options of a question with how many courses each leads to, given the earlier answers
 * (later answers are ignored). Options with no course are left out, so every path ends in
 * at least one course; 'qualquer' comes last.
 */
export function finderOptions(
  courses: readonly FinderCourse[],
  answers: FinderAnswers,
  question: Exclude<FinderStep, "resultado">,
  areas: readonly string[],
): FinderOption[] {
  const before: FinderAnswers =
    question === "area"
      ? {}
      : question === "modalidade"
        ? { area: answers.area }
        : { area: answers.area, modalidade: answers.modalidade };
  const pool = filterCourses(courses, before);
  const options: FinderOption[] =
    question === "area"
      ? areas.map((area) => ({ value: area, label: area, count: pool.filter((c) => c.area === area).length }))
      : question === "modalidade"
        ? FINDER_MODALITIES.map((m) => ({ value: m, label: m, count: pool.filter((c) => c.modality === m).length }))
        : DURATION_BUCKETS.map((b) => ({
            value: b.value,
            label: b.label,
            hint: b.hint,
            count: pool.filter((c) => durationBucketOf(c.duration) === b.value).length,
          }));
  return [...options.filter((o) => o.count > 0), { value: ANY, label: "Tanto faz", count: pool.length }];
}

/** A human label for an answer, for the summary ('Área: Saúde · Modalidade: tanto faz'). */
export function answerLabel(question: Exclude<FinderStep, "resultado">, value: string | undefined): string {
  if (!value || value === ANY) return "Tanto faz";
  if (question === "duracao") return DURATION_BUCKETS.find((b) => b.value === value)?.label ?? value;
  return value;
}

/** The /curso-id URL for a set of answers (in question order, empty ones left out). */
export function finderHref(answers: FinderAnswers): string {
  const params = new URLSearchParams();
  if (answers.area) params.set("area", answers.area);
  if (answers.modalidade) params.set("modalidade", answers.modalidade);
  if (answers.duracao) params.set("duracao", answers.duracao);
  const query = params.toString();
  return query ? `/curso-id?${query}` : "/curso-id";
}

/**
 * One card per course a visitor can tell apart: the catalogue lists Publicidade e Propaganda in two
 * areas (same name, same page), which would otherwise show twice when the area is 'qualquer'.
 */
export function uniqueCourses<C extends { name: string; url: string }>(courses: readonly C[]): C[] {
  const seen = new Set<string>();
  return courses.filter((c) => {
    const key = `${c.url}|${c.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
