import { coursesContent } from "~/server/content/courses.server";
import { getEntry } from "~/server/content/store.server";

/**
 * The studio's edit form of a stored course, as its page sends it back unchanged, with `changes`
 * applied (an undefined value leaves the field out).
 */
export function courseFormOf(id: string, changes: Record<string, string | undefined> = {}): Record<string, string> {
  const entry = getEntry(coursesContent, id)!;
  const course = entry.data;
  const fields: Record<string, string> = {
    name: course.name,
    area: course.area,
    modality: course.modality,
    duration: course.duration,
    path: course.path,
    icon: course.icon,
    description: course.description,
    monthlyPrice: course.monthlyPrice === null ? "" : course.monthlyPrice.toFixed(2).replace(".", ","),
    highlights: course.highlights.join("\n"),
    version: String(entry.version),
  };
  if (course.featured) fields.featured = "on";
  if (course.active) fields.active = "on";
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[key];
    else fields[key] = value;
  }
  return fields;
}
