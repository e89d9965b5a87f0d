import { MAX_SCHOLARSHIP_PERCENT } from "~/seed/offers";

/** The selected courses' scholarship as the seed and today's fixed texts write it ("Bolsas de até 70%"). */
export const SEED_SELECTED_BOLSA = `${MAX_SCHOLARSHIP_PERCENT}%`;

/**
 * A fixed text that states the selected courses' scholarship (Educação Física: "Bolsas de até 70%"),
 * with the figure the studio stores instead (site.claims.selectedBolsa). With the seed, the text is unchanged.
 */
export function withSelectedBolsa(text: string, selectedBolsa: string): string {
  return text.replaceAll(SEED_SELECTED_BOLSA, selectedBolsa);
}
