/** Where a lead came from: each origin's key (stored in `leads.origem`) and its label. */
export const LEAD_ORIGINS = {
  teste_vocacional: "Teste vocacional",
  inscricao: "Formulário de inscrição",
  contato: "Fale com um consultor",
  bolsa: "Solicitação de bolsa",
  america_mg: "Página do clube",
} as const;
export type LeadOrigin = keyof typeof LEAD_ORIGINS;

export function isLeadOrigin(value: unknown): value is LeadOrigin {
  return typeof value === "string" && Object.hasOwn(LEAD_ORIGINS, value);
}
