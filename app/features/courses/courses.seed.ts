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

import { normalizeCoursePath } from "./content";
import { AREA_SLUGS, type Course } from "./course-areas.seed";
import { type CourseInput, regularPriceOf } from "./course-input.seed";
import { HEALTH_EDUCATION_BUSINESS_COURSES } from "./courses-health-education-business.seed";
import { LAW_TO_TOURISM_COURSES } from "./courses-law-to-tourism.seed";

export * from "./course-areas.seed";

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

/** The catalogue; durations are written with formatYears ("2,5 anos", the pt-BR decimal comma). */
export const courses: Course[] = [...HEALTH_EDUCATION_BUSINESS_COURSES, ...LAW_TO_TOURISM_COURSES].map(course);

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
