/**
 * The students' WhatsApp buttons: shown only when the studio has a number for students. A button is a plain link to our own counting
 * route, which records the click and answers 302 to wa.me with a pt-BR message naming the page or
 * the course. Shared by the buttons (building the link) and the route (reading it back).
 */

/** The counting route: outside /whatsapp, which is the operators' area. */
export const WHATSAPP_CONTACT_PATH = "/fale-conosco/whatsapp";

/** The longest page path a click records (longer ones are not links this site makes). */
export const MAX_PAGE_LENGTH = 200;
/** The longest course path accepted in `curso`. */
export const MAX_COURSE_LENGTH = 80;

/** A path of this site: one leading slash (never "//host"), URL path characters only, no query, capped. */
export function sitePath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_PAGE_LENGTH) return null;
  return /^\/(?!\/)[A-Za-z0-9\-._~/%]*$/.test(value) ? value : null;
}

/** A course page's path without its leading slash ("enfermagem", "cursos/biomedicina"); anything else is null. */
export function coursePath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_COURSE_LENGTH) return null;
  return /^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(value) ? value : null;
}

/** The link a button points at: the page it is on and, on a course page, the course. */
export function whatsappContactHref({ page, course }: { page: string; course?: string }): string {
  const params = new URLSearchParams({ pagina: sitePath(page) ?? "/" });
  if (course && coursePath(course)) params.set("curso", course);
  return `${WHATSAPP_CONTACT_PATH}?${params}`;
}

/** What the message names: a course (by its title), a page (by a name), or nothing (the general greeting). */
export type WhatsappTopic = { course: string } | { page: string } | null;

export const GENERIC_WHATSAPP_TEXT = "Olá! Vim pelo site e quero saber mais.";

/** The message the visitor starts the chat with (pt-BR). */
export function whatsappMessage(topic: WhatsappTopic): string {
  if (topic && "course" in topic) return `Olá! Vim pelo site e quero saber mais sobre o curso de ${topic.course}.`;
  if (topic && "page" in topic) return `Olá! Vim pelo site, pela página ${topic.page}, e quero saber mais.`;
  return GENERIC_WHATSAPP_TEXT;
}

/** wa.me's address for a number (digits with country code) and a text. */
export function waMeUrl(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
