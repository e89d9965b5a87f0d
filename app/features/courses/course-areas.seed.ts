/**
 * The catalogue's areas and modalities, kept apart from the course list so
 * client code (tabs, links) can import them without pulling the whole catalogue into the bundle.
 */

import type { StoredPhoto } from "~/features/studio/fields";

// Relative: the Playwright tests import the catalogue without the "~" alias.
import type { CourseLevel } from "./course-offer";
import { OFFER_FORMATS, type OfferFormat } from "./offer-formats";

export const COURSE_AREAS = [
  "Saúde",
  "Educação",
  "Negócios",
  "Direito e Segurança",
  "Engenharia",
  "Tecnologia",
  "Comunicação",
  "Design",
  "Meio Ambiente",
  "Turismo",
] as const;

export type CourseArea = (typeof COURSE_AREAS)[number];

/** The formats of offer of Decreto 12.456/2025 (app/features/courses/offer-formats.ts, decision 083). */
export const MODALITIES = OFFER_FORMATS;
export type Modality = OfferFormat;

export type Course = {
  id: number;
  name: string;
  /** Graduação, Pós-graduação, Técnico or Profissionalizante (app/features/courses/course-offer.ts). */
  level: CourseLevel;
  area: CourseArea;
  duration: string;
  modality: Modality;
  url: string;
  image: string;
  featured: boolean;
  description: string;
  /** The card's icon until the course has a photo (a name from COURSE_ICONS in app/features/courses/content.ts). */
  icon: string;
  /** The photo uploaded in the studio; null until there is one (the card shows the icon). */
  photo: StoredPhoto | null;
  /** Monthly price in reais ("a partir de R$ …"); null when none is published. */
  monthlyPrice: number | null;
  /** Curriculum highlights, one per line on the course page. */
  highlights: string[];
};

/** The area tab shown first when there is no search term. */
export const DEFAULT_AREA: CourseArea = "Educação";

/** File-name slug of each area's art in public/images/cursos/. */
export const AREA_SLUGS: Record<CourseArea, string> = {
  Saúde: "saude",
  Educação: "educacao",
  Negócios: "negocios",
  "Direito e Segurança": "direito-seguranca",
  Engenharia: "engenharia",
  Tecnologia: "tecnologia",
  Comunicação: "comunicacao",
  Design: "design",
  "Meio Ambiente": "meio-ambiente",
  Turismo: "turismo",
};

/** What each area leads to: shown on course pages under 'Onde você pode atuar'. */
export const AREA_CAREERS: Record<CourseArea, string> = {
  Saúde:
    "Hospitais, clínicas, laboratórios, unidades básicas de saúde, home care, academias, indústria farmacêutica e consultórios próprios.",
  Educação:
    "Escolas públicas e particulares, cursinhos, projetos sociais, clubes, academias, editoras, empresas de tecnologia educacional e aulas particulares.",
  Negócios:
    "Empresas de todos os portes, bancos, cooperativas, escritórios de contabilidade, startups, setor público e o seu próprio negócio.",
  "Direito e Segurança":
    "Escritórios de advocacia, departamentos jurídicos, carreiras públicas por concurso, sistema prisional, segurança empresarial e perícia.",
  Engenharia:
    "Construtoras, indústrias, concessionárias de energia, mineradoras, consultorias de projetos e órgãos públicos de infraestrutura.",
  Tecnologia:
    "Empresas de software, bancos digitais, startups, consultorias, setores de TI de qualquer empresa e trabalho remoto para o mundo todo.",
  Comunicação:
    "Agências de publicidade, redações, emissoras, produtoras, assessorias de imprensa, equipes de marketing e criação de conteúdo digital.",
  Design:
    "Estúdios de design, escritórios de arquitetura, agências, confecções, indústria moveleira, desenvolvedoras de jogos e atuação autônoma.",
  "Meio Ambiente":
    "Fazendas e cooperativas, agroindústrias, órgãos ambientais, empresas de saneamento, consultorias ambientais e clínicas veterinárias.",
  Turismo:
    "Hotéis, resorts, agências de viagem, restaurantes, companhias aéreas, organizadoras de eventos e secretarias de turismo.",
};

/** How each format works (Decreto 12.456/2025, art. 4º): shown on course pages. */
export const MODALITY_DESCRIPTIONS: Record<Modality, string> = {
  Presencial: "Curso presencial: a maior parte das aulas acontece no campus, com professor e turma no mesmo lugar e horário.",
  Semipresencial:
    "Curso semipresencial: parte das atividades é presencial no polo ou no campus (aulas práticas, laboratórios e estágios) e parte é on-line, com aulas ao vivo.",
  EAD: "Curso a distância (EAD): a maior parte das aulas é on-line, com atividades ao vivo, encontros e avaliações presenciais no polo.",
};

/** Entry routes (the same as the home FAQ's answer), listed on course pages. */
export const ENTRY_ROUTES = [
  "Vestibular online, feito de casa",
  "Nota do ENEM",
  "Transferência de outra instituição",
  "Portador de diploma de graduação",
  "Processos seletivos especiais",
] as const;
