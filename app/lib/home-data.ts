import type { CourseIcon } from "~/lib/content/course-icons";
import {
  cleanTerm,
  coursesInArea,
  featuredCourses,
  isEducacaoFisica,
  pagePolos,
  parseArea,
  searchCourses,
  searchPolos,
} from "~/lib/courses/search";
import { AREA_SLUGS, type Course, COURSE_AREAS, type CourseArea, DEFAULT_AREA } from "~/seed/course-areas";
import type { Polo } from "~/seed/polos";

/** What the home page's query string says: catalogue term and tab, polo term and 'show all'. */
export type HomeQuery = {
  q: string;
  area: CourseArea;
  polo: string;
  allPolos: boolean;
};

export const ALL_POLOS_VALUE = "todos";

export function parseHomeQuery(params: URLSearchParams): HomeQuery {
  return {
    q: cleanTerm(params.get("q")),
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
  if (state.area && state.area !== DEFAULT_AREA) params.set("area", AREA_SLUGS[state.area]);
  if (state.polo) params.set("polo", state.polo);
  if (state.allPolos) params.set("polos", ALL_POLOS_VALUE);
  const search = params.toString();
  return `/${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The slice of a course a catalogue card shows (no description: keeps the page data small). */
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
  /** Matches for the term; null when there is no term (featured block + tabs instead). */
  results: CourseCardData[] | null;
  featured: CourseCardData[];
  area: CourseArea;
  areas: { name: CourseArea; slug: string; count: number }[];
  areaCourses: CourseCardData[];
};

export function catalogueData(list: readonly Course[], query: Pick<HomeQuery, "q" | "area">): HomeCatalogue {
  const areas = COURSE_AREAS.map((name) => ({ name, slug: AREA_SLUGS[name], count: coursesInArea(list, name).length }));
  if (query.q) {
    return {
      term: query.q,
      results: searchCourses(list, query.q).map((c) => toCardData(c)),
      featured: [],
      area: query.area,
      areas,
      areaCourses: [],
    };
  }
  return {
    term: "",
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
  visible: Polo[];
  total: number;
  hidden: number;
};

export function polosData(list: readonly Polo[], query: Pick<HomeQuery, "polo" | "allPolos">, pageSize = 12): HomePolos {
  const page = pagePolos(searchPolos(list, query.polo), query.allPolos, pageSize);
  return { term: query.polo, showAll: query.allPolos, ...page };
}
