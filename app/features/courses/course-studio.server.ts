import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import {
  type CourseDocument,
  courseFormSchema,
  courseLeadsWarning,
  poloLabel,
  type StudioPoloOption,
} from "~/features/courses/content";
import { courseLeadCounts } from "~/features/leads/queries.server";
import { requirePermission } from "~/features/staff/auth.server";
import { studioFormSchema } from "~/features/studio/fields";
import { invalidPhotoForm, saveUploadedPhoto, saveWithPhotos } from "~/features/studio/images.server";
import { type ContentEntry, getEntry, listEntries, removeEntry } from "~/features/studio/store.server";
import { answerSave, conflictMessage, STUDIO_PATH, versionOf } from "~/features/studio/studio.server";
import { readFormData } from "~/platform/form-data.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";
import { includesText } from "~/shared/text";

import { coursePathTaken, coursesContent, nextCourseId, PATH_TAKEN_MESSAGE, poloEntries, saveCourse } from "./courses.server";

/** The studio's course list shows this many courses a page. */
export const COURSES_PER_PAGE = 20;

export type CourseRow = {
  id: string;
  name: string;
  area: string;
  modality: string;
  path: string;
  monthlyPrice: number | null;
  featured: boolean;
  active: boolean;
};

/**
 * The studio's course list: courses whose name, area, modality or path contain `q` (accents and
 * case ignored), `page` (from 1) of them; a page past the end shows the last one.
 */
export function courseListPage(q: string, page: number) {
  const term = q.trim().slice(0, 80);
  const rows: CourseRow[] = listEntries(coursesContent)
    .filter(({ data: course }) =>
      term ? [course.name, course.area, course.modality, course.path].some((text) => includesText(text, term)) : true,
    )
    .map(({ id, data: course }) => ({
      id,
      name: course.name,
      area: course.area,
      modality: course.modality,
      path: course.path,
      monthlyPrice: course.monthlyPrice,
      featured: course.featured,
      active: course.active,
    }));
  const pages = Math.max(1, Math.ceil(rows.length / COURSES_PER_PAGE));
  const current = Math.min(Math.max(1, Number.isInteger(page) ? page : 1), pages);
  return {
    q: term,
    page: current,
    pages,
    total: rows.length,
    rows: rows.slice((current - 1) * COURSES_PER_PAGE, current * COURSES_PER_PAGE),
  };
}

/** Reads ?q=&pagina= of the list's GET form. */
export function parseCourseListQuery(url: URL) {
  const page = Number.parseInt(url.searchParams.get("pagina") ?? "1", 10);
  return { q: url.searchParams.get("q") ?? "", page: Number.isFinite(page) ? page : 1 };
}

/** The course an edit page is about (404 when there is none). */
export function courseEntryOr404(id: string) {
  const entry = getEntry(coursesContent, id);
  if (!entry) throw data(null, { status: 404 });
  return entry;
}

/**
 * The course pages' action: "Novo curso" when `id` is null; on a course's page, the form's save
 * or, with intent "excluir" (the confirmation's button), the course's deletion.
 */
export async function courseFormAction(request: Request, id: string | null) {
  const admin = await requirePermission(request, "content");
  const entry = id ? courseEntryOr404(id) : undefined;
  const formData = await readFormData(request);
  if (entry && formData.get("intent") === "excluir") return deleteCourse(request, entry, formData, admin.email);
  return saveCourseForm(request, formData, id, admin.email);
}

/**
 * Saves the course form: field rules, then the path's rules (another active course's address is
 * refused next to the field unless "Mesma página de outro curso" is ticked), then the save with its
 * version check.
 */
async function saveCourseForm(request: Request, formData: FormData, id: string | null, by: string) {
  const schema = studioFormSchema(courseFormSchema).superRefine((value, ctx) => {
    if (!value.samePage && coursePathTaken(value.path, id ?? undefined)) {
      ctx.addIssue({ code: "custom", path: ["path"], message: PATH_TAKEN_MESSAGE });
    }
  });
  const photo = await saveUploadedPhoto(formData, "photo", by);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success" || !photo.ok) return invalidPhotoForm(submission, photo);
  const courseId = id ?? nextCourseId();
  const before = id ? getEntry(coursesContent, id)?.data : undefined;
  const result = saveWithPhotos([photo], () =>
    saveCourse({ id: courseId, data: submission.value, expectedVersion: versionOf(formData), by }),
  );
  const to = `${STUDIO_PATH}/cursos/${courseId}`;
  const leadsWarning =
    result.ok && before?.active && !submission.value.active ? courseLeadsWarning(courseLeadCounts(before.name)) : null;
  if (leadsWarning) return privateRedirectWithToast(request, to, { title: "Curso desativado", description: leadsWarning });
  return answerSave(request, submission, result, to);
}

export type CourseDeleteFailure = { deleteError: string };

/**
 * Deletes a course (decision 097): it leaves the catalogue, its page answers 410 like a
 * deactivated one's, and Histórico keeps its last version, so "Restaurar" can bring it back.
 * Refused when somebody saved the course since the page was opened.
 */
async function deleteCourse(request: Request, entry: ContentEntry<CourseDocument>, formData: FormData, by: string) {
  const result = removeEntry(coursesContent, { id: entry.id, expectedVersion: versionOf(formData), by });
  if (!result.ok) return privateData<CourseDeleteFailure>({ deleteError: conflictMessage(result.conflict) }, { status: 409 });
  return privateRedirectWithToast(request, `${STUDIO_PATH}/cursos`, {
    title: "Curso excluído",
    description: `"${entry.data.name}" saiu do catálogo; o endereço ${entry.data.path} avisa que o curso não está mais disponível.`,
  });
}

/** The other active courses at a course's path (its page is shared with them on purpose). */
export function coursesSharingPage(id: string, path: string): string[] {
  return listEntries(coursesContent)
    .filter((entry) => entry.id !== id && entry.data.active && entry.data.path === path)
    .map((entry) => entry.data.name);
}

/** The polos the course form offers as check boxes (active and inactive, in the studio's order). */
export function studioPoloOptions(): StudioPoloOption[] {
  return poloEntries().map((entry) => ({ id: entry.id, label: poloLabel(entry.data), active: entry.data.active }));
}
