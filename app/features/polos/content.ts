import { z } from "zod";

/**
 * A polo's own page (/polos/<slug>, decision 085): its address fragment, the plain link to a map
 * search of its address, and the form rules of those fields. Pure: shared by the studio's form, the
 * server and the page.
 */

/** Where polo pages live; a polo's page is `${POLOS_PATH}/<slug>`. */
export const POLOS_PATH = "/polos";

/** A polo's address fragment from its name: "Belo Horizonte - Centro - MG" → "belo-horizonte-centro-mg". */
export function poloSlug(label: string): string {
  return label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export function poloPath(slug: string): string {
  return `${POLOS_PATH}/${slug}`;
}

export const POLO_SLUG_MESSAGE =
  "Endereço inválido - use letras minúsculas sem acento, números e hífens, ex.: belo-horizonte-centro-mg";
export const POLO_SLUG_TAKEN_MESSAGE = "Este endereço já é da página de outro polo - escolha outro";

/**
 * Literal addresses under /polos/ that a route of the site answers (none today): a polo cannot take
 * them. app/features/polos/polo-pages.integration.test.ts checks the list against app/routes.ts.
 */
export const RESERVED_POLO_SLUGS: readonly string[] = [];

export const POLO_SLUG_RESERVED_MESSAGE = "Este endereço já é de uma página do site - escolha outro";

/** The slug box: lower-case letters, digits and hyphens, at most 80 characters. */
export const poloSlugField = z
  .string({ error: POLO_SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .refine((value) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 80, POLO_SLUG_MESSAGE)
  .refine((value) => !RESERVED_POLO_SLUGS.includes(value), POLO_SLUG_RESERVED_MESSAGE);

/**
 * The plain link "Ver no mapa": a map search of the polo's address (or of its city and district
 * when it has no street yet). A link only: no embed, no third-party script on the page.
 */
export function mapSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
