import { AREA_CAREERS, type Course, type CourseArea, type Modality } from "~/features/courses/course-areas.seed";
import { type CourseCardData, toCardData } from "~/features/home/home-data";
import { formatReais } from "~/shared/format";
import { courseJsonLd } from "~/shared/json-ld";
import { pageMeta, type SeoSite, siteFromMatches } from "~/shared/seo";

export type CoursePageData = {
  /** The page's title: the course name, or the common name of its variants ('Educação Física'). */
  title: string;
  description: string;
  image: string;
  /** The first course's photo from the studio (null: the area's illustration). */
  photo: Course["photo"];
  areas: CourseArea[];
  modalities: Modality[];
  /** The levels of the page's courses ("Graduação", "Pós-graduação", …), without repeats. */
  levels: Course["level"][];
  durations: string[];
  /** One entry per distinct course at this path (Licenciatura and Bacharelado share /educacaofisica). */
  variants: Pick<Course, "id" | "name" | "modality" | "duration" | "description">[];
  careers: string;
  related: CourseCardData[];
  /** The lowest monthly price among the page's courses ("a partir de R$ …"); null when none is published. */
  monthlyPrice: number | null;
  /** What the curriculum stands out for (every variant's, without repeats). */
  highlights: string[];
};

/** "a partir de R$ 349,90": how a course's monthly price is written on its page. */
export function monthlyPriceText(price: number): string {
  return `a partir de ${formatReais(price)}`;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** 'Educação Física - Licenciatura' + 'Educação Física - Bacharelado' → 'Educação Física'. */
export function commonCourseTitle(names: string[]): string {
  const distinct = unique(names);
  if (distinct.length === 1) return distinct[0]!;
  const bases = unique(distinct.map((n) => n.split(" - ")[0]!.trim()));
  return bases.length === 1 ? bases[0]! : distinct.join(" / ");
}

/**
 * Everything a course page shows, from the courses found at its path (none → null: the route
 * answers 404). Related courses: same area, other pages, featured first, at most `relatedCount`;
 * topped up with other featured courses when the area is small.
 */
export function coursePageData(matched: readonly Course[], all: readonly Course[], relatedCount = 4): CoursePageData | null {
  const primary = matched[0];
  if (!primary) return null;
  const urls = new Set(matched.map((c) => c.url));
  const names = new Set(matched.map((c) => c.name));
  const areas = unique(matched.map((c) => c.area));
  const others = all.filter((c) => !urls.has(c.url) && !names.has(c.name));
  const sameArea = others.filter((c) => areas.includes(c.area));
  const ordered = [...sameArea.filter((c) => c.featured), ...sameArea.filter((c) => !c.featured)];
  const fill = others.filter((c) => c.featured && !ordered.includes(c));
  const relatedCourses: Course[] = [];
  for (const c of [...ordered, ...fill]) {
    if (relatedCourses.length >= relatedCount) break;
    if (!relatedCourses.some((r) => r.url === c.url)) relatedCourses.push(c);
  }
  const variants = matched.filter((c, i) => matched.findIndex((m) => m.name === c.name) === i);
  const title = commonCourseTitle(matched.map((c) => c.name));
  const kinds = variants.map((v) => v.name.split(" - ")[1]?.trim()).filter(Boolean);
  const description =
    variants.length > 1 && kinds.length === variants.length
      ? `${title} em ${kinds.length} formações à sua escolha: ${kinds.join(" ou ")}. ${primary.description}`
      : primary.description;
  return {
    title,
    description,
    image: primary.image,
    photo: matched.find((c) => c.photo)?.photo ?? null,
    areas,
    modalities: unique(matched.map((c) => c.modality)),
    levels: unique(matched.map((c) => c.level)),
    durations: unique(matched.map((c) => c.duration)),
    variants: variants.map(({ id, name, modality, duration, description }) => ({ id, name, modality, duration, description })),
    careers: AREA_CAREERS[primary.area],
    related: relatedCourses.map((c) => toCardData(c)),
    monthlyPrice: lowestPrice(matched),
    highlights: unique(matched.flatMap((c) => c.highlights)),
  };
}

function lowestPrice(matched: readonly Course[]): number | null {
  const prices = matched.map((c) => c.monthlyPrice).filter((price): price is number => price !== null);
  return prices.length ? Math.min(...prices) : null;
}

/** Title, description and Course JSON-LD of the course page at `path`, for `pageMeta`. */
/** `bolsa`: the figure of the offer cards covering the course, "" when none does. */
export function courseSeo(page: CoursePageData, site: SeoSite | undefined, path: string, bolsa: string) {
  const course = {
    name: page.title,
    description: page.description,
    url: path,
    modality: page.modalities[0] ?? "EAD",
    duration: page.durations[0] ?? "",
    area: page.areas[0],
  };
  return {
    title: `${page.title}: ${page.levels.map((level) => level.toLowerCase()).join(" ou ")} ${page.modalities.join(" ou ")}${bolsa ? ` com bolsa de até ${bolsa}` : ""}`,
    description: `${page.description} Duração: ${page.durations.join(" ou ")}.${bolsa ? ` Bolsas de até ${bolsa}.` : ""}`,
    image: page.image,
    jsonLd: site ? [courseJsonLd(course, site)] : [],
  };
}

/**
 * The `meta` of a course page, at /cursos/… or at its own path: its title, description and Course
 * JSON-LD with the page's own share image; a retired course's "Curso encerrado", kept out of search.
 */
export function courseMeta(
  args: Parameters<typeof pageMeta>[0] & {
    data: { page: CoursePageData | null; shareImage?: string; bolsa?: string } | undefined;
  },
) {
  if (!args.data) return [{ title: "Página não encontrada" }];
  if (!args.data.page) return [{ title: "Curso encerrado" }, { name: "robots", content: "noindex" }];
  const seo = courseSeo(args.data.page, siteFromMatches(args.matches), args.location.pathname, args.data.bolsa ?? "");
  return pageMeta(args, { ...seo, image: args.data.shareImage ?? seo.image });
}
