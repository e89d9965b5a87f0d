import { z } from "zod";

import { isoDate, optionalText } from "~/features/studio/fields";

/**
 * A course's "condições de oferta" as the MEC asks every institution to publish them (Portaria
 * Normativa MEC 23/2017, art. 99; decision 084): level, act of authorization or recognition with its
 * DOU date, the latest evaluation, coordinator, workload, curriculum per period, readjustment rule
 * and the polos that offer it. Kept apart from the course's other fields; the seed leaves every
 * legal value empty (never invented) and the studio's overview says what is missing.
 */

export const COURSE_LEVELS = ["Graduação", "Pós-graduação", "Técnico", "Profissionalizante"] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** The level's address fragment (/busca filters, sitemap). */
export const LEVEL_SLUGS: Record<CourseLevel, string> = {
  Graduação: "graduacao",
  "Pós-graduação": "pos-graduacao",
  Técnico: "tecnico",
  Profissionalizante: "profissionalizante",
};

export const ACT_TYPES = ["Autorização", "Reconhecimento", "Renovação de reconhecimento"] as const;
export const EVALUATION_KINDS = ["CC", "CPC", "ENADE"] as const;

export const ACT_NUMBER_MESSAGE = "Número do ato inválido - ex.: Portaria nº 1.234 ou 1234";
export const DOU_DATE_MESSAGE = "Data do DOU inválida - use o formato DD/MM/AAAA";
export const GRADE_MESSAGE = "Conceito inválido - de 1 a 5";
export const YEAR_MESSAGE = "Ano inválido - ex.: 2023";
export const WORKLOAD_MESSAGE = "Carga horária inválida - use só o número de horas, ex.: 3200";
export const MATRIX_EMPTY_MESSAGE = "A matriz precisa de ao menos 1 período com disciplinas";
export const ACT_INCOMPLETE_MESSAGE = "Informe o tipo, o número e a data do DOU do ato juntos";
export const EVALUATION_INCOMPLETE_MESSAGE = "Informe o indicador, o conceito e o ano juntos";

/** An optional one-line value checked by `valid` ("" when empty or missing). */
export function optionalChecked(
  valid: (value: string) => boolean,
  message: string,
  prepare: (value: string) => string = (v) => v,
) {
  return z
    .string({ error: message })
    .trim()
    .optional()
    .transform((value) => prepare(value ?? ""))
    .refine((value) => value === "" || valid(value), message);
}

/** "2023" (a plausible MEC evaluation year) or "". */
export const optionalYear = optionalChecked(
  (value) => /^\d{4}$/.test(value) && Number(value) >= 1990 && Number(value) <= 2100,
  YEAR_MESSAGE,
);

/** "1" to "5" or "". */
export const optionalGrade = optionalChecked((value) => /^[1-5]$/.test(value), GRADE_MESSAGE);

/** A date as Brazilians type it (20/05/2025) or as a date input sends it (2025-05-20), stored AAAA-MM-DD. */
export function isoFromBrazilianDate(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const match = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

const douDate = optionalChecked(
  (value) => isoDate.safeParse(value).success,
  DOU_DATE_MESSAGE,
  (value) => String(isoFromBrazilianDate(value)),
);

/** A stored date (AAAA-MM-DD) as the form and the pages show it: 20/05/2025. */
export function brazilianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** One period's subjects, at least one. */
const period = z.array(z.string().trim().min(1).max(160, "Use no máximo 160 caracteres por disciplina")).min(1).max(30);

export const courseOfferShape = {
  level: z.enum(COURSE_LEVELS, { error: "Escolha o nível" }).default("Graduação"),
  actType: z.enum(["", ...ACT_TYPES], { error: "Escolha o tipo de ato" }).default(""),
  actNumber: optionalChecked((value) => value.length <= 60 && /\d/.test(value), ACT_NUMBER_MESSAGE),
  actDate: douDate,
  evaluationKind: z.enum(["", ...EVALUATION_KINDS], { error: "Escolha o indicador" }).default(""),
  evaluationGrade: optionalGrade,
  evaluationYear: optionalYear,
  coordinator: optionalText(120),
  workloadHours: z
    .number({ error: WORKLOAD_MESSAGE })
    .int(WORKLOAD_MESSAGE)
    .min(1, WORKLOAD_MESSAGE)
    .max(20_000, WORKLOAD_MESSAGE)
    .nullable()
    .default(null),
  /** The curriculum matrix: one list of subjects per period (1º período, 2º período, …). */
  curriculum: z.array(period).max(20, "Use no máximo 20 períodos").default([]),
  readjustmentRule: optionalText(400),
  /** The polos (ids of the studio's "Polos") that offer the course. */
  poloIds: z
    .array(z.string().regex(/^\d{1,6}$/))
    .max(500)
    .default([]),
};

/** A course's authorization or recognition act and its last MEC evaluation, as the studio keeps them. */
export type ActAndEvaluation = {
  actType: string;
  actNumber: string;
  actDate: string;
  evaluationKind: string;
  evaluationGrade: string;
  evaluationYear: string;
};

/**
 * The acts that make a course "reconhecido pelo MEC": an authorization only lets it start, so it
 * backs no recognition claim (decision 143).
 */
export const RECOGNITION_ACT_TYPES: readonly string[] = ["Reconhecimento", "Renovação de reconhecimento"];

/** Whether the studio holds the course's recognition act whole (type, number and DOU date). */
export function hasRecognitionAct(course: Pick<ActAndEvaluation, "actType" | "actNumber" | "actDate">): boolean {
  return RECOGNITION_ACT_TYPES.includes(course.actType) && course.actNumber !== "" && course.actDate !== "";
}

/** What the two-field rules say, field by field (act and evaluation given whole or not at all). */
export function offerIssues(value: ActAndEvaluation): Array<{ path: string; message: string }> {
  return [
    ...wholeOrNone({ actType: value.actType, actNumber: value.actNumber, actDate: value.actDate }, ACT_INCOMPLETE_MESSAGE),
    ...wholeOrNone(
      { evaluationKind: value.evaluationKind, evaluationGrade: value.evaluationGrade, evaluationYear: value.evaluationYear },
      EVALUATION_INCOMPLETE_MESSAGE,
    ),
  ];
}

/** A group of fields given whole or not at all: the empty fields of a half-filled group get `message`. */
function wholeOrNone(group: Record<string, string>, message: string): Array<{ path: string; message: string }> {
  const values = Object.values(group);
  if (!values.some(Boolean) || values.every(Boolean)) return [];
  return Object.entries(group)
    .filter(([, given]) => !given)
    .map(([path]) => ({ path, message }));
}

/** The matrix text box: one period per line, subjects separated by ";". Blank lines are skipped. */
export function parseCurriculum(value: unknown): string[][] | null {
  if (typeof value !== "string") return [];
  const lines = value.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length === 0) return [];
  const periods = lines
    .map((line) =>
      line
        .split(";")
        .map((subject) => subject.trim())
        .filter(Boolean),
    )
    .filter((subjects) => subjects.length > 0);
  // A box with text but no subject at all ("; ;") is a matrix of 0 periods: refused, not emptied.
  return periods.length === 0 ? null : periods;
}

/** The matrix as the form's text box shows it. */
export function curriculumText(curriculum: string[][]): string {
  return curriculum.map((subjects) => subjects.join("; ")).join("\n");
}

/** The form's version of the matrix field. */
export const curriculumInput = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const periods = parseCurriculum(value);
    if (periods === null) {
      ctx.issues.push({ code: "custom", message: MATRIX_EMPTY_MESSAGE, input: value });
      return z.NEVER;
    }
    return periods;
  })
  .pipe(z.array(period).max(20, "Use no máximo 20 períodos"));

/** The workload box: "3200", "3.200" or empty. */
export const workloadInput = z.preprocess((value) => {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") return value;
  const text = value.replace(/\s*h(oras)?$/i, "").trim();
  return /^\d{1,3}(\.\d{3})*$|^\d+$/.test(text) ? Number(text.replace(/\./g, "")) : value;
}, courseOfferShape.workloadHours.removeDefault());

/** The polos' check boxes: one value per ticked polo. */
export const poloIdsInput = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ""
      ? []
      : (Array.isArray(value) ? value : [value]).filter((id) => typeof id === "string" && id !== ""),
  courseOfferShape.poloIds.removeDefault(),
);

/** What a course still needs before the law's "condições de oferta" are complete (decision 084). */
export function missingOfferItems(
  course: ActAndEvaluation & {
    modality: string;
    monthlyPrice: number | null;
    duration: string;
    coordinator: string;
    workloadHours: number | null;
    curriculum: string[][];
    readjustmentRule: string;
    poloIds: string[];
  },
): string[] {
  const missing: string[] = [];
  if (!course.actType || !course.actNumber || !course.actDate)
    missing.push("ato de autorização ou reconhecimento com a data do DOU");
  // A course only authorized has not been evaluated yet; a recognized one has (decision 084).
  if (course.actType && course.actType !== "Autorização" && (!course.evaluationKind || !course.evaluationGrade)) {
    missing.push("resultado da última avaliação do MEC");
  }
  if (!course.coordinator) missing.push("coordenador(a)");
  if (!course.workloadHours) missing.push("carga horária");
  if (course.curriculum.length === 0) missing.push("matriz curricular por período");
  if (course.monthlyPrice === null) missing.push("valor da mensalidade");
  if (!course.readjustmentRule) missing.push("regra de reajuste");
  if (course.modality !== "Presencial" && course.poloIds.length === 0) missing.push("polos que oferecem o curso");
  return missing;
}

/** A course's regulatory fields before the institution fills them in: nothing invented. */
export const EMPTY_OFFER = {
  level: "Graduação",
  actType: "",
  actNumber: "",
  actDate: "",
  evaluationKind: "",
  evaluationGrade: "",
  evaluationYear: "",
  coordinator: "",
  workloadHours: null,
  curriculum: [],
  readjustmentRule: "",
  poloIds: [],
} as const satisfies Record<keyof typeof courseOfferShape, unknown>;

/** A course's "Condições de oferta" as its page and /condicoes-de-oferta show them. */
export type OfferConditions = {
  id: number;
  name: string;
  path: string;
  level: CourseLevel;
  format: string;
  act: { type: string; number: string; date: string } | null;
  evaluation: { kind: string; grade: string; year: string } | null;
  coordinator: string;
  workloadHours: number | null;
  duration: string;
  curriculum: string[][];
  monthlyPrice: number | null;
  readjustmentRule: string;
  polos: Array<{ label: string; slug: string }>;
  /** What the institution has not published yet (decision 084): shown as "não informado", never guessed. */
  missing: string[];
};
