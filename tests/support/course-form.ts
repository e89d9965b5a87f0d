// The studio's course edit form (/admin/conteudo/cursos/:curso) as the page sends it back for a
// stored course, for integration tests that post it (integration only: it reads the content store).
import { coursesContent } from "~/features/courses/courses.server";
import { getEntry } from "~/features/studio/store.server";
import { VERSION_FIELD } from "~/features/studio/studio";

/** The edit form of course `id`, unchanged, with `changes` applied (an undefined change removes the field). */
export function courseForm(id: string, changes: Record<string, string | string[] | undefined> = {}) {
  const entry = getEntry(coursesContent, id)!;
  const course = entry.data;
  const fields: Record<string, string | string[]> = {
    name: course.name,
    area: course.area,
    modality: course.modality,
    level: course.level,
    duration: course.duration,
    path: course.path,
    icon: course.icon,
    description: course.description,
    monthlyPrice: course.monthlyPrice === null ? "" : course.monthlyPrice.toFixed(2).replace(".", ","),
    highlights: course.highlights.join("\n"),
    [VERSION_FIELD]: String(entry.version),
  };
  if (course.featured) fields.featured = "on";
  if (course.active) fields.active = "on";
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[key];
    else fields[key] = value;
  }
  return fields;
}
