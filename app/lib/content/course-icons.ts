/**
 * The icons a course card can show until the course has a photo: a small set of lucide icons,
 * drawn as files under public/images/icones/ (scripts/course-icons.tsx), so a card costs no script.
 */
export const COURSE_ICONS = {
  "graduation-cap": "Capelo",
  stethoscope: "Estetoscópio",
  "heart-pulse": "Coração (pulso)",
  brain: "Cérebro",
  pill: "Medicamento",
  apple: "Maçã",
  microscope: "Microscópio",
  sparkles: "Brilho",
  scan: "Exame de imagem",
  hospital: "Hospital",
  "book-open": "Livro aberto",
  dumbbell: "Haltere",
  languages: "Idiomas",
  calculator: "Calculadora",
  globe: "Globo",
  "flask-conical": "Frasco de laboratório",
  atom: "Átomo",
  users: "Pessoas",
  palette: "Paleta",
  music: "Música",
  briefcase: "Maleta",
  "chart-line": "Gráfico",
  "piggy-bank": "Cofrinho",
  truck: "Caminhão",
  megaphone: "Megafone",
  landmark: "Instituição pública",
  scale: "Balança",
  "shield-check": "Escudo",
  search: "Lupa",
  "hard-hat": "Capacete de obra",
  factory: "Fábrica",
  zap: "Raio (energia)",
  cog: "Engrenagem",
  cpu: "Processador",
  code: "Código",
  database: "Banco de dados",
  network: "Rede",
  "lock-keyhole": "Cadeado",
  newspaper: "Jornal",
  film: "Filme",
  "pen-tool": "Caneta de desenho",
  sofa: "Sofá",
  shirt: "Camisa",
  ruler: "Régua",
  "gamepad-2": "Controle de jogo",
  leaf: "Folha",
  tractor: "Trator",
  sprout: "Broto",
  "paw-print": "Pegada de animal",
  plane: "Avião",
  "chef-hat": "Chapéu de chef",
  "party-popper": "Festa",
  hotel: "Hotel",
} as const;

export type CourseIcon = keyof typeof COURSE_ICONS;
export const COURSE_ICON_NAMES = Object.keys(COURSE_ICONS) as [CourseIcon, ...CourseIcon[]];

/** Where a course card's icon file is. */
export function courseIconSrc(icon: CourseIcon): string {
  return `/images/icones/${icon}.svg`;
}
