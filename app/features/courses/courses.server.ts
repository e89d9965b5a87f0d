import { eq } from "drizzle-orm";

import { poloSlug } from "~/features/polos/content";
import { polos as seedPolos } from "~/features/polos/polos.seed";
import {
  type ContentCollection,
  type ContentEntry,
  invalidateContent,
  keptUntilNextSave,
  listEntries,
  saveEntry,
  type SaveResult,
} from "~/features/studio/store.server";
import { type ContentWarning, STUDIO_PATH } from "~/features/studio/studio";
import { db, schema, sqlite } from "~/platform/db/client.server";

import {
  type CourseDocument,
  courseSchema,
  normalizeCoursePath,
  type PoloDocument,
  poloLabel,
  poloSchema,
  type StateCode,
} from "./content";
import { AREA_SLUGS, type Course } from "./course-areas.seed";
import { EMPTY_OFFER, hasRecognitionAct } from "./course-offer";
import { courses as seedCourses, SPECIAL_COURSE_PAGES } from "./courses.seed";

/**
 * The catalogue (studio page "Cursos") and the study centres ("Polos"): one document per course
 * and per polo. Public pages read the active ones through this module; a deactivated course
 * keeps its page address, which answers 410; a course's old address answers 301 to its new one.
 */

function courseSeedDocument(course: Course): CourseDocument {
  return {
    name: course.name,
    area: course.area,
    modality: course.modality,
    duration: course.duration,
    path: course.url,
    featured: course.featured,
    photo: course.photo,
    icon: course.icon as CourseDocument["icon"],
    description: course.description,
    monthlyPrice: course.monthlyPrice,
    highlights: course.highlights,
    active: true,
    // The seed knows no act, grade or coordinator: the studio's overview asks for them (decision 084).
    ...EMPTY_OFFER,
    level: course.level,
    curriculum: [],
    poloIds: [],
  };
}

export const coursesContent: ContentCollection<CourseDocument> = {
  name: "courses",
  schema: courseSchema,
  seed: () => seedCourses.map((course) => ({ id: String(course.id), data: courseSeedDocument(course) })),
};

/** "Belo Horizonte - Centro - MG" → location "Belo Horizonte - Centro", state "MG". */
function splitPoloLocation(location: string): { location: string; state: StateCode } {
  const parts = location.split(/\s+-\s+/);
  const state = parts.at(-1)!.trim().toUpperCase() as StateCode;
  return { location: parts.slice(0, -1).join(" - "), state };
}

export const polosContent: ContentCollection<PoloDocument> = {
  name: "polos",
  schema: poloSchema,
  seed: () =>
    seedPolos.map((polo, index) => ({
      id: String(index + 1),
      data: {
        ...splitPoloLocation(polo.location),
        phone: polo.phone,
        address: "",
        slug: poloSlug(polo.location),
        hours: "",
        whatsapp: "",
        active: true,
      },
    })),
};

/** A stored course as the public pages know it (the numeric id, `url` for its address). */
export function toCourse(entry: ContentEntry<CourseDocument>): Course {
  const { data } = entry;
  return {
    id: Number(entry.id),
    name: data.name,
    level: data.level,
    area: data.area,
    duration: data.duration,
    modality: data.modality,
    url: data.path,
    image: `/images/cursos/${AREA_SLUGS[data.area]}.svg`,
    featured: data.featured,
    description: data.description,
    icon: data.icon,
    photo: data.photo,
    monthlyPrice: data.monthlyPrice,
    highlights: data.highlights,
  };
}

/** The active catalogue, in the studio's order (what every public page lists). */
export const activeCourses: () => Course[] = keptUntilNextSave(() =>
  listEntries(coursesContent)
    .filter((entry) => entry.data.active)
    .map(toCourse),
);

/** Every course entry, active or not (the studio's list). */
export function courseEntries(): ContentEntry<CourseDocument>[] {
  return listEntries(coursesContent);
}

/**
 * How many courses the catalogue offers: distinct names among the active courses (a course listed
 * in two areas, like Publicidade e Propaganda, counts once). The home's "N+ cursos" rounds it.
 */
export function activeCourseCount(): number {
  return new Set(activeCourses().map((course) => course.name)).size;
}

/**
 * How many active courses (distinct names, as activeCourseCount) have their recognition act in the
 * studio: the only number a "cursos reconhecidos pelo MEC" claim may state (decision 143).
 */
export function recognizedCourseCount(): number {
  return new Set(
    listEntries(coursesContent)
      .filter((entry) => entry.data.active && hasRecognitionAct(entry.data))
      .map((entry) => entry.data.name),
  ).size;
}

/** Active study centres (the home's "N+ polos" rounds it). */
export function activePoloCount(): number {
  return activePolos().length;
}

/** Every active course at a path (/educacaofisica has two variants; /publicidade-e-propaganda is in two areas). */
export function findActiveCoursesByPath(path: string): Course[] {
  const wanted = normalizeCoursePath(path);
  return activeCourses().filter((course) => course.url === wanted);
}

/** The course a dedicated page (/cursos/administracao, ...) presents, when it is active. */
export function findSpecialCourse(slug: string): Course | undefined {
  const key = slug.toLowerCase();
  if (!Object.hasOwn(SPECIAL_COURSE_PAGES, key)) return undefined;
  const id = SPECIAL_COURSE_PAGES[key as keyof typeof SPECIAL_COURSE_PAGES];
  return activeCourses().find((course) => course.id === id);
}

/**
 * Is this the path of a deactivated or deleted course (and of no active one)? Its page answers 410
 * (decision 097): a deleted course's path is read from its last saved version in the history.
 */
export function isRetiredCoursePath(path: string): boolean {
  const wanted = normalizeCoursePath(path);
  const entries = listEntries(coursesContent).filter((entry) => entry.data.path === wanted);
  if (entries.length > 0) return entries.every((entry) => !entry.data.active);
  return deletedCoursePaths().has(wanted);
}

/** The paths deleted courses had: the last saved version of each course no longer in the catalogue. */
const deletedCoursePaths = keptUntilNextSave((): Set<string> => {
  const rows = sqlite
    .prepare(
      `SELECT r.data FROM content_revisions r
        WHERE r.collection = ? AND r.data IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM content_entries e WHERE e.collection = r.collection AND e.id = r.entry_id)
          AND r.id = (SELECT max(r2.id) FROM content_revisions r2
                       WHERE r2.collection = r.collection AND r2.entry_id = r.entry_id AND r2.data IS NOT NULL)`,
    )
    .all(coursesContent.name) as Array<{ data: string }>;
  const paths = new Set<string>();
  for (const row of rows) {
    const parsed = courseSchema.safeParse(JSON.parse(row.data));
    if (parsed.success) paths.add(parsed.data.path);
  }
  return paths;
});

/** Where an old course address now points (after its path changed), if anywhere. */
export function courseRedirect(path: string): string | undefined {
  const wanted = normalizeCoursePath(path);
  return db
    .select({ toPath: schema.contentRedirects.toPath })
    .from(schema.contentRedirects)
    .where(eq(schema.contentRedirects.fromPath, wanted))
    .get()?.toPath;
}

export const PATH_TAKEN_MESSAGE = 'Este endereço já é de um curso ativo - escolha outro ou marque "Mesma página de outro curso"';

/**
 * Is `path` an active course's address (other than `exceptId`)? A second course there would merge
 * both on one page; the form allows it only when "Mesma página de outro curso" is ticked.
 */
export function coursePathTaken(path: string, exceptId?: string): boolean {
  const wanted = normalizeCoursePath(path);
  return listEntries(coursesContent).some((entry) => entry.id !== exceptId && entry.data.active && entry.data.path === wanted);
}

/**
 * The id a new course gets: the next number after the largest ever used, deleted courses included
 * (a deleted course keeps its history, and its id stays its own for "Restaurar").
 */
export function nextCourseId(): string {
  const row = sqlite
    .prepare("SELECT max(CAST(entry_id AS INTEGER)) AS n FROM content_revisions WHERE collection = ?")
    .get(coursesContent.name) as { n: number | null };
  const ids = listEntries(coursesContent)
    .map((entry) => Number(entry.id))
    .filter(Number.isFinite);
  return String(Math.max(0, row.n ?? 0, ...ids) + 1);
}

/**
 * In a save's transaction, a page now at `to`: a redirect from `to` is dropped (the page answers
 * there); when it moved away from `from`, `from` answers 301 to `to` from then on, and earlier
 * redirects to `from` follow along (no chains).
 */
export function recordAddressChange(from: string | undefined, to: string, at: string): void {
  db.delete(schema.contentRedirects).where(eq(schema.contentRedirects.fromPath, to)).run();
  if (!from || from === to) return;
  db.update(schema.contentRedirects).set({ toPath: to }).where(eq(schema.contentRedirects.toPath, from)).run();
  db.insert(schema.contentRedirects)
    .values({ fromPath: from, toPath: to, createdAt: at })
    .onConflictDoUpdate({ target: schema.contentRedirects.fromPath, set: { toPath: to, createdAt: at } })
    .run();
}

/**
 * Saves a course; when its path changed, the old path answers 301 to the new one from then on
 * (earlier redirects to the old path follow along, and a redirect from the new path is dropped).
 * One transaction: a refused save leaves no redirect behind.
 */
export function saveCourse(input: {
  id: string;
  data: CourseDocument;
  expectedVersion: number;
  by: string;
  now?: Date;
}): SaveResult {
  const before = listEntries(coursesContent).find((entry) => entry.id === input.id)?.data.path;
  const at = (input.now ?? new Date()).toISOString();
  const save = sqlite.transaction((): SaveResult => {
    const result = saveEntry(coursesContent, input);
    if (!result.ok) return result;
    // Another course still at the old path keeps it: no redirect from there.
    const pathStillUsed = listEntries(coursesContent).some((entry) => entry.data.path === before);
    recordAddressChange(pathStillUsed ? undefined : before, input.data.path, at);
    return result;
  });
  const result = save.immediate();
  // The copies read inside the transaction are dropped again once it is committed.
  if (result.ok) invalidateContent();
  return result;
}

/** A polo as the public pages show it: "Belo Horizonte - Centro - MG", its phone and its page's slug. */
export type PublicPolo = { location: string; phone: string; slug: string; address?: string };

/** The active study centres, in the studio's order (home finder, enrolment form). */
export const activePolos: () => PublicPolo[] = keptUntilNextSave(() =>
  listEntries(polosContent)
    .filter((entry) => entry.data.active)
    // The address only when there is one: the home page's data stays as small as before.
    .map((entry) => ({
      location: poloLabel(entry.data),
      phone: entry.data.phone,
      slug: entry.data.slug,
      ...(entry.data.address ? { address: entry.data.address } : {}),
    })),
);

export function poloEntries(): ContentEntry<PoloDocument>[] {
  return listEntries(polosContent);
}

export function nextPoloId(): string {
  const ids = listEntries(polosContent)
    .map((entry) => Number(entry.id))
    .filter(Number.isFinite);
  return String(Math.max(0, ...ids) + 1);
}

/**
 * The overview's warnings for "Cursos" and "Polos": a featured course without a price (the home
 * shows it to everyone who compares), an active course without curriculum highlights, no active polo.
 */
export function courseWarnings(): ContentWarning[] {
  const at = { section: "Cursos", to: `${STUDIO_PATH}/cursos` };
  const warnings: ContentWarning[] = [];
  for (const entry of listEntries(coursesContent)) {
    const course = entry.data;
    if (!course.active) continue;
    const to = `${STUDIO_PATH}/cursos/${entry.id}`;
    if (course.featured && course.monthlyPrice === null) {
      warnings.push({ ...at, to, text: `O curso em destaque "${course.name}" está sem mensalidade.` });
    }
    if (course.highlights.length === 0) {
      warnings.push({ ...at, to, text: `O curso "${course.name}" está sem destaques do currículo.` });
    }
  }
  if (activePolos().length === 0) {
    warnings.push({
      section: "Polos",
      to: `${STUDIO_PATH}/polos`,
      text: "Nenhum polo ativo: a busca de polos e a inscrição ficam sem polos.",
    });
  }
  return warnings;
}

/** What a result page's course card shows (the vocational test's recommendations). */
export type ResultCourse = Pick<
  Course,
  "id" | "name" | "area" | "modality" | "duration" | "description" | "url" | "icon" | "photo"
>;

/**
 * The active courses among `ids`, by id, for a vocational result page's cards: the page's loader
 * sends only these, so the catalogue stays out of the browser's script; a deactivated course is
 * simply not shown.
 */
export function resultCourses(ids: readonly number[]): Record<number, ResultCourse> {
  const wanted = new Set(ids);
  const found: Record<number, ResultCourse> = {};
  for (const course of activeCourses()) {
    if (!wanted.has(course.id) || found[course.id]) continue;
    const { id, name, area, modality, duration, description, url, icon, photo } = course;
    found[id] = { id, name, area, modality, duration, description, url, icon, photo };
  }
  return found;
}
