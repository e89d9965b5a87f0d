import type { Letter } from "~/features/vocational/scoring";

/**
 * Profiles of the vocational test (one per answer letter) and what each result page shows.
 * Courses are referenced by their id in the catalogue (app/features/courses/courses.seed.ts), so every card links
 * to the course's real page; app/features/vocational/profiles.test.ts fails when an id does not resolve.
 */

export type ProfileIcon = "heart" | "briefcase" | "code" | "palette" | "calculator" | "megaphone";

/** A course outside the graduation catalogue (technical or professional courses): name and description. */
export type ExtraCourse = { name: string; description: string };

export type CourseGroups = {
  /** Graduação (EAD e Semipresencial): 8 catalogue course ids. */
  graduacao: number[];
  /** Técnicos: 4. */
  tecnicos: ExtraCourse[];
  /** Profissionalizantes: 4. */
  profissionalizantes: ExtraCourse[];
};

export type ResultPage = {
  slug: ResultSlug;
  /** Heading of the profile ('Saúde & Bem-Estar'). */
  title: string;
  tagline: string;
  heroPhrase: string;
  description: string;
  icon: ProfileIcon;
  /** Tailwind classes of the hero (static strings so Tailwind sees them). */
  heroClass: string;
  accentClass: string;
  /** Six recommended catalogue course ids; absent where the page's groups are its recommendations (saúde). */
  recommended?: number[];
  /** The health and business pages also list the 8 + 4 + 4 catalogue. */
  groups?: CourseGroups;
  /** Pages with the spec's 'Refazer o teste' button. */
  retake: boolean;
};

export const RESULT_SLUGS = ["negocios", "comunicacao", "exatas", "criatividade", "saude", "tecnologia"] as const;
export type ResultSlug = (typeof RESULT_SLUGS)[number];

export function isResultSlug(value: unknown): value is ResultSlug {
  return typeof value === "string" && (RESULT_SLUGS as readonly string[]).includes(value);
}

const HEALTH_GROUPS: CourseGroups = {
  // Enfermagem, Psicologia, Farmácia, Fisioterapia, Nutrição, Biomedicina, Estética e Cosmética, Radiologia
  graduacao: [1, 2, 3, 4, 5, 6, 7, 8],
  tecnicos: [
    { name: "Técnico em Enfermagem", description: "Cuidados de enfermagem em hospitais, clínicas e atendimento domiciliar." },
    { name: "Técnico em Análises Clínicas", description: "Coleta e processamento de exames em laboratórios de análises." },
    { name: "Técnico em Radiologia", description: "Operação de equipamentos de raio-x, tomografia e ressonância." },
    { name: "Técnico em Estética", description: "Procedimentos estéticos faciais e corporais com segurança." },
  ],
  profissionalizantes: [
    { name: "Cuidador de Idosos", description: "Rotinas de cuidado, higiene e bem-estar da pessoa idosa." },
    { name: "Auxiliar de Farmácia", description: "Atendimento, organização de estoque e dispensação de medicamentos." },
    { name: "Massoterapia", description: "Técnicas de massagem terapêutica e relaxante." },
    { name: "Recepção em Serviços de Saúde", description: "Atendimento, agendamento e acolhimento em clínicas e hospitais." },
  ],
};

const BUSINESS_GROUPS: CourseGroups = {
  // Administração, Ciências Contábeis, Ciências Econômicas, Gestão de RH, Marketing, Logística, Gestão Financeira, Empreendedorismo
  graduacao: [28, 29, 30, 31, 32, 33, 34, 37],
  tecnicos: [
    { name: "Técnico em Administração", description: "Rotinas administrativas, finanças e atendimento nas empresas." },
    { name: "Técnico em Contabilidade", description: "Escrituração, tributos e demonstrações contábeis." },
    { name: "Técnico em Logística", description: "Estoques, compras, transporte e distribuição." },
    { name: "Técnico em Recursos Humanos", description: "Recrutamento, departamento pessoal e treinamento." },
  ],
  profissionalizantes: [
    { name: "Assistente Administrativo", description: "Organização de documentos, agendas e rotinas de escritório." },
    { name: "Auxiliar de Departamento Pessoal", description: "Admissão, folha de pagamento e benefícios." },
    { name: "Vendas e Atendimento ao Cliente", description: "Técnicas de negociação, vendas e pós-venda." },
    { name: "Excel para Negócios", description: "Planilhas, fórmulas e relatórios para o dia a dia da gestão." },
  ],
};

export const RESULT_PAGES: Record<ResultSlug, ResultPage> = {
  saude: {
    slug: "saude",
    title: "Saúde & Bem-Estar",
    tagline: "Cuidar das pessoas é a sua vocação",
    heroPhrase: "Você tem o perfil de quem transforma vidas com empatia e cuidado.",
    description:
      "Pessoas com este perfil se realizam ajudando os outros, têm paciência, sensibilidade e gostam de ver o resultado do próprio cuidado. A área da saúde é uma das que mais contratam no Brasil.",
    icon: "heart",
    heroClass: "bg-gradient-to-br from-rose-600 to-rose-800",
    accentClass: "text-rose-700",
    // 'Cursos recomendados para você' lists the 8 + 4 + 4 health catalogue.
    groups: HEALTH_GROUPS,
    retake: false,
  },
  negocios: {
    slug: "negocios",
    title: "Gestão & Negócios",
    tagline: "Você nasceu para liderar e empreender",
    heroPhrase: "Seu perfil é de quem organiza, decide e faz os resultados acontecerem.",
    description:
      "Pessoas com este perfil gostam de planejar, negociar e assumir responsabilidades. Têm visão de mercado e se destacam em empresas de todos os portes ou no próprio negócio.",
    icon: "briefcase",
    heroClass: "bg-gradient-to-br from-brand-700 to-brand-900",
    accentClass: "text-brand-700",
    // Administração, Ciências Contábeis, Gestão de RH, Marketing, Gestão Financeira, Logística
    recommended: [28, 29, 31, 32, 34, 33],
    groups: BUSINESS_GROUPS,
    retake: false,
  },
  tecnologia: {
    slug: "tecnologia",
    title: "Tecnologia & Engenharias",
    tagline: "Você gosta de entender como tudo funciona",
    heroPhrase: "Seu perfil é de quem resolve problemas complexos com lógica e inovação.",
    description:
      "Pessoas com este perfil têm raciocínio lógico, curiosidade e gostam de aprender sozinhas. Tecnologia e engenharia estão entre as áreas com mais vagas e melhores salários.",
    icon: "code",
    heroClass: "bg-gradient-to-br from-indigo-700 to-slate-900",
    accentClass: "text-indigo-700",
    // Análise e Desenvolvimento de Sistemas, Ciência da Computação, Ciência de Dados,
    // Segurança da Informação, Engenharia de Computação, Engenharia Civil
    recommended: [51, 52, 56, 57, 50, 46],
    retake: true,
  },
  exatas: {
    slug: "exatas",
    title: "Ciências Exatas",
    tagline: "Números e lógica são a sua linguagem",
    heroPhrase: "Seu perfil analítico é valorizado em todas as áreas que dependem de dados e precisão.",
    description:
      "Pessoas com este perfil gostam de cálculos, padrões e precisão. Encontram espaço na indústria, no mercado financeiro, na pesquisa e no ensino.",
    icon: "calculator",
    heroClass: "bg-gradient-to-br from-cyan-700 to-slate-900",
    accentClass: "text-cyan-800",
    // Matemática, Física, Engenharia de Produção, Engenharia Elétrica, Ciências Econômicas, Ciência de Dados
    recommended: [17, 22, 47, 48, 30, 56],
    retake: false,
  },
  criatividade: {
    slug: "criatividade",
    title: "Criatividade, Comunicação & Artes",
    tagline: "Você transforma ideias em algo que as pessoas veem e sentem",
    heroPhrase: "Seu perfil é de quem cria, comunica e inspira.",
    description:
      "Pessoas com este perfil são curiosas, expressivas e têm facilidade para contar histórias. Design, comunicação e audiovisual crescem com a economia digital.",
    icon: "palette",
    heroClass: "bg-gradient-to-br from-fuchsia-700 to-purple-900",
    accentClass: "text-fuchsia-700",
    // Design Gráfico, Publicidade e Propaganda, Produção Audiovisual, Jogos Digitais, Design de Moda, Arquitetura e Urbanismo
    recommended: [63, 59, 61, 67, 65, 66],
    retake: true,
  },
  comunicacao: {
    slug: "comunicacao",
    title: "Comunicação",
    tagline: "Sua voz foi feita para ser ouvida",
    heroPhrase: "Seu perfil é de quem se expressa bem e conecta pessoas e marcas.",
    description:
      "Pessoas com este perfil escrevem e falam bem, gostam de novidades e de redes sociais. Jornalismo, publicidade e marketing digital precisam desse talento.",
    icon: "megaphone",
    heroClass: "bg-gradient-to-br from-orange-600 to-red-800",
    accentClass: "text-orange-700",
    // Jornalismo, Publicidade e Propaganda, Relações Públicas, Marketing Digital, Produção Audiovisual, Letras
    recommended: [58, 59, 60, 62, 61, 15],
    retake: false,
  },
};

/** The profile definitions of the generic result page (keys Saude, Gestor, Tecnologia, Criativo), 8 courses each. */
export type GenericProfile = {
  key: "Saude" | "Gestor" | "Tecnologia" | "Criativo";
  letter: Letter;
  title: string;
  description: string;
  tagline: string;
  heroPhrase: string;
  icon: ProfileIcon;
  heroClass: string;
  courses: number[];
  resultSlug: ResultSlug;
};

export const GENERIC_PROFILES: Record<Letter, GenericProfile> = {
  A: {
    key: "Saude",
    letter: "A",
    title: "Saúde & Bem-Estar",
    description: RESULT_PAGES.saude.description,
    tagline: RESULT_PAGES.saude.tagline,
    heroPhrase: RESULT_PAGES.saude.heroPhrase,
    icon: "heart",
    heroClass: RESULT_PAGES.saude.heroClass,
    // Enfermagem, Psicologia, Farmácia, Fisioterapia, Nutrição, Biomedicina, Pedagogia, Educação Física
    courses: [1, 2, 3, 4, 5, 6, 14, 12],
    resultSlug: "saude",
  },
  B: {
    key: "Gestor",
    letter: "B",
    title: "Gestão & Negócios",
    description: RESULT_PAGES.negocios.description,
    tagline: RESULT_PAGES.negocios.tagline,
    heroPhrase: RESULT_PAGES.negocios.heroPhrase,
    icon: "briefcase",
    heroClass: RESULT_PAGES.negocios.heroClass,
    courses: BUSINESS_GROUPS.graduacao,
    resultSlug: "negocios",
  },
  C: {
    key: "Tecnologia",
    letter: "C",
    title: "Tecnologia & Engenharias",
    description: RESULT_PAGES.tecnologia.description,
    tagline: RESULT_PAGES.tecnologia.tagline,
    heroPhrase: RESULT_PAGES.tecnologia.heroPhrase,
    icon: "code",
    heroClass: RESULT_PAGES.tecnologia.heroClass,
    // ADS, Ciência da Computação, Sistemas de Informação, Ciência de Dados, Segurança da Informação,
    // Engenharia de Computação, Engenharia Civil, Matemática
    courses: [51, 52, 53, 56, 57, 50, 46, 17],
    resultSlug: "tecnologia",
  },
  D: {
    key: "Criativo",
    letter: "D",
    title: "Criatividade, Comunicação & Artes",
    description: RESULT_PAGES.criatividade.description,
    tagline: RESULT_PAGES.criatividade.tagline,
    heroPhrase: RESULT_PAGES.criatividade.heroPhrase,
    icon: "palette",
    heroClass: RESULT_PAGES.criatividade.heroClass,
    // Design Gráfico, Publicidade e Propaganda, Jornalismo, Produção Audiovisual, Marketing Digital,
    // Jogos Digitais, Design de Moda, Arquitetura e Urbanismo
    courses: [63, 59, 58, 61, 62, 67, 65, 66],
    resultSlug: "criatividade",
  },
};

/**
 * The business page's differentials, their figures filled from the site's claims (decision 081): the
 * spec's "+1200 polos presenciais" and "Nota máxima no MEC" are claims nobody stored.
 */
export const BUSINESS_DIFFERENTIALS = [
  { title: "+{polos} polos presenciais", text: "Apoio perto de você em todo o Brasil." },
  { title: "Bolsas de até {bolsa_selecionados}", text: "Mensalidades que cabem no seu orçamento." },
  { title: "Estude no seu ritmo", text: "Aulas on-line e material digital disponíveis 24 horas." },
] as const;

/** The business page's testimonial. */
export const BUSINESS_TESTIMONIAL = {
  name: "Rafael Almeida",
  role: "Formado em Administração, gerente de loja",
  quote:
    "Fiz Administração trabalhando o dia todo. Apliquei no emprego o que aprendia à noite e fui promovido a gerente antes de terminar o curso.",
  rating: 5,
} as const;
