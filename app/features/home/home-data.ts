import { AREA_SLUGS, type Course, COURSE_AREAS, type CourseArea, DEFAULT_AREA } from "~/features/courses/course-areas.seed";
import type { CourseIcon } from "~/features/courses/course-icons";
import { COURSE_LEVELS, type CourseLevel, LEVEL_SLUGS } from "~/features/courses/course-offer";
import {
  cleanTerm,
  coursesInArea,
  featuredCourses,
  isEducacaoFisica,
  pagePolos,
  parseArea,
  searchCourses,
  searchPolos,
} from "~/features/courses/search";
import { HOME_FRAGMENT_PARAM, HOME_PARTS } from "~/features/home/home-parts";
import type { Polo } from "~/features/polos/polos.seed";
import { normalizeText } from "~/shared/text";

/** What the home page's query string says: catalogue term, level and tab, polo term and 'show all'. */
export type HomeQuery = {
  q: string;
  /** `?nivel=`: the catalogue shows only this level's courses (null: every level). */
  level: CourseLevel | null;
  area: CourseArea;
  polo: string;
  allPolos: boolean;
};

export const ALL_POLOS_VALUE = "todos";

export function parseHomeQuery(params: URLSearchParams): HomeQuery {
  return {
    q: cleanTerm(params.get("q")),
    level: parseLevel(params.get("nivel")),
    area: parseArea(params.get("area")),
    polo: cleanTerm(params.get("polo")),
    allPolos: params.get("polos") === ALL_POLOS_VALUE,
  };
}

/**
 * A home URL with the given state (empty values left out) and an optional fragment, so tabs and
 * 'Ver todos os polos' are plain links that keep the rest of the page as it was.
 */
export function homeHref(state: Partial<HomeQuery>, hash?: string): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.level) params.set("nivel", LEVEL_SLUGS[state.level]);
  if (state.area && state.area !== DEFAULT_AREA) params.set("area", AREA_SLUGS[state.area]);
  if (state.polo) params.set("polo", state.polo);
  if (state.allPolos) params.set("polos", ALL_POLOS_VALUE);
  const search = params.toString();
  return `/${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The slice of a course a catalogue card shows (no description: keeps the page data small). */
/**
 * How the home page answers (decision 104). `landing`: the first round trip's document (`/` with no
 * search of its own): the lists below the first screen are placeholders with a link to the `full`
 * page, filled by the live-search island. `full`: every section in the document (any search, a tab, a
 * level, the polos, or `?secoes=todas`, the placeholders' link). `search` / `parts`: only the HTML of
 * the parts (`?fragmento=busca`: the live regions of a search; `?fragmento=inicio`: those and the
 * deferred sections), for the island.
 */
export type HomeView = "landing" | "full" | "search" | "parts";

export const FULL_HOME_PARAM = "secoes";

export function homeView(params: URLSearchParams): HomeView {
  const fragment = params.get(HOME_FRAGMENT_PARAM);
  if (fragment === HOME_PARTS.search) return "search";
  if (fragment === HOME_PARTS.deferred) return "parts";
  const searched = ["q", "nivel", "area", "polo", "polos"].some((name) => params.has(name));
  return searched || params.get(FULL_HOME_PARAM) === "todas" ? "full" : "landing";
}

/** The home page with every section in its document, at one of them: the placeholders' link without JavaScript. */
export function fullHomeHref(hash: string): string {
  return `/?${FULL_HOME_PARAM}=todas#${hash}`;
}

export type CourseCardData = Pick<Course, "id" | "name" | "area" | "duration" | "modality" | "url" | "photo"> & {
  /** The course's own icon, shown until it has a photo. */
  icon: CourseIcon;
  /** 'Bolsa de até 70%' badge: Educação Física courses in the featured block. */
  scholarshipBadge: boolean;
};

export function toCardData(course: Course, withBadge = false): CourseCardData {
  return {
    id: course.id,
    name: course.name,
    area: course.area,
    duration: course.duration,
    modality: course.modality,
    url: course.url,
    icon: course.icon as CourseIcon,
    photo: course.photo,
    scholarshipBadge: withBadge && isEducacaoFisica(course),
  };
}

export type HomeCatalogue = {
  term: string;
  /** The level the catalogue is narrowed to, and the levels it can be (shown only when the catalogue has two or more). */
  level: CourseLevel | null;
  levels: CatalogueLevel[];
  /** Matches for the term; null when there is no term (featured block + tabs instead). */
  results: CourseCardData[] | null;
  featured: CourseCardData[];
  area: CourseArea;
  areas: { name: CourseArea; slug: string; count: number }[];
  areaCourses: CourseCardData[];
};

export function catalogueData(all: readonly Course[], query: Pick<HomeQuery, "q" | "area" | "level">): HomeCatalogue {
  const levels = catalogueLevels(all);
  // With one level (or a level without courses) there is nothing to narrow: the whole catalogue.
  const level = levels.length > 1 && levels.some((each) => each.name === query.level) ? query.level : null;
  const list = level ? all.filter((course) => course.level === level) : all;
  const areas = COURSE_AREAS.map((name) => ({ name, slug: AREA_SLUGS[name], count: coursesInArea(list, name).length }));
  if (query.q) {
    return {
      term: query.q,
      level,
      levels,
      results: searchCourses(list, query.q).map((c) => toCardData(c)),
      featured: [],
      area: query.area,
      areas,
      areaCourses: [],
    };
  }
  return {
    term: "",
    level,
    levels,
    results: null,
    featured: featuredCourses(list).map((c) => toCardData(c, true)),
    area: query.area,
    areas,
    areaCourses: coursesInArea(list, query.area).map((c) => toCardData(c)),
  };
}

export type HomePolos = {
  term: string;
  showAll: boolean;
  /** Up to three cities of the active polos, the search box's example ("Ex.: Curitiba, Joinville"). */
  exampleCities: string[];
  visible: Polo[];
  total: number;
  hidden: number;
};

/** The first three distinct cities of the polos ("Belo Horizonte - Centro - MG" is Belo Horizonte). */
export function exampleCities(list: readonly Polo[]): string[] {
  return [...new Set(list.map((polo) => polo.location.split(" - ")[0]!.trim()))].slice(0, 3);
}

export function polosData(list: readonly Polo[], query: Pick<HomeQuery, "polo" | "allPolos">, pageSize = 12): HomePolos {
  const page = pagePolos(searchPolos(list, query.polo), query.allPolos, pageSize);
  return { term: query.polo, showAll: query.allPolos, exampleCities: exampleCities(list), ...page };
}

/** A level of the catalogue's filter: its name, its address fragment (`?nivel=`) and how many active courses it has. */
export type CatalogueLevel = { name: CourseLevel; slug: string; count: number };

/** The levels the active catalogue has courses of, in the levels' order (Graduação, Pós-graduação, …). */
export function catalogueLevels(list: readonly Course[]): CatalogueLevel[] {
  return COURSE_LEVELS.map((name) => ({
    name,
    slug: LEVEL_SLUGS[name],
    count: list.filter((course) => course.level === name).length,
  })).filter((level) => level.count > 0);
}

/** `?nivel=pos-graduacao` (or the level's name, accents and case ignored) → the level; anything else → null. */
export function parseLevel(value: string | null | undefined): CourseLevel | null {
  if (!value) return null;
  const wanted = normalizeText(value.trim());
  return COURSE_LEVELS.find((level) => LEVEL_SLUGS[level] === wanted || normalizeText(level) === wanted) ?? null;
}

/**
 * The catalogue's addresses by level, for the sitemap (`/?nivel=pos-graduacao`): only when the active
 * catalogue has two or more levels (with one, the filter is the home page itself).
 */
export function levelPaths(list: readonly Course[]): string[] {
  const levels = catalogueLevels(list);
  return levels.length < 2 ? [] : levels.map((level) => homeHref({ level: level.name }));
}
