import { expect } from "@playwright/test";

import { enrolment } from "./sessions";

/** A name part from a number, in letters only (names may not hold digits): 0 → "a", 27 → "bb". */
export function personLetters(i: number): string {
  let out = "";
  do {
    out += String.fromCharCode(97 + (i % 26));
    i = Math.floor(i / 26);
  } while (i > 0);
  return out;
}

export type BurstOptions = {
  /** The site's base URL. */
  url: string;
  total: number;
  /** Posts in flight at once. */
  concurrency?: number;
  /** Person `i`'s e-mail and the fields laid over a valid enrolment (name, phone…). */
  person: (i: number) => { email: string; fields: Record<string, string> };
  /** Receives the e-mail of each post the site acknowledged (its 303), in the order they came. */
  acknowledged: string[];
};

/**
 * Posts `total` valid enrolments to `/inscricao`, `concurrency` at a time. A post whose connection
 * dies with a killed server is not acknowledged (it may or may not be stored); any other answer
 * than the 303 fails the test.
 */
export async function postEnrolmentBurst({ url, total, concurrency = 40, person, acknowledged }: BurstOptions): Promise<void> {
  const submit = async (i: number) => {
    const { email, fields } = person(i);
    const body = new URLSearchParams({ ...enrolment(email), ...fields });
    try {
      const response = await fetch(`${url}/inscricao`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      if (response.status === 303) acknowledged.push(email);
      else expect(response.status, `unexpected answer for ${email}`).toBe(303);
    } catch {
      // The connection died with the server: not acknowledged.
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await submit(next++);
    }),
  );
}
