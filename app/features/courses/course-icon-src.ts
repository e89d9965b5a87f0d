import type { CourseIcon } from "./course-icons";

/**
 * Where a course card's icon file is. A module of its own: the cards (public pages) need only
 * this, not the studio's list of icon names and labels (course-icons.ts).
 */
export function courseIconSrc(icon: CourseIcon): string {
  return `/images/icones/${icon}.svg`;
}
