import { isLetter, type Letter, TOTAL_QUESTIONS } from "./scoring";

/** The test's answers: question id (1 to 20) → letter. */
export type Answers = Partial<Record<number, Letter>>;

const EMPTY = "-";

/**
 * Answers packed for the cookie session: one character per question, '-' when unanswered
 * ('AB-D…', always 20 characters). Small and easy to validate.
 */
export function encodeAnswers(answers: Answers): string {
  let out = "";
  for (let id = 1; id <= TOTAL_QUESTIONS; id++) out += answers[id] ?? EMPTY;
  return out;
}

/** Reads packed answers; anything that is not A-D (or not a string at all) counts as unanswered. */
export function decodeAnswers(packed: unknown): Answers {
  const answers: Answers = {};
  if (typeof packed !== "string") return answers;
  for (let id = 1; id <= TOTAL_QUESTIONS; id++) {
    const letter = packed[id - 1];
    if (isLetter(letter)) answers[id] = letter;
  }
  return answers;
}

export function countAnswered(answers: Answers): number {
  let count = 0;
  for (let id = 1; id <= TOTAL_QUESTIONS; id++) if (isLetter(answers[id])) count++;
  return count;
}

export function isComplete(answers: Answers): boolean {
  return countAnswered(answers) === TOTAL_QUESTIONS;
}

/** Field name of a question's radio group in the question forms. */
export const answerField = (id: number) => `q${id}`;

/**
 * The answers a question form posted for the given question ids (only A-D are taken), merged over
 * the answers already saved. Questions of other pages in the post are ignored.
 */
export function mergePostedAnswers(saved: Answers, formData: FormData, questionIds: number[]): Answers {
  const merged: Answers = { ...saved };
  for (const id of questionIds) {
    const value = formData.get(answerField(id));
    if (isLetter(value)) merged[id] = value;
  }
  return merged;
}

/**
 * What a question page shows from the saved answers: its own questions' letters, and how many
 * questions of the other pages are answered (the counter adds the two).
 */
export function pageProgress(answers: Answers, questionIds: number[]): { saved: Answers; otherAnswered: number } {
  const saved: Answers = {};
  for (const id of questionIds) if (isLetter(answers[id])) saved[id] = answers[id];
  return { saved, otherAnswered: countAnswered(answers) - countAnswered(saved) };
}

/** The answers as the lead row stores them: {"1":"A",...,"20":"D"}. */
export function answersJson(answers: Answers): string {
  const out: Record<string, Letter> = {};
  for (let id = 1; id <= TOTAL_QUESTIONS; id++) {
    const letter = answers[id];
    if (letter) out[String(id)] = letter;
  }
  return JSON.stringify(out);
}

/** The answers as the lead row stores them ({"1":"A",…}) read back; anything else counts as unanswered. */
export function answersFromJson(json: string | null): Answers {
  let stored: unknown;
  try {
    stored = json ? JSON.parse(json) : null;
  } catch {
    stored = null;
  }
  const record = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  let packed = "";
  for (let id = 1; id <= TOTAL_QUESTIONS; id++) {
    const letter = record[String(id)];
    packed += isLetter(letter) ? letter : EMPTY;
  }
  return decodeAnswers(packed);
}
