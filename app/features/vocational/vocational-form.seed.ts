/**
 * The lead form of the vocational test: the five 'Sondagem Profissional' questions with the
 * option values stored in each lead row, and the consent text the visitor sees.
 */

export const WORK_STATUS = {
  carteira_assinada: "Trabalho com carteira assinada",
  autonomo: "Sou autônomo(a) ou empreendedor(a)",
  informal: "Trabalho na informalidade",
  nao_trabalho: "Não trabalho ou nunca trabalhei",
} as const;

export const WORK_AREA = {
  saude: "Saúde",
  educacao: "Educação",
  ti: "Tecnologia da Informação",
  admin: "Administração e Negócios",
} as const;

export const WORK_SATISFACTION = {
  gosto_muito: "Gosto muito da minha área",
  gosto_temporario: "Gosto, mas é algo temporário",
  nao_gosto: "Não gosto da minha área",
  nunca_trabalhei: "Nunca trabalhei",
} as const;

export const CAREER_GOAL = {
  mesma_area: "Crescer na mesma área",
  nova_area: "Mudar para uma nova área",
  comecando: "Estou começando minha carreira",
  indeciso: "Ainda estou indeciso(a)",
} as const;

export const DESIRED_AREA = {
  saude_bem_estar: "Saúde e Bem-Estar",
  educacao_desenvolvimento: "Educação e Desenvolvimento",
  gestao_negocios: "Gestão e Negócios",
  comunicacao_artes: "Comunicação e Artes",
} as const;

export type SurveyField = "workStatus" | "workArea" | "workSatisfaction" | "careerGoal" | "desiredArea";

/** The five selects, in the order of the form, with their labels and the lead column they fill. */
export const SURVEY_FIELDS: {
  name: SurveyField;
  label: string;
  column: "perfil_trabalho" | "area_atuacao" | "satisfacao_area" | "objetivo_carreira" | "area_desejada";
  /** Header of the column in the submissions log. */
  logHeader: string;
  options: Record<string, string>;
}[] = [
  {
    name: "workStatus",
    label: "Qual é a sua situação profissional hoje?",
    column: "perfil_trabalho",
    logHeader: "Status Profissional",
    options: WORK_STATUS,
  },
  {
    name: "workArea",
    label: "Em qual área você atua ou tem mais experiência?",
    column: "area_atuacao",
    logHeader: "Área de Atuação",
    options: WORK_AREA,
  },
  {
    name: "workSatisfaction",
    label: "Você gosta da área em que trabalha?",
    column: "satisfacao_area",
    logHeader: "Satisfação",
    options: WORK_SATISFACTION,
  },
  {
    name: "careerGoal",
    label: "Qual é o seu objetivo de carreira?",
    column: "objetivo_carreira",
    logHeader: "Objetivo de Carreira",
    options: CAREER_GOAL,
  },
  {
    name: "desiredArea",
    label: "Em qual área você deseja se desenvolver?",
    column: "area_desejada",
    logHeader: "Área Desejada",
    options: DESIRED_AREA,
  },
];

/** The option's label for a stored value ('' or an unknown value shows as '-'). */
export function surveyLabel(field: SurveyField, value: string | null | undefined): string {
  const options = SURVEY_FIELDS.find((f) => f.name === field)?.options ?? {};
  return (value && options[value]) || "-";
}

/**
 * Every version of the consent notice shown above the submit button, oldest first, with its text.
 * Submitting is the consent; the form posts the version it showed (a page kept open or cached may
 * show an older one) and the lead row stores when, and that version. When the text changes, add a
 * new version here and keep the old ones: a post naming a version not listed here is refused.
 */
export const VOCATIONAL_CONSENT_TEXTS: Readonly<Record<string, string>> = {
  "teste-vocacional-v1":
    "Ao clicar em 'Iniciar Teste Vocacional', você concorda que a instituição use seus dados para mostrar o " +
    "resultado do teste e entrar em contato sobre cursos e bolsas, conforme a Política de Privacidade. " +
    "Você pode pedir a exclusão dos seus dados a qualquer momento.",
};

/** The version the form shows now. */
const CURRENT_CONSENT_VERSION = "teste-vocacional-v1";

/** The consent notice the form shows now: its version and text. */
export const VOCATIONAL_CONSENT: { readonly version: string; readonly text: string } = {
  version: CURRENT_CONSENT_VERSION,
  text: VOCATIONAL_CONSENT_TEXTS[CURRENT_CONSENT_VERSION],
};

/** Name of the hidden field with which the form posts the consent version it showed. */
export const CONSENT_VERSION_FIELD = "consentVersion";

/** Shown (and nothing stored) when the posted consent version is not one of VOCATIONAL_CONSENT_TEXTS. */
export const UNKNOWN_CONSENT_VERSION_MESSAGE =
  "O aviso de privacidade deste formulário foi atualizado. Leia o aviso acima do botão e envie o formulário novamente.";
