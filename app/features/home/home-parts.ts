/**
 * The home page's parts for its live-search island (decision 104): `/?fragmento=busca` answers only
 * the live regions of a search, `/?fragmento=inicio` those and the sections the landing document
 * leaves out. Shared by the route (app/features/home/home-data.ts) and the island, which bundles no more than this.
 */
export const HOME_FRAGMENT_PARAM = "fragmento";
export const HOME_PARTS = { search: "busca", deferred: "inicio" } as const;
