/**
 * The employee page (/trabalhe-conosco): the Auxílio Educação benefit
 * (up to 100% for staff, 70% for dependants), the 9-photo team carousel and testimonials.
 * The photos are self-made SVG illustrations: drop real photos into public/images/trabalhe-conosco/
 * and point `src` at them to replace the art.
 */

export const STAFF_BENEFIT_PERCENT = 100;
export const DEPENDANT_BENEFIT_PERCENT = 70;

export type TeamPhoto = { src: string; alt: string; width: number; height: number };

export type EmployeeTestimonial = {
  id: number;
  name: string;
  role: string;
  quote: string;
  image: string;
};

export const employeeTexts = {
  heroTitle: "Trabalhe conosco",
  heroText: "Faça parte de uma instituição comprometida em transformar vidas pela educação.",
  benefitTitle: "Auxílio Educação",
  benefitText:
    "Quem trabalha com a gente também estuda com a gente. O Auxílio Educação é o benefício que cobre a sua formação e a da sua família nos nossos cursos.",
  teamTitle: "Nossa equipe",
  teamIntro: "Gente que acolhe, ensina e cuida de cada aluno, nos polos e nos bastidores.",
  testimonialsTitle: "Quem trabalha aqui recomenda",
  formTitle: "Envie seu currículo",
  formText: "Preencha o formulário com seus dados e experiências. Nossa equipe de Recursos Humanos analisa todos os currículos.",
} as const;

/** The Auxílio Educação cards, with the percentages the studio stores ("Clube e Trabalhe conosco"). */
export function employeeBenefits(staffPercent: number, dependantPercent: number) {
  return [
    {
      percent: staffPercent,
      title: `Até ${staffPercent}% para colaboradores`,
      text: `Graduação, pós-graduação, cursos técnicos e profissionalizantes com bolsa de até ${staffPercent}% para você.`,
    },
    {
      percent: dependantPercent,
      title: `${dependantPercent}% para dependentes`,
      text: `Cônjuge e filhos também estudam com ${dependantPercent}% de desconto nas mensalidades.`,
    },
  ];
}

export const teamPhotos: TeamPhoto[] = [
  { alt: "Ilustração: duas colaboradoras recebem alunos na mesa de atendimento do polo" },
  { alt: "Ilustração: três colegas em reunião em volta de um notebook" },
  { alt: "Ilustração: equipe acadêmica apresenta resultados diante de um quadro com gráfico" },
  { alt: "Ilustração: consultor atende um aluno por chamada de vídeo" },
  { alt: "Ilustração: quatro integrantes da equipe lado a lado, sorrindo" },
  { alt: "Ilustração: dois colegas estudam juntos com o Auxílio Educação" },
  { alt: "Ilustração: tutores preparam uma aula em frente ao quadro" },
  { alt: "Ilustração: colegas trabalham lado a lado na mesma mesa" },
  { alt: "Ilustração: equipe comemora uma conquista com um troféu" },
].map((photo, index) => ({ ...photo, src: `/images/trabalhe-conosco/equipe-${index + 1}.svg`, width: 480, height: 360 }));

export const employeeTestimonials: EmployeeTestimonial[] = [
  {
    id: 1,
    name: "Fernanda Lima",
    role: "Coordenadora de polo",
    quote:
      "Entrei como atendente e, com o Auxílio Educação, me formei em Gestão e fiz um MBA. Hoje coordeno o polo onde comecei.",
    image: "/images/trabalhe-conosco/depoimento-1.svg",
  },
  {
    id: 2,
    name: "Roberto Souza",
    role: "Analista de TI",
    quote:
      "Minha filha cursa Enfermagem com o desconto para dependentes. Esse benefício fez diferença real no orçamento da família.",
    image: "/images/trabalhe-conosco/depoimento-2.svg",
  },
  {
    id: 3,
    name: "Camila Duarte",
    role: "Tutora de Pedagogia",
    quote: "É um lugar onde a gente vê o resultado do trabalho: cada aluno que se forma é uma vitória da equipe inteira.",
    image: "/images/trabalhe-conosco/depoimento-3.svg",
  },
];
