import { z } from "zod";

import { COURSE_AREAS, MODALITIES } from "~/features/courses/course-areas.seed";
import { poloSlug, poloSlugField } from "~/features/polos/content";
import {
  institutionPhoneField,
  optionalStoredPhoto,
  optionalText,
  optionalWhatsappNumber,
  REQUIRED_MESSAGE,
  requiredText,
} from "~/features/studio/fields";

import { COURSE_ICON_NAMES } from "./course-icons";
import { courseOfferShape, curriculumInput, offerIssues, poloIdsInput, workloadInput } from "./course-offer";
import { formatOf, formatRefusal, OFFER_FORMATS } from "./offer-formats";

/**
 * The catalogue's courses and the study centres (polos) as the studio edits them (pages "Cursos"
 * and "Polos"): one document per course and per polo. Shared by the forms' client validation and
 * the server.
 */

/**
 * First path segments the site's own pages answer (app/routes.ts's top-level paths): a course
 * cannot take them. app/features/courses/course-paths.test.ts checks this list against the route table.
 */
export const RESERVED_PATHS = [
  "admin",
  "america-mg",
  "api",
  "assets",
  "assistente",
  "bolsas",
  "campanha-relampago",
  "compartilhar",
  "condicoes-de-oferta",
  "contato",
  "curso-id",
  "curso-ideal",
  "cursos",
  "e-mail",
  "fale-conosco",
  "fonts",
  "healthz",
  "imagens",
  "images",
  "inscricao",
  "login-admin",
  "polos",
  "privacidade",
  "robots.txt",
  "sitemap.xml",
  "termos",
  "teste-vocacional",
  "trabalhe-conosco",
  "whatsapp",
] as const;

/** A path as the catalogue writes it: leading slash, no trailing slash, lower-case, decoded. */
export function normalizeCoursePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  const trimmed = decoded.trim().toLowerCase().replace(/\/+$/, "");
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

export const PATH_FORMAT_MESSAGE = "Endereço inválido - use letras minúsculas sem acento, números e hífens, ex.: /enfermagem";
export const PATH_RESERVED_MESSAGE = "Este endereço já é de uma página do site - escolha outro";

/** Does this path fall on one of the site's own pages (/contato, /whatsapp/..., /admin/...)? */
export function isReservedPath(path: string): boolean {
  const first = normalizeCoursePath(path).split("/")[1] ?? "";
  return (RESERVED_PATHS as readonly string[]).includes(first);
}

/**
 * A course's own address: /enfermagem, or /cursos/<slug> for the dedicated pages. Lower-case
 * letters, digits and hyphens; not a page the site already has.
 */
export const coursePathField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .transform((value) => normalizeCoursePath(value))
  .refine(
    (value) => /^\/[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)?$/.test(value) && value.length <= 80,
    PATH_FORMAT_MESSAGE,
  )
  .refine((value) => !isReservedPath(value) || /^\/cursos\/[a-z0-9-]+$/.test(value), PATH_RESERVED_MESSAGE);

export const PRICE_MESSAGE = "Valor inválido - use só o número em reais, ex.: 349,90";

/** "349,90", "1.049,90", "R$ 349" → 349.9; empty → null (no price shown). */
export function parsePrice(input: string): number | null | undefined {
  const text = input.replace(/^R\$\s*/i, "").trim();
  if (text === "") return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(text)) return undefined;
  return Number(text.replace(/\./g, "").replace(",", "."));
}

/** The monthly price in reais ("a partir de R$ …"), or null when none is published. */
export const monthlyPriceField = z
  .number({ error: PRICE_MESSAGE })
  .positive(PRICE_MESSAGE)
  .max(99_999, PRICE_MESSAGE)
  .multipleOf(0.01, PRICE_MESSAGE)
  .nullable();

/** What a course is, as stored (its regulatory fields in course-offer.ts, decision 084). */
const courseObject = z.object({
  name: requiredText(120),
  area: z.enum(COURSE_AREAS, { error: "Escolha uma área" }),
  modality: z.enum(MODALITIES, { error: "Escolha uma modalidade" }),
  /** As shown: "4 anos", "2,5 anos". */
  duration: requiredText(40),
  path: coursePathField,
  featured: z.boolean(),
  /** The photo uploaded in the studio (null until there is one: the card shows the icon). An older "" means none. */
  photo: z.preprocess((value) => (value === "" ? null : value), optionalStoredPhoto),
  icon: z.enum(COURSE_ICON_NAMES, { error: "Escolha um ícone" }),
  description: requiredText(400),
  monthlyPrice: monthlyPriceField,
  /** What the curriculum stands out for: one line each, shown on the course page. */
  highlights: z.array(requiredText(160)).max(12, "Use no máximo 12 destaques"),
  active: z.boolean(),
  ...courseOfferShape,
});

/** A course saved before Decreto 12.456/2025 names its modality the old way: mapped by decision 083. */
function migrateLegacyModality(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const course = value as Record<string, unknown>;
  if (typeof course.modality !== "string" || (OFFER_FORMATS as readonly string[]).includes(course.modality)) return value;
  return { ...course, modality: formatOf(course.modality, typeof course.name === "string" ? course.name : "") };
}

export const courseSchema = z.preprocess(migrateLegacyModality, courseObject);

export type CourseDocument = z.infer<typeof courseObject>;

/** A checkbox as a form sends it: "on" when ticked, nothing otherwise. */
export const checkboxField = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The Brazilian states (UF) a polo can be in. */
export const BRAZILIAN_STATES = {
  AC: "Acre",
  AL: "Alagoas",
  AP: "Amapá",
  AM: "Amazonas",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MT: "Mato Grosso",
  MS: "Mato Grosso do Sul",
  MG: "Minas Gerais",
  PA: "Pará",
  PB: "Paraíba",
  PR: "Paraná",
  PE: "Pernambuco",
  PI: "Piauí",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RS: "Rio Grande do Sul",
  RO: "Rondônia",
  RR: "Roraima",
  SC: "Santa Catarina",
  SP: "São Paulo",
  SE: "Sergipe",
  TO: "Tocantins",
} as const;

export type StateCode = keyof typeof BRAZILIAN_STATES;
const STATE_CODES = Object.keys(BRAZILIAN_STATES) as [StateCode, ...StateCode[]];

/** A study centre, as stored. Visitors see "location - UF" ("Belo Horizonte - Centro - MG"). */
const poloObject = z.object({
  /** City and district: "Belo Horizonte - Centro". */
  location: requiredText(100),
  state: z.enum(STATE_CODES, { error: "Escolha o estado" }),
  phone: institutionPhoneField,
  address: optionalText(200),
  /** Its page's address fragment: /polos/<slug> (decision 085). */
  slug: poloSlugField,
  /** "Segunda a sexta, 8h às 20h": shown as typed on the polo's page; empty shows nothing. */
  hours: optionalText(160),
  /** The polo's own WhatsApp (digits with the country code), or "" for none. */
  whatsapp: optionalWhatsappNumber,
  active: z.boolean(),
});

/** A polo stored before its page existed has no slug: it takes the one its name gives (decision 085). */
function withSlug(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const polo = value as Record<string, unknown>;
  if (typeof polo.slug === "string" && polo.slug.trim() !== "") return value;
  if (typeof polo.location !== "string" || typeof polo.state !== "string") return value;
  return { ...polo, slug: poloSlug(`${polo.location} - ${polo.state}`) };
}

export const poloSchema = z.preprocess(withSlug, poloObject);

export type PoloDocument = z.infer<typeof poloObject>;

/** A polo as the course form's check boxes list it. */
export type StudioPoloOption = { id: string; label: string; active: boolean };

/** The polo's name as visitors and the enrolment form see it. */
export function poloLabel(polo: Pick<PoloDocument, "location" | "state">): string {
  return `${polo.location} - ${polo.state}`;
}

/** The price box as typed: empty → null (no price shown), "349,90" → 349.9; anything else fails with PRICE_MESSAGE. */
const priceInput = z.preprocess((value) => {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") return value;
  const price = parsePrice(value);
  return price === undefined ? value : price;
}, monthlyPriceField);

/** One line per highlight in the form's text box. */
function lines(value: unknown): string[] {
  return typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
}

/** The course form (studio "Cursos"); its photo field is stored by saveUploadedPhoto before parsing. */
export const courseFormSchema = courseObject
  .extend({
    photo: optionalStoredPhoto,
    featured: checkboxField,
    active: checkboxField,
    monthlyPrice: priceInput,
    highlights: z.preprocess(lines, courseObject.shape.highlights),
    workloadHours: workloadInput,
    curriculum: curriculumInput,
    poloIds: poloIdsInput,
    /** "Mesma página de outro curso": lets a path an active course already has be shared on purpose. */
    samePage: checkboxField,
  })
  .superRefine((value, ctx) => {
    const refusal = formatRefusal(value.name, value.modality);
    if (refusal) ctx.addIssue({ code: "custom", path: ["modality"], message: refusal });
    for (const issue of offerIssues(value)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

/** The polo form (studio "Polos"); an empty address box takes the one the polo's name gives. */
export const poloFormSchema = z.preprocess(
  withSlug,
  poloObject.extend({
    active: checkboxField,
    /** The polo × course table: the ids of the courses offered at this polo (decision 085). */
    courseIds: z.preprocess(
      (value) =>
        value === undefined || value === ""
          ? []
          : (Array.isArray(value) ? value : [value]).filter((id) => typeof id === "string" && id !== ""),
      z.array(z.string().regex(/^\d{1,6}$/, "Curso inválido")).max(2000),
    ),
  }),
);

/** How a price is shown back in the form's box: 349.9 → "349,90". */
export function priceInputValue(price: number | null): string {
  return price === null ? "" : price.toFixed(2).replace(".", ",");
}

/** How many leads chose a course, and how many are still being served (neither matriculado nor perdido). */
export type CourseLeadCounts = { total: number; open: number };

/**
 * What deactivating or deleting a course means for the leads who chose it (the studio's warning
 * beside "Curso ativo"); null when none did.
 */
export function courseLeadsWarning({ total, open }: CourseLeadCounts): string | null {
  if (total === 0) return null;
  const chose = total === 1 ? "1 lead escolheu este curso" : `${total} leads escolheram este curso`;
  const serving = open === 0 ? "nenhum em atendimento" : open === 1 ? "1 ainda em atendimento" : `${open} ainda em atendimento`;
  return `Atenção: ${chose} (${serving}). Sem o curso no site, os leads continuam no painel com o nome dele: combine com a equipe comercial o que oferecer a eles.`;
}
