/**
 * Scoring of the vocational test: the profile is the letter chosen most
 * often; ties resolve in the order A, B, C, D; only the letters A to D count.
 */

export const LETTERS = ["A", "B", "C", "D"] as const;
export type Letter = (typeof LETTERS)[number];

export const TOTAL_QUESTIONS = 20;

/** The result page each letter leads to (A → saude, B → negocios, C → tecnologia, D → criatividade). */
export const LETTER_PROFILE = {
  A: "saude",
  B: "negocios",
  C: "tecnologia",
  D: "criatividade",
} as const satisfies Record<Letter, string>;
export type ScoredProfile = (typeof LETTER_PROFILE)[Letter];

/** The names the generic result page gives each letter. */
export const GENERIC_PROFILE_NAMES = {
  A: "Humano",
  B: "Gestor",
  C: "Analítico",
  D: "Criativo",
} as const satisfies Record<Letter, string>;

/** What each letter leans to, in words a visitor understands (used by 'Por que este perfil?'). */
export const LETTER_THEMES: Record<Letter, string> = {
  A: "saúde e cuidado com as pessoas",
  B: "negócios e gestão",
  C: "tecnologia e análise",
  D: "criatividade e comunicação",
};

export function isLetter(value: unknown): value is Letter {
  return typeof value === "string" && (LETTERS as readonly string[]).includes(value);
}

export type Tally = Record<Letter, number>;

/** How many answers chose each letter; anything that is not exactly A, B, C or D is ignored. */
export function tallyAnswers(answers: Readonly<Record<string | number, unknown>>): Tally {
  const tally: Tally = { A: 0, B: 0, C: 0, D: 0 };
  for (const value of Object.values(answers)) if (isLetter(value)) tally[value] += 1;
  return tally;
}

/** The most chosen letter (ties: A before B before C before D), or null when no valid answer exists. */
export function dominantLetter(answers: Readonly<Record<string | number, unknown>>): Letter | null {
  const tally = tallyAnswers(answers);
  let best: Letter | null = null;
  for (const letter of LETTERS) {
    if (tally[letter] > 0 && (best === null || tally[letter] > tally[best])) best = letter;
  }
  return best;
}

/** The result page (profile key) for a set of answers, or null when no valid answer exists. */
export function scoreProfile(answers: Readonly<Record<string | number, unknown>>): ScoredProfile | null {
  const letter = dominantLetter(answers);
  return letter ? LETTER_PROFILE[letter] : null;
}

/** The generic page's profile name (Humano, Gestor, Analítico, Criativo), or null without answers. */
export function genericProfileName(answers: Readonly<Record<string | number, unknown>>) {
  const letter = dominantLetter(answers);
  return letter ? GENERIC_PROFILE_NAMES[letter] : null;
}
