import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { isbot } from "isbot";

import { commonCourseTitle } from "~/features/courses/course-page";
import { findActiveCoursesByPath, findSpecialCourse } from "~/features/courses/courses.server";
import { getInstitution } from "~/features/institution/institution.server";
import type { WhatsappContacts } from "~/features/leads/dashboard";
import { attributionFor } from "~/features/leads/forms/attribution.server";
import { poloWhatsappAt } from "~/features/polos/polos.server";
import { isResultSlug, RESULT_PAGES } from "~/features/vocational/profiles.seed";
import { coursePath, sitePath, waMeUrl, whatsappMessage, type WhatsappTopic } from "~/features/whatsapp/contact";
import { db, schema } from "~/platform/db/client.server";
import { clientIp, createRateLimiter } from "~/platform/rate-limit.server";
import { getVisitorSession } from "~/platform/session.server";
import { PRIVATE_CACHE_CONTROL } from "~/shared/cache-headers";
import { saoPauloInstant } from "~/shared/dates";

const clicks = schema.whatsappClicks;

/**
 * Clicks counted per IP and hour. Past this the visitor still reaches WhatsApp, the click just is
 * not counted: a script repeating the link cannot inflate the dashboard, and a school's shared
 * connection still counts a classroom.
 */
export const CLICKS_PER_IP_PER_HOUR = 20;
const clickLimiter = createRateLimiter(CLICKS_PER_IP_PER_HOUR, 60 * 60 * 1000, "cliques no WhatsApp");

/** Every answer of the counting route: personal to this click, kept by no cache, indexed by no search engine. */
const ROUTE_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

/** Pages a click may come from, by the name the message gives them. */
const PAGE_NAMES: Record<string, string> = {
  "/": "inicial",
  "/bolsas": "de bolsas",
  "/campanha-relampago": "da campanha",
  "/america-mg": "América-MG",
  "/trabalhe-conosco": "Trabalhe Conosco",
  "/curso-ideal": "Curso Ideal",
  "/curso-id": "Curso Ideal",
  "/assistente": "do assistente virtual",
  "/inscricao": "de inscrição",
  "/teste-vocacional": "do teste vocacional",
  "/teste-vocacional/resultado": "do resultado do teste vocacional",
  "/teste-vocacional/simulacao-formatura": "da simulação de formatura",
};

/** The title of the active course whose page is at this path (/enfermagem, /cursos/biomedicina), or null. */
export function courseTitleAt(path: string): string | null {
  const special = /^\/cursos\/([a-z0-9-]+)$/.exec(path);
  if (special) return findSpecialCourse(special[1]!)?.name ?? null;
  const found = findActiveCoursesByPath(path);
  return found.length ? commonCourseTitle(found.map((course) => course.name)) : null;
}

/** What the message names, from the click's validated page and course: the course first, else the page. */
export function topicOf(page: string, course: string | null): WhatsappTopic {
  const courseTitle = (course && courseTitleAt(`/${course}`)) ?? courseTitleAt(page);
  if (courseTitle) return { course: courseTitle };
  const result = /^\/teste-vocacional\/resultado\/([a-z]+)$/.exec(page)?.[1];
  if (isResultSlug(result)) return { page: `do resultado do teste vocacional (perfil ${RESULT_PAGES[result].title})` };
  const polo = poloWhatsappAt(page);
  if (polo) return { page: `do polo ${polo.label}` };
  const name = PAGE_NAMES[page];
  return name ? { page: name } : null;
}

/** Requests that must not count: bots and link previews, and browsers prefetching the link. */
function isAutomatic(request: Request): boolean {
  const userAgent = request.headers.get("User-Agent") ?? "";
  if (!userAgent || isbot(userAgent)) return true;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  return /prefetch|prerender/i.test(purpose);
}

/** Stores one click: the page, the visit's UTM origin and the time; never who clicked. */
export async function recordWhatsappClick(request: Request, page: string, now: Date): Promise<void> {
  const attribution = attributionFor(request, await getVisitorSession(request));
  db.insert(clicks)
    .values({
      page,
      utmSource: attribution?.utm_source ?? null,
      utmMedium: attribution?.utm_medium ?? null,
      utmCampaign: attribution?.utm_campaign ?? null,
      clickedAt: now.toISOString(),
    })
    .run();
}

/**
 * GET /fale-conosco/whatsapp?pagina=<path>&curso=<course path>: counts the click (unless a bot, a
 * prefetch or over the IP's hourly budget) and answers 302 to wa.me with the message. No number set:
 * 404, nothing stored. A `pagina` that is not a path of this site: 400, nothing stored.
 */
export async function answerWhatsappClick(request: Request, now = new Date()): Promise<Response> {
  const url = new URL(request.url);
  // On a polo's page the button reaches the polo's own WhatsApp when it has one (decision 085).
  const polo = poloWhatsappAt(sitePath(url.searchParams.get("pagina")) ?? "");
  const number = polo?.number ?? getInstitution().whatsappNumber;
  if (!number) return new Response("Página não encontrada.", { status: 404, headers: ROUTE_HEADERS });
  const page = sitePath(url.searchParams.get("pagina"));
  if (!page) return new Response("Link inválido.", { status: 400, headers: ROUTE_HEADERS });
  const course = coursePath(url.searchParams.get("curso"));
  if (!isAutomatic(request) && (await clickLimiter.hit(clientIp(request)))) await recordWhatsappClick(request, page, now);
  const location = waMeUrl(number, whatsappMessage(topicOf(page, course)));
  return new Response(null, { status: 302, headers: { ...ROUTE_HEADERS, Location: location } });
}

/**
 * The dashboard's "Contatos pelo WhatsApp" from `firstDay` (São Paulo) on: null when there is nothing to
 * say (no number set and no click in the period), so a site without WhatsApp shows no such card.
 */
export function whatsappContactsSince(firstDay: string): WhatsappContacts | null {
  const since = saoPauloInstant(firstDay);
  const contacts = whatsappClicksSince(since);
  const teamContacts =
    db
      .select({ n: count() })
      .from(schema.leadContactAttempts)
      .where(and(eq(schema.leadContactAttempts.channel, "whatsapp"), gte(schema.leadContactAttempts.at, since.toISOString())))
      .get()?.n ?? 0;
  return contacts.total > 0 || teamContacts > 0 || getInstitution().whatsappNumber ? { ...contacts, teamContacts } : null;
}

/** Clicks since an instant, in total and by UTM source (none = ""), most first. */
export function whatsappClicksSince(since: Date): WhatsappContacts {
  const rows = db
    .select({ source: sql<string>`coalesce(${clicks.utmSource}, '')`.as("source"), n: count() })
    .from(clicks)
    .where(gte(clicks.clickedAt, since.toISOString()))
    .groupBy(sql`source`)
    .orderBy(desc(count()), sql`source`)
    .all();
  return { total: rows.reduce((sum, row) => sum + row.n, 0), bySource: rows.map((row) => ({ key: row.source, n: row.n })) };
}
