/**
 * The seed of the studio's "Depoimentos" (app/features/home/home.server.ts). Student testimonials: id, name, course, image (a path under public/) and
 * text. Shown on the home page (#depoimentos); the campaign page may reuse them. The images are
 * self-made SVG avatars: replace them with real photos (same path, or point `image` at a new one).
 */
export type Testimonial = {
  id: number;
  name: string;
  course: string;
  image: string;
  text: string;
};

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: "Ana Paula Ribeiro",
    course: "Pedagogia",
    image: "/images/depoimentos/ana-paula.svg",
    text: "Trabalho o dia inteiro e achei que nunca conseguiria fazer faculdade. Com o EAD estudei à noite, no meu ritmo, e hoje sou professora na escola do meu bairro.",
  },
  {
    id: 2,
    name: "Carlos Eduardo Martins",
    course: "Análise e Desenvolvimento de Sistemas",
    image: "/images/depoimentos/carlos-eduardo.svg",
    text: "A bolsa fez toda a diferença no orçamento. Os projetos práticos do curso entraram no meu portfólio e consegui minha primeira vaga como desenvolvedor antes de me formar.",
  },
  {
    id: 3,
    name: "Juliana Santos",
    course: "Enfermagem",
    image: "/images/depoimentos/juliana.svg",
    text: "As aulas práticas no polo e os estágios me deram segurança para trabalhar no hospital. Os professores e a tutoria sempre estiveram por perto quando precisei.",
  },
];
