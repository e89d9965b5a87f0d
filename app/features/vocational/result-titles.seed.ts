/**
 * The titles of the vocational test's result pages, by slug, on their own: the admin panel's
 * profile filter and dashboard need only these names, and importing app/features/vocational/profiles.seed.ts
 * would ship the whole course catalogue (which the result pages use) to the panel's browser
 * bundle. app/features/vocational/result-titles.test.ts keeps them equal to RESULT_PAGES' titles.
 */
export const RESULT_TITLES = {
  negocios: "Gestão & Negócios",
  comunicacao: "Comunicação",
  exatas: "Ciências Exatas",
  criatividade: "Criatividade, Comunicação & Artes",
  saude: "Saúde & Bem-Estar",
  tecnologia: "Tecnologia & Engenharias",
} as const;
