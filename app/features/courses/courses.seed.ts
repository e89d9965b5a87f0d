/**
 * The course catalogue a fresh site starts with: 80 courses, ids 1-80 (77 graduações, then one
 * pós-graduação, one técnico and one profissionalizante). It seeds the content
 * studio's "courses" collection (app/features/courses/courses.server.ts); pages read the store.
 *
 * `url` is the course's own page. Most are top-level paths (/enfermagem, /educacaofisica,
 * /administracao-nova, ...) served by the catch-all route; Agronegócio, Análise e Desenvolvimento
 * de Sistemas and Biomedicina link to their dedicated pages under /cursos/,
 * so each of those courses has exactly one page. /cursos/administracao is the dedicated page of
 * Administração, whose catalogue link stays /administracao-nova, the address already published.
 *
 * `image` is a path under public/: the self-made SVG of the course's area by default; drop a real
 * photo into public/images/cursos/ and point the course at it to replace the art.
 */

// Durations are written with formatYears so they read "2,5 anos" (pt-BR decimal comma), never "2.5 anos".
// A relative path: the Playwright tests import this catalogue without the "~" alias.
import { regularPrices } from "~/features/campaign/offers.seed";
import { formatYears } from "~/shared/format";

import { normalizeCoursePath } from "./content";
import { AREA_SLUGS, type Course } from "./course-areas.seed";

/** The later monthly payment of the campaign's regular price card with this title (the seed's price of that level). */
function regularPriceOf(title: string): number {
  const card = regularPrices.find((price) => price.title === title);
  if (!card) throw new Error(`No regular price card "${title}"`);
  return card.remainingPrice;
}

export * from "./course-areas.seed";

type CourseInput = Omit<Course, "level" | "image" | "featured" | "icon" | "photo" | "monthlyPrice" | "highlights"> & {
  image?: string;
  /** Graduação unless said (the campaign also sells the other levels: one course of each, ids 78-80). */
  level?: Course["level"];
  /** A price of its own; a graduação's comes from its format and length (seedPrice). */
  monthlyPrice?: number;
};

const FEATURED_IDS = new Set([1, 2, 12, 13, 28, 51, 58, 72, 73]);

/** The icon each course's card shows until it has a photo (one chosen for the course, not for its area). */
const ICONS: Record<number, string> = {
  1: "stethoscope",
  2: "brain",
  3: "pill",
  4: "heart-pulse",
  5: "apple",
  6: "microscope",
  7: "sparkles",
  8: "scan",
  9: "hospital",
  10: "users",
  11: "landmark",
  12: "dumbbell",
  13: "dumbbell",
  14: "book-open",
  15: "languages",
  16: "languages",
  17: "calculator",
  18: "landmark",
  19: "globe",
  20: "leaf",
  21: "flask-conical",
  22: "atom",
  23: "book-open",
  24: "users",
  25: "palette",
  26: "music",
  27: "graduation-cap",
  28: "briefcase",
  29: "calculator",
  30: "chart-line",
  31: "users",
  32: "megaphone",
  33: "truck",
  34: "piggy-bank",
  35: "briefcase",
  36: "cog",
  37: "chart-line",
  38: "megaphone",
  39: "tractor",
  40: "globe",
  41: "scale",
  42: "shield-check",
  43: "shield-check",
  44: "landmark",
  45: "search",
  46: "hard-hat",
  47: "factory",
  48: "zap",
  49: "cog",
  50: "cpu",
  51: "code",
  52: "cpu",
  53: "database",
  54: "network",
  55: "network",
  56: "database",
  57: "lock-keyhole",
  58: "newspaper",
  59: "megaphone",
  60: "users",
  61: "film",
  62: "megaphone",
  63: "pen-tool",
  64: "sofa",
  65: "shirt",
  66: "ruler",
  67: "gamepad-2",
  68: "leaf",
  69: "sprout",
  70: "microscope",
  71: "sprout",
  72: "tractor",
  73: "paw-print",
  74: "plane",
  75: "chef-hat",
  76: "party-popper",
  77: "hotel",
  78: "users",
  79: "briefcase",
  80: "briefcase",
};

/**
 * The first monthly price ("a partir de R$ …") a fresh site shows: by modality and length (a longer
 * and more presential course costs more). The studio sets each course's own price.
 */
function seedPrice(modality: Course["modality"], years: number): number {
  // The cheapest EAD graduação is the "a partir de" of the campaign's Graduação price card (app/features/campaign/offers.seed.ts).
  const base = { EAD: regularPriceOf("Graduação"), Presencial: 289.9, Semipresencial: 329.9 }[modality];
  return Math.round((base + (years - 2) * 40) * 100) / 100;
}

/** What each course's curriculum stands out for (course page, "Destaques do currículo"). */
const HIGHLIGHTS: Record<number, string[]> = {
  1: ["Laboratórios de simulação realística", "Estágio em hospitais e unidades básicas de saúde", "Saúde da família e da mulher"],
  2: ["Atendimento supervisionado na clínica-escola", "Psicologia clínica, escolar e organizacional", "Avaliação psicológica"],
  3: ["Farmacologia e manipulação", "Análises clínicas e toxicológicas", "Cosmetologia"],
  4: ["Reabilitação neurológica e ortopédica", "Fisioterapia esportiva", "Clínica-escola com atendimento supervisionado"],
  5: ["Nutrição clínica e esportiva", "Tecnologia de alimentos", "Saúde coletiva"],
  6: ["Análises clínicas", "Diagnóstico por imagem", "Biomedicina estética"],
  7: ["Procedimentos faciais e corporais", "Cosmetologia aplicada", "Gestão de clínicas de estética"],
  8: ["Tomografia e ressonância magnética", "Proteção radiológica", "Radiologia odontológica e industrial"],
  9: ["Gestão de serviços de saúde", "Auditoria e qualidade hospitalar", "Faturamento e custos"],
  10: ["Reabilitação e inclusão", "Saúde mental", "Tecnologia assistiva"],
  11: ["Políticas públicas de saúde", "Vigilância em saúde", "Planejamento do SUS"],
  12: ["Educação física escolar", "Esportes coletivos e individuais", "Estágio em escolas"],
  13: ["Treinamento esportivo", "Avaliação física e prescrição de exercícios", "Estágio em academias e clubes"],
  14: ["Alfabetização e letramento", "Educação infantil", "Gestão escolar"],
  15: ["Língua inglesa e literaturas", "Linguística", "Estágio em escolas"],
  16: ["Língua espanhola e literaturas", "Linguística", "Estágio em escolas"],
  17: ["Cálculo e álgebra", "Geometria", "Metodologia do ensino de matemática"],
  18: ["História do Brasil", "História antiga, medieval e contemporânea", "Ensino de história"],
  19: ["Geografia física e humana", "Cartografia e geoprocessamento", "Ensino de geografia"],
  20: ["Biologia celular e genética", "Ecologia", "Aulas práticas em laboratório"],
  21: ["Química orgânica e inorgânica", "Aulas práticas em laboratório", "Ensino de química"],
  22: ["Mecânica e eletromagnetismo", "Física moderna", "Ensino de física"],
  23: ["Ética e filosofia política", "História da filosofia", "Ensino de filosofia"],
  24: ["Teoria sociológica", "Antropologia e ciência política", "Ensino de sociologia"],
  25: ["História da arte", "Desenho, pintura e escultura", "Arte-educação"],
  26: ["Teoria e percepção musical", "Prática instrumental e canto coral", "Educação musical"],
  27: ["Fundamentos da pedagogia", "Educação infantil e anos iniciais", "Estágio supervisionado"],
  28: ["Gestão de pessoas", "Finanças e contabilidade", "Planejamento estratégico"],
  29: ["Contabilidade societária e tributária", "Auditoria e perícia contábil", "Controladoria"],
  30: ["Micro e macroeconomia", "Economia brasileira", "Econometria"],
  31: ["Recrutamento e seleção", "Treinamento e desenvolvimento", "Legislação trabalhista"],
  32: ["Comportamento do consumidor", "Pesquisa de mercado", "Marketing digital"],
  33: ["Cadeia de suprimentos", "Transporte e distribuição", "Gestão de estoques"],
  34: ["Análise de investimentos", "Mercado financeiro", "Orçamento empresarial"],
  35: ["Técnicas de vendas", "Gestão de equipes comerciais", "Varejo e atendimento"],
  36: ["Gestão de processos", "Liderança", "Indicadores de desempenho"],
  37: ["Plano de negócios", "Inovação e startups", "Finanças para empreendedores"],
  38: ["Criação publicitária", "Mídia e planejamento", "Redação publicitária"],
  39: ["Gestão de propriedades rurais", "Mercado de commodities", "Sustentabilidade no campo"],
  40: ["Negociação internacional", "Câmbio e logística internacional", "Legislação aduaneira"],
  41: ["Direito civil, penal e constitucional", "Núcleo de prática jurídica", "Preparação para o exame da OAB"],
  42: ["Gestão de riscos", "Segurança patrimonial", "Legislação de segurança privada"],
  43: ["Políticas de segurança pública", "Direitos humanos", "Gestão de crises"],
  44: ["Execução penal", "Direitos humanos", "Gestão prisional"],
  45: ["Criminalística", "Medicina legal", "Perícia em locais de crime"],
  46: ["Estruturas e concreto", "Projetos de edificações", "Obras de infraestrutura"],
  47: ["Gestão da produção", "Qualidade e melhoria contínua", "Pesquisa operacional"],
  48: ["Circuitos e máquinas elétricas", "Sistemas de potência", "Energias renováveis"],
  49: ["Mecânica dos sólidos", "Termodinâmica", "Projeto de máquinas"],
  50: ["Arquitetura de computadores", "Sistemas embarcados", "Programação"],
  51: ["Programação web e mobile", "Banco de dados", "Engenharia de software"],
  52: ["Algoritmos e estruturas de dados", "Inteligência artificial", "Sistemas operacionais"],
  53: ["Desenvolvimento de sistemas", "Banco de dados", "Gestão de projetos de TI"],
  54: ["Governança de TI", "Gestão de projetos", "Infraestrutura e serviços"],
  55: ["Infraestrutura de redes", "Computação em nuvem", "Segurança de redes"],
  56: ["Estatística e Python", "Aprendizado de máquina", "Visualização de dados"],
  57: ["Segurança de redes e sistemas", "Perícia digital", "Normas e gestão de riscos"],
  58: ["Reportagem e redação", "Telejornalismo e radiojornalismo", "Jornalismo digital"],
  59: ["Criação publicitária", "Mídia e planejamento", "Redação publicitária"],
  60: ["Comunicação organizacional", "Assessoria de imprensa", "Gestão de eventos"],
  61: ["Roteiro e direção", "Captação e edição", "Produção para a internet"],
  62: ["Redes sociais e conteúdo", "Mídia paga e SEO", "Métricas e análise de dados"],
  63: ["Identidade visual", "Tipografia", "Design para meios digitais"],
  64: ["Projeto de interiores", "Desenho técnico e 3D", "Iluminação e materiais"],
  65: ["Criação e desenho de moda", "Modelagem", "Produção de coleções"],
  66: ["Projeto arquitetônico", "Urbanismo e paisagismo", "Conforto ambiental"],
  67: ["Programação de jogos", "Game design", "Arte e animação 3D"],
  68: ["Licenciamento ambiental", "Gestão de resíduos", "Recursos hídricos"],
  69: ["Saneamento básico", "Tratamento de água e efluentes", "Avaliação de impactos ambientais"],
  70: ["Biologia molecular", "Ecologia e conservação", "Trabalho de campo"],
  71: ["Produção sustentável", "Gestão de cooperativas", "Certificações ambientais"],
  72: ["Fitotecnia e manejo do solo", "Mecanização agrícola", "Aulas práticas no campo"],
  73: ["Clínica de pequenos e grandes animais", "Hospital veterinário", "Saúde pública veterinária"],
  74: ["Planejamento turístico", "Roteiros e destinos", "Turismo sustentável"],
  75: ["Cozinha clássica e contemporânea", "Confeitaria", "Gestão de restaurantes"],
  76: ["Planejamento e orçamento", "Cerimonial e protocolo", "Marketing de eventos"],
  77: ["Hospedagem e governança", "Alimentos e bebidas", "Gestão hoteleira"],
  78: ["Liderança e gestão de equipes", "Recrutamento e desenvolvimento", "Cultura organizacional"],
  79: ["Rotinas administrativas", "Noções de contabilidade e finanças", "Atendimento e comunicação empresarial"],
  80: ["Documentos e arquivo", "Planilhas e ferramentas de escritório", "Atendimento ao cliente"],
};

function course(input: CourseInput): Course {
  return {
    ...input,
    level: input.level ?? "Graduação",
    image: input.image ?? `/images/cursos/${AREA_SLUGS[input.area]}.svg`,
    featured: FEATURED_IDS.has(input.id),
    icon: ICONS[input.id] ?? "graduation-cap",
    photo: null,
    monthlyPrice: input.monthlyPrice ?? seedPrice(input.modality, Number.parseFloat(input.duration.replace(",", "."))),
    highlights: HIGHLIGHTS[input.id] ?? [],
  };
}

export const courses: Course[] = [
  // Saúde
  course({
    id: 1,
    name: "Enfermagem",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Presencial",
    url: "/enfermagem",
    description:
      "Forme-se para cuidar de pessoas em todas as fases da vida, com aulas práticas em laboratório e estágios em hospitais e unidades de saúde.",
  }),
  course({
    id: 2,
    name: "Psicologia",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Presencial",
    url: "/psicologia",
    description:
      "Estude o comportamento humano e a saúde mental para atuar em clínicas, escolas, empresas e políticas públicas, com atendimento supervisionado.",
  }),
  course({
    id: 3,
    name: "Farmácia",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/farmacia",
    description:
      "Aprenda sobre medicamentos, análises clínicas e cosméticos, da pesquisa à dispensação, com prática em laboratórios equipados.",
  }),
  course({
    id: 4,
    name: "Fisioterapia",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/fisioterapia",
    description:
      "Previna e trate disfunções do movimento em pacientes de todas as idades, com práticas em clínica-escola e estágios supervisionados.",
  }),
  course({
    id: 5,
    name: "Nutrição",
    area: "Saúde",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/nutricao",
    description:
      "Planeje a alimentação de pessoas e coletividades, do consultório à indústria de alimentos, unindo ciência e qualidade de vida.",
  }),
  course({
    id: 6,
    name: "Biomedicina",
    area: "Saúde",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/cursos/biomedicina",
    description:
      "Atue em análises clínicas, diagnóstico por imagem, estética e pesquisa, com formação prática em laboratórios de ponta.",
  }),
  course({
    id: 7,
    name: "Estética e Cosmética",
    area: "Saúde",
    duration: formatYears(2.5),
    modality: "Semipresencial",
    url: "/estetica-e-cosmetica",
    description:
      "Curso superior de tecnologia para atuar com procedimentos estéticos faciais e corporais, cosmetologia e gestão de clínicas de estética.",
  }),
  course({
    id: 8,
    name: "Radiologia",
    area: "Saúde",
    duration: formatYears(3),
    modality: "Semipresencial",
    url: "/radiologia",
    description:
      "Opere equipamentos de raio-x, tomografia e ressonância com segurança, em um dos campos que mais crescem na saúde.",
  }),
  course({
    id: 9,
    name: "Gestão Hospitalar",
    area: "Saúde",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-hospitalar",
    description:
      "Aprenda a administrar hospitais, clínicas e laboratórios: finanças, pessoas, qualidade e processos na área da saúde.",
  }),
  course({
    id: 10,
    name: "Terapia Ocupacional",
    area: "Saúde",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/terapia-ocupacional",
    description:
      "Ajude pessoas a recuperar a autonomia nas atividades do dia a dia, em reabilitação, saúde mental, escolas e empresas.",
  }),
  course({
    id: 11,
    name: "Gestão em Saúde Pública",
    area: "Saúde",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-em-saude-publica",
    description:
      "Planeje e avalie serviços e programas do SUS, com foco em vigilância em saúde, gestão de unidades e políticas públicas.",
  }),

  // Educação
  course({
    id: 12,
    name: "Educação Física - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Presencial",
    url: "/educacaofisica",
    description:
      "Forme-se para dar aulas de Educação Física na educação básica, promovendo saúde, esporte e inclusão nas escolas.",
  }),
  course({
    id: 13,
    name: "Educação Física - Bacharelado",
    area: "Educação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/educacaofisica",
    description:
      "Atue em academias, clubes, assessorias esportivas e programas de qualidade de vida, com prescrição de exercícios e treinamento.",
  }),
  course({
    id: 14,
    name: "Pedagogia",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/pedagogia",
    description:
      "Prepare-se para a educação infantil e os anos iniciais do ensino fundamental, a coordenação pedagógica e a gestão escolar.",
  }),
  course({
    id: 15,
    name: "Letras - Português e Inglês",
    area: "Educação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/letras-portugues-ingles",
    description:
      "Licenciatura para ensinar língua portuguesa, inglês e suas literaturas, com prática de ensino desde o início do curso.",
  }),
  course({
    id: 16,
    name: "Letras - Português e Espanhol",
    area: "Educação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/letras-portugues-espanhol",
    description:
      "Licenciatura para ensinar língua portuguesa, espanhol e suas literaturas, abrindo portas também para tradução e revisão.",
  }),
  course({
    id: 17,
    name: "Matemática - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/matematica",
    description:
      "Forme-se professor de Matemática, uma das áreas com maior carência de docentes no país, com metodologias ativas de ensino.",
  }),
  course({
    id: 18,
    name: "História - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/historia",
    description: "Compreenda os processos históricos do Brasil e do mundo e aprenda a ensiná-los de forma crítica e envolvente.",
  }),
  course({
    id: 19,
    name: "Geografia - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/geografia",
    description:
      "Estude o espaço, a sociedade e a natureza para lecionar Geografia e atuar em planejamento territorial e ambiental.",
  }),
  course({
    id: 20,
    name: "Ciências Biológicas - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/ciencias-biologicas-licenciatura",
    description:
      "Ensine Ciências e Biologia com aulas práticas em laboratório e saídas de campo, do ensino fundamental ao médio.",
  }),
  course({
    id: 21,
    name: "Química - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/quimica",
    description:
      "Forme-se professor de Química com experimentos em laboratório e recursos digitais que tornam a ciência mais próxima dos alunos.",
  }),
  course({
    id: 22,
    name: "Física - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/fisica",
    description:
      "Aprenda a ensinar Física de forma prática e contextualizada, com simulações, experimentos e tecnologia educacional.",
  }),
  course({
    id: 23,
    name: "Filosofia - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/filosofia",
    description:
      "Desenvolva pensamento crítico e argumentação para lecionar Filosofia no ensino médio e atuar em projetos educacionais.",
  }),
  course({
    id: 24,
    name: "Sociologia - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/sociologia",
    description: "Analise a sociedade, a cultura e a política e prepare-se para ensinar Sociologia e atuar em pesquisas sociais.",
  }),
  course({
    id: 25,
    name: "Artes Visuais - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/artes-visuais",
    description:
      "Una criação artística e docência para ensinar Artes nas escolas e desenvolver projetos culturais na sua comunidade.",
  }),
  course({
    id: 26,
    name: "Música - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/musica",
    description:
      "Forme-se educador musical para escolas, projetos sociais e escolas de música, com teoria, percepção e prática de conjunto.",
  }),
  course({
    id: 27,
    name: "Segunda Licenciatura em Pedagogia",
    area: "Educação",
    duration: formatYears(2),
    modality: "Semipresencial",
    url: "/segunda-licenciatura-pedagogia",
    description: "Para quem já é licenciado: amplie sua habilitação para a educação infantil e os anos iniciais em menos tempo.",
  }),

  // Negócios
  course({
    id: 28,
    name: "Administração",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/administracao-nova",
    description:
      "Aprenda a planejar, liderar e fazer crescer organizações, com gestão financeira, marketing, pessoas e estratégia.",
  }),
  course({
    id: 29,
    name: "Ciências Contábeis",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/ciencias-contabeis",
    description: "Domine contabilidade, tributos, auditoria e perícia contábil, uma profissão essencial para qualquer empresa.",
  }),
  course({
    id: 30,
    name: "Ciências Econômicas",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/ciencias-economicas",
    description:
      "Entenda mercados, finanças e políticas econômicas para atuar em bancos, consultorias, empresas e no setor público.",
  }),
  course({
    id: 31,
    name: "Gestão de Recursos Humanos",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/recursos-humanos",
    description:
      "Curso de tecnologia para recrutar, desenvolver e reter talentos, com foco em departamento pessoal e gestão de pessoas.",
  }),
  course({
    id: 32,
    name: "Marketing",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/marketing",
    description:
      "Aprenda a posicionar marcas, entender o consumidor e planejar campanhas que geram resultado, no mundo físico e digital.",
  }),
  course({
    id: 33,
    name: "Logística",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/logistica",
    description: "Gerencie estoques, transportes e cadeias de suprimentos em uma área estratégica para a indústria e o comércio.",
  }),
  course({
    id: 34,
    name: "Gestão Financeira",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-financeira",
    description:
      "Cuide do caixa, dos investimentos e do planejamento financeiro de empresas com ferramentas práticas de análise.",
  }),
  course({
    id: 35,
    name: "Gestão Comercial",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-comercial",
    description: "Desenvolva técnicas de vendas, negociação e gestão de equipes comerciais para bater metas com consistência.",
  }),
  course({
    id: 36,
    name: "Processos Gerenciais",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/processos-gerenciais",
    description: "Formação rápida em gestão para quem quer assumir cargos de liderança e melhorar os processos da empresa.",
  }),
  course({
    id: 37,
    name: "Empreendedorismo",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/empreendedorismo",
    description:
      "Tire sua ideia do papel: modelagem de negócios, finanças, inovação e marketing para abrir e crescer a sua empresa.",
  }),
  course({
    id: 38,
    name: "Publicidade e Propaganda",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/publicidade-e-propaganda",
    description: "Crie campanhas, planeje mídia e gerencie marcas, unindo criatividade e estratégia de negócios.",
  }),
  course({
    id: 39,
    name: "Agronegócio",
    area: "Negócios",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/cursos/agronegocio",
    description:
      "Gerencie propriedades rurais, cooperativas e empresas do setor que mais cresce no Brasil, da produção à comercialização.",
  }),
  course({
    id: 40,
    name: "Comércio Exterior",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/comercio-exterior",
    description: "Aprenda importação, exportação, câmbio e logística internacional para levar empresas brasileiras ao mundo.",
  }),

  // Direito e Segurança
  course({
    id: 41,
    name: "Direito",
    area: "Direito e Segurança",
    duration: formatYears(5),
    modality: "Presencial",
    url: "/direito",
    description:
      "Formação jurídica sólida para advocacia, carreiras públicas e consultoria, com núcleo de prática jurídica e preparação para a OAB.",
  }),
  course({
    id: 42,
    name: "Gestão de Segurança Privada",
    area: "Direito e Segurança",
    duration: formatYears(2),
    modality: "EAD",
    url: "/seguranca-privada",
    description: "Planeje e coordene a segurança de empresas, condomínios e eventos, com gestão de riscos e de equipes.",
  }),
  course({
    id: 43,
    name: "Segurança Pública",
    area: "Direito e Segurança",
    duration: formatYears(2),
    modality: "EAD",
    url: "/seguranca-publica",
    description:
      "Ideal para profissionais e candidatos das forças de segurança: políticas públicas, direitos humanos e gestão policial.",
  }),
  course({
    id: 44,
    name: "Serviços Penais",
    area: "Direito e Segurança",
    duration: formatYears(2),
    modality: "EAD",
    url: "/servicos-penais",
    description:
      "Formação para atuar no sistema prisional e socioeducativo, com foco em execução penal, ressocialização e gestão.",
  }),
  course({
    id: 45,
    name: "Investigação Forense e Perícia Criminal",
    area: "Direito e Segurança",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/pericia-criminal",
    description:
      "Conheça as técnicas de investigação, criminalística e perícia para atuar com provas técnicas e apoio a processos judiciais.",
  }),

  // Engenharia
  course({
    id: 46,
    name: "Engenharia Civil",
    area: "Engenharia",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/engenharia-civil",
    description:
      "Projete e construa edificações, estradas e obras de saneamento, com laboratórios de materiais, topografia e estruturas.",
  }),
  course({
    id: 47,
    name: "Engenharia de Produção",
    area: "Engenharia",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/engenharia-de-producao",
    description: "Otimize processos, custos e qualidade em indústrias e serviços, unindo engenharia, gestão e análise de dados.",
  }),
  course({
    id: 48,
    name: "Engenharia Elétrica",
    area: "Engenharia",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/engenharia-eletrica",
    description:
      "Trabalhe com geração, transmissão e uso de energia, automação e sistemas elétricos, incluindo energias renováveis.",
  }),
  course({
    id: 49,
    name: "Engenharia Mecânica",
    area: "Engenharia",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/engenharia-mecanica",
    description: "Projete máquinas, motores e sistemas térmicos, com prática em manufatura, manutenção industrial e automação.",
  }),
  course({
    id: 50,
    name: "Engenharia de Computação",
    area: "Engenharia",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/engenharia-de-computacao",
    description: "Una hardware e software para criar sistemas embarcados, redes e soluções de Internet das Coisas.",
  }),

  // Tecnologia
  course({
    id: 51,
    name: "Análise e Desenvolvimento de Sistemas",
    area: "Tecnologia",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/cursos/analise-desenvolvimento",
    description: "Aprenda a programar e a criar sistemas web e mobile do zero, com projetos reais desde o primeiro semestre.",
  }),
  course({
    id: 52,
    name: "Ciência da Computação",
    area: "Tecnologia",
    duration: formatYears(4),
    modality: "EAD",
    url: "/ciencia-da-computacao",
    description:
      "Formação completa em algoritmos, software, inteligência artificial e computação em nuvem para inovar em tecnologia.",
  }),
  course({
    id: 53,
    name: "Sistemas de Informação",
    area: "Tecnologia",
    duration: formatYears(4),
    modality: "EAD",
    url: "/sistemas-de-informacao",
    description: "Conecte tecnologia e negócios: desenvolvimento de sistemas, banco de dados e gestão de projetos de TI.",
  }),
  course({
    id: 54,
    name: "Gestão da Tecnologia da Informação",
    area: "Tecnologia",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-de-ti",
    description:
      "Lidere equipes e projetos de TI, com governança, infraestrutura, segurança e alinhamento à estratégia da empresa.",
  }),
  course({
    id: 55,
    name: "Redes de Computadores",
    area: "Tecnologia",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/redes-de-computadores",
    description: "Projete, configure e mantenha redes e servidores, com foco em infraestrutura, nuvem e segurança.",
  }),
  course({
    id: 56,
    name: "Ciência de Dados",
    area: "Tecnologia",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/ciencia-de-dados",
    description: "Transforme dados em decisões com estatística, programação em Python, aprendizado de máquina e visualização.",
  }),
  course({
    id: 57,
    name: "Segurança da Informação",
    area: "Tecnologia",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/seguranca-da-informacao",
    description:
      "Proteja sistemas e dados contra ataques: cibersegurança, análise de vulnerabilidades, LGPD e resposta a incidentes.",
  }),

  // Comunicação
  course({
    id: 58,
    name: "Jornalismo",
    area: "Comunicação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/jornalismo",
    description: "Apure, escreva e produza notícias para jornais, rádio, TV e internet, com ética e domínio das novas mídias.",
  }),
  course({
    id: 59,
    name: "Publicidade e Propaganda",
    area: "Comunicação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/publicidade-e-propaganda",
    description: "Crie campanhas, planeje mídia e gerencie marcas, unindo criatividade e estratégia de negócios.",
  }),
  course({
    id: 60,
    name: "Relações Públicas",
    area: "Comunicação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/relacoes-publicas",
    description:
      "Cuide da imagem e do relacionamento de organizações com seus públicos, da comunicação interna à gestão de crises.",
  }),
  course({
    id: 61,
    name: "Produção Audiovisual",
    area: "Comunicação",
    duration: formatYears(2),
    modality: "Semipresencial",
    url: "/producao-audiovisual",
    description: "Roteiro, captação, edição e finalização de vídeos para cinema, TV, publicidade e plataformas digitais.",
  }),
  course({
    id: 62,
    name: "Marketing Digital",
    area: "Comunicação",
    duration: formatYears(2),
    modality: "EAD",
    url: "/marketing-digital",
    description: "Domine redes sociais, anúncios on-line, SEO e métricas para fazer marcas crescerem na internet.",
  }),

  // Design
  course({
    id: 63,
    name: "Design Gráfico",
    area: "Design",
    duration: formatYears(2),
    modality: "EAD",
    url: "/design-grafico",
    description: "Crie identidades visuais, peças gráficas e interfaces, com domínio das principais ferramentas do mercado.",
  }),
  course({
    id: 64,
    name: "Design de Interiores",
    area: "Design",
    duration: formatYears(2),
    modality: "EAD",
    url: "/design-de-interiores",
    description: "Planeje ambientes funcionais e bonitos para casas, lojas e escritórios, do conceito ao projeto executivo.",
  }),
  course({
    id: 65,
    name: "Design de Moda",
    area: "Design",
    duration: formatYears(2),
    modality: "EAD",
    url: "/design-de-moda",
    description: "Desenvolva coleções, da pesquisa de tendências à modelagem, e conheça a gestão de marcas de moda.",
  }),
  course({
    id: 66,
    name: "Arquitetura e Urbanismo",
    area: "Design",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/arquitetura-e-urbanismo",
    description: "Projete edificações e espaços urbanos sustentáveis, com ateliês de projeto, maquetes e modelagem digital.",
  }),
  course({
    id: 67,
    name: "Jogos Digitais",
    area: "Design",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/jogos-digitais",
    description: "Crie games do roteiro à publicação: game design, arte digital, programação e produção de jogos.",
  }),

  // Meio Ambiente
  course({
    id: 68,
    name: "Gestão Ambiental",
    area: "Meio Ambiente",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-ambiental",
    description: "Implante sistemas de gestão ambiental, licenciamento e sustentabilidade em empresas e órgãos públicos.",
  }),
  course({
    id: 69,
    name: "Engenharia Ambiental e Sanitária",
    area: "Meio Ambiente",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/engenharia-ambiental",
    description: "Projete soluções de saneamento, tratamento de resíduos e recuperação de áreas degradadas.",
  }),
  course({
    id: 70,
    name: "Ciências Biológicas - Bacharelado",
    area: "Meio Ambiente",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/ciencias-biologicas-bacharelado",
    description: "Estude a vida em todas as suas formas para atuar em pesquisa, meio ambiente, biotecnologia e análises.",
  }),
  course({
    id: 71,
    name: "Gestão do Agronegócio Sustentável",
    area: "Meio Ambiente",
    duration: formatYears(3),
    modality: "EAD",
    url: "/agronegocio-sustentavel",
    description: "Una produtividade e preservação: manejo sustentável, certificações e gestão ambiental no campo.",
  }),
  course({
    id: 72,
    name: "Agronomia",
    area: "Meio Ambiente",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/agronomia",
    description: "Aumente a produtividade do campo com ciência: solos, plantas, máquinas agrícolas e tecnologia no agronegócio.",
  }),
  course({
    id: 73,
    name: "Medicina Veterinária",
    area: "Meio Ambiente",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/medicina-veterinaria",
    description: "Cuide da saúde de animais de companhia e de produção, com hospital veterinário e práticas no campo.",
  }),

  // Turismo
  course({
    id: 74,
    name: "Turismo",
    area: "Turismo",
    duration: formatYears(3),
    modality: "EAD",
    url: "/turismo",
    description: "Planeje roteiros, destinos e experiências, com gestão de agências, turismo sustentável e hospitalidade.",
  }),
  course({
    id: 75,
    name: "Gastronomia",
    area: "Turismo",
    duration: formatYears(2),
    modality: "Semipresencial",
    url: "/gastronomia",
    description:
      "Da cozinha clássica à contemporânea: técnicas culinárias, confeitaria e gestão de restaurantes, com aulas práticas.",
  }),
  course({
    id: 76,
    name: "Gestão de Eventos",
    area: "Turismo",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-de-eventos",
    description:
      "Organize congressos, feiras, shows e celebrações, do orçamento ao cerimonial, com foco em experiência do público.",
  }),
  course({
    id: 77,
    name: "Hotelaria",
    area: "Turismo",
    duration: formatYears(2),
    modality: "EAD",
    url: "/hotelaria",
    description: "Gerencie hotéis, pousadas e resorts, com recepção, governança, eventos e atendimento de excelência.",
  }),
  // The levels the campaign's cards sell besides graduação (decision 103): one course each, priced
  // as the campaign's regular price card of its level; every legal value stays empty (decision 084).
  course({
    id: 78,
    level: "Pós-graduação",
    name: "Pós-graduação em Gestão de Pessoas",
    area: "Negócios",
    duration: formatYears(1),
    modality: "EAD",
    url: "/pos-graduacao-gestao-de-pessoas",
    monthlyPrice: regularPriceOf("Pós-graduação"),
    description:
      "Especialização para quem lidera equipes: recrutamento, desenvolvimento, clima e cultura organizacional, 100% on-line.",
  }),
  course({
    id: 79,
    level: "Técnico",
    name: "Técnico em Administração",
    area: "Negócios",
    duration: formatYears(1.5),
    modality: "EAD",
    url: "/tecnico-em-administracao",
    monthlyPrice: regularPriceOf("Técnicos"),
    description: "Curso técnico para atuar nas rotinas administrativas, financeiras e de pessoal de empresas e órgãos públicos.",
  }),
  course({
    id: 80,
    level: "Profissionalizante",
    name: "Assistente Administrativo",
    area: "Negócios",
    duration: "6 meses",
    modality: "EAD",
    url: "/assistente-administrativo",
    monthlyPrice: regularPriceOf("Profissionalizantes"),
    description: "Curso rápido para entrar no mercado: documentos, planilhas, arquivo e atendimento no escritório.",
  }),
];

/** Every course at a path (/educacaofisica has two; /publicidade-e-propaganda is in two areas). */
export function findCoursesByUrl(path: string): Course[] {
  const wanted = normalizeCoursePath(path);
  return courses.filter((c) => c.url === wanted);
}

export function findCourseById(id: number): Course | undefined {
  return courses.find((c) => c.id === id);
}

/**
 * The seeded course for an id; throws when content references a course that does not exist (the
 * result pages name courses by id: app/features/vocational/profiles.test.ts checks each is in the seed). Not in
 * app/features/vocational/profiles.seed.ts, which the result pages' script imports: the catalogue stays out of it.
 */
export function courseFor(id: number): Course {
  const course = findCourseById(id);
  if (!course) throw new Error(`Course ${id} is not in the catalogue`);
  return course;
}

/**
 * The four dedicated course pages (/cursos/:slug) and the course each presents.
 * Administração's catalogue link is /administracao-nova; the other three link here directly.
 */
export const SPECIAL_COURSE_PAGES = {
  administracao: 28,
  agronegocio: 39,
  "analise-desenvolvimento": 51,
  biomedicina: 6,
} as const satisfies Record<string, number>;

export type SpecialCourseSlug = keyof typeof SPECIAL_COURSE_PAGES;

export function findSpecialCourse(slug: string): Course | undefined {
  const key = slug.toLowerCase() as SpecialCourseSlug;
  if (!Object.hasOwn(SPECIAL_COURSE_PAGES, key)) return undefined;
  return findCourseById(SPECIAL_COURSE_PAGES[key]);
}

/** Unique course names, alphabetical (pt-BR): the options of 'Curso de interesse' in forms. */
export function courseNames(): string[] {
  return [...new Set(courses.map((c) => c.name))].sort((a, b) => a.localeCompare(b, "pt-BR"));
}
