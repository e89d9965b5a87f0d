/** The Distribuição page's post intents, shared by the page and the server (decision 086). */
export const DISTRIBUTION_INTENTS = {
  switch: "ligar",
  clock: "prazo",
  availability: "disponibilidade",
  addTeam: "equipe-nova",
  removeTeam: "equipe-remover",
  addMember: "membro-adicionar",
  removeMember: "membro-remover",
  addRule: "regra-nova",
  removeRule: "regra-remover",
} as const;
