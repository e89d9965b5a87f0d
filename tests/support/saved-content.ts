// Studio content changed the way a studio save changes it (the content store, with the version it
// expects), into the test file's database: for integration tests whose subject is a page that
// reads the content, not the studio form. Vitest only (the app's database client).
import { getInstitution, institutionContent } from "../../app/server/content/institution.server";
import { getEntry, saveEntry, SINGLETON_ID } from "../../app/server/content/store.server";

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
