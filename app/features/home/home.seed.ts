/**
 * The home hero's stats as the site first showed them: the seed of the studio's "Página inicial"
 * (app/features/home/home.server.ts), no longer read by the page. The course count and the
 * scholarship are derived from the catalogue and the offers; the polo figure seeds the override.
 */
export const heroStats = [
  { value: "80+", label: "cursos" },
  { value: "70%", label: "de bolsa" },
  { value: "1000+", label: "polos" },
] as const;
