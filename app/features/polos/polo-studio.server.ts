import { parseWithZod } from "@conform-to/zod/v4";

import { type PoloDocument, poloFormSchema } from "~/features/courses/content";
import { coursesContent, nextPoloId, poloEntries, polosContent, recordAddressChange } from "~/features/courses/courses.server";
import { POLO_SLUG_TAKEN_MESSAGE, poloPath } from "~/features/polos/content";
import { requirePermission } from "~/features/staff/auth.server";
import { studioFormSchema } from "~/features/studio/fields";
import {
  type ContentEntry,
  getEntry,
  invalidateContent,
  listEntries,
  saveEntry,
  type SaveResult,
} from "~/features/studio/store.server";
import { answerSave, invalidForm, refusedForm, STUDIO_PATH, versionOf } from "~/features/studio/studio.server";
import { sqlite } from "~/platform/db/client.server";
import { readFormData } from "~/platform/form-data.server";

/**
 * The studio's "Polos" page (decision 085): a polo's fields, its page's slug, and the polo × course
 * table (which courses are offered at the polo), saved together or not at all.
 */

/** The polo being edited on the "Polos" page (?polo=<id>), if any. */
export function poloBeingEdited(url: URL): ContentEntry<PoloDocument> | undefined {
  const id = url.searchParams.get("polo");
  return id ? poloEntries().find((entry) => entry.id === id) : undefined;
}

/** A course as the polo form's table lists it, and whether the polo offers it. */
export type PoloCourseOption = { id: string; name: string; area: string; active: boolean; offered: boolean };

/** Every course (active first, in the catalogue's order), ticked when it is offered at `poloId`. */
export function poloCourseOptions(poloId: string | null): PoloCourseOption[] {
  const options = listEntries(coursesContent).map((entry) => ({
    id: entry.id,
    name: entry.data.name,
    area: entry.data.area,
    active: entry.data.active,
    offered: poloId !== null && entry.data.poloIds.includes(poloId),
  }));
  return [...options.filter((option) => option.active), ...options.filter((option) => !option.active)];
}

export const POLO_GONE_MESSAGE = "Este polo não existe mais. Recarregue a página.";

/** Is `slug` another polo's page (active or not: a polo switched back on would take it again)? */
export function poloSlugTaken(slug: string, exceptId: string | null): boolean {
  return poloEntries().some((entry) => entry.id !== exceptId && entry.data.slug === slug);
}

/** The ids a hidden field lists, separated by commas (digits only; anything else is dropped). */
function idsOf(formData: FormData, name: string): string[] {
  const value = formData.get(name);
  return typeof value === "string" ? value.split(",").filter((id) => /^\d{1,6}$/.test(id)) : [];
}

/**
 * Saves a polo, the courses whose offer at it changed, and a 301 from its former page when its slug
 * changed: one transaction, so a refused part leaves nothing saved. The table is applied as a change
 * (ticked now and not when the form was opened, and the reverse), so a course form saved meanwhile
 * keeps its other polos.
 */
export function savePolo(input: {
  id: string;
  data: PoloDocument;
  expectedVersion: number;
  by: string;
  courseIds: readonly string[];
  courseIdsBefore: readonly string[];
  now?: Date;
}): SaveResult {
  const before = getEntry(polosContent, input.id)?.data.slug;
  const at = (input.now ?? new Date()).toISOString();
  const added = new Set(input.courseIds.filter((id) => !input.courseIdsBefore.includes(id)));
  const removed = new Set(input.courseIdsBefore.filter((id) => !input.courseIds.includes(id)));
  const save = sqlite.transaction((): SaveResult => {
    const result = saveEntry(polosContent, {
      id: input.id,
      data: input.data,
      expectedVersion: input.expectedVersion,
      by: input.by,
    });
    if (!result.ok) return result;
    for (const course of listEntries(coursesContent)) {
      const has = course.data.poloIds.includes(input.id);
      const poloIds =
        added.has(course.id) && !has
          ? [...course.data.poloIds, input.id]
          : removed.has(course.id) && has
            ? course.data.poloIds.filter((id) => id !== input.id)
            : null;
      if (!poloIds) continue;
      const saved = saveEntry(coursesContent, {
        id: course.id,
        data: { ...course.data, poloIds },
        expectedVersion: course.version,
        by: input.by,
        now: input.now,
      });
      // Read in this transaction: a conflict cannot happen; if it did, nothing of the save stays.
      if (!saved.ok) throw new Error(`polo ${input.id}: course ${course.id} changed during the save`);
    }
    recordAddressChange(before ? poloPath(before) : undefined, poloPath(input.data.slug), at);
    return result;
  });
  const result = save.immediate();
  // The copies read inside the transaction are dropped again once it is committed.
  invalidateContent();
  return result;
}

/**
 * The polo form: a new polo when the form names none, else the named one (unknown → 404). Field
 * rules, then the slug's (another polo's page is refused next to the field), then the save.
 */
export async function poloFormAction(request: Request) {
  const admin = await requirePermission(request, "content");
  const formData = await readFormData(request);
  const rawId = formData.get("polo");
  const id = typeof rawId === "string" && rawId !== "" ? rawId : null;
  const schema = studioFormSchema(poloFormSchema).superRefine((value, ctx) => {
    if (poloSlugTaken(value.slug, id)) ctx.addIssue({ code: "custom", path: ["slug"], message: POLO_SLUG_TAKEN_MESSAGE });
  });
  const submission = parseWithZod(formData, { schema });
  if (id !== null && !getEntry(polosContent, id)) return refusedForm(submission, POLO_GONE_MESSAGE, 404);
  if (submission.status !== "success") return invalidForm(submission);
  const { courseIds, ...polo } = submission.value;
  const poloId = id ?? nextPoloId();
  const result = savePolo({
    id: poloId,
    data: polo,
    expectedVersion: versionOf(formData),
    by: admin.email,
    courseIds,
    courseIdsBefore: idsOf(formData, "courseIdsBefore"),
  });
  return answerSave(request, submission, result, `${STUDIO_PATH}/polos`);
}
