/** Paths of the vocational test's screens. */
export const VOCATIONAL_PATHS = {
  form: "/teste-vocacional",
  questions: "/teste-vocacional/perguntas",
  analysis: "/teste-vocacional/analise",
  result: "/teste-vocacional/resultado",
  graduation: "/teste-vocacional/simulacao-formatura",
  submissions: "/teste-vocacional/submissoes",
} as const;

/** A question page (1 to 4). */
export const questionsPageUrl = (page: number) => `${VOCATIONAL_PATHS.questions}?pagina=${page}`;

/** The result page of a profile. */
export const resultUrl = (profile: string) => `${VOCATIONAL_PATHS.result}/${profile}`;
