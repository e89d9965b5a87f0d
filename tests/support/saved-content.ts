// Studio content changed the way a studio save changes it (the content store, with the version it
// expects), into the test file's database: for integration tests whose subject is a page that
// reads the content, not the studio form; and what a studio save refused as stale answers. Vitest
// only (the app's database client).
import { expect } from "vitest";

import { getInstitution, institutionContent } from "../../app/features/institution/institution.server";
import { getEntry, saveEntry, SINGLETON_ID } from "../../app/features/studio/store.server";
import { payload, statusOf } from "./route-calls";

/** Saves the institution with `changes` over what it holds now; an error if the store refuses. */
export function updateInstitution(changes: Partial<ReturnType<typeof getInstitution>>): void {
  const entry = getEntry(institutionContent, SINGLETON_ID)!;
  const saved = saveEntry(institutionContent, {
    id: SINGLETON_ID,
    data: { ...getInstitution(), ...changes },
    expectedVersion: entry.version,
    by: "teste@example.com",
  });
  if (!saved.ok) throw new Error(`the institution was not saved: ${JSON.stringify(saved)}`);
}

/**
 * A studio save from an older version than the stored one: refused (409) with who saved the newer
 * one and at what time. Returns the form's result, whose `initialValue` keeps what was typed.
 */
export function expectStaleSave(answer: unknown, savedBy: string) {
  expect(statusOf(answer)).toBe(409);
  const result = payload(answer).result;
  const by = savedBy.replace(/\./g, "\\.");
  expect(result.error[""][0]).toMatch(new RegExp(`^Este conteúdo foi alterado por ${by} às \\d{2}:\\d{2}\\.`));
  return result;
}
