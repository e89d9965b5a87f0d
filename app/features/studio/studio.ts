/** Names shared by the studio's server actions and its forms. */

export const STUDIO_PATH = "/admin/conteudo";

/** The hidden field every studio form carries: the version the editor started from. */
export const VERSION_FIELD = "version";

/** The hidden field of a list section's item form (FAQ, Depoimentos): the item's id, "" for a new one. */
export const LIST_ITEM_FIELD = "item";

/** The studio's pages, in the order of its menu. A new section adds itself here. */
export const STUDIO_SECTIONS = [
  { to: STUDIO_PATH, label: "Visão geral", end: true },
  { to: `${STUDIO_PATH}/instituicao`, label: "Instituição" },
  { to: `${STUDIO_PATH}/inicio`, label: "Página inicial" },
  { to: `${STUDIO_PATH}/depoimentos`, label: "Depoimentos" },
  { to: `${STUDIO_PATH}/faq`, label: "FAQ" },
  { to: `${STUDIO_PATH}/cursos`, label: "Cursos" },
  { to: `${STUDIO_PATH}/polos`, label: "Polos" },
  { to: `${STUDIO_PATH}/campanha`, label: "Campanha" },
  { to: `${STUDIO_PATH}/historias`, label: "Histórias da campanha" },
  { to: `${STUDIO_PATH}/clube`, label: "Clube e Trabalhe conosco" },
  { to: `${STUDIO_PATH}/historico`, label: "Histórico" },
] as const satisfies readonly { to: string; label: string; end?: boolean }[];

/** One line per item of a text box (blank lines dropped): addresses, lists of highlights. */
export function linesOf(value: unknown): string[] {
  return typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
}

/** One warning of the studio's first page: the section it is about, the page that fixes it, what it says. */
export type ContentWarning = { section: string; to: string; text: string };
