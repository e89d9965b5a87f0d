/**
 * The flash campaign page's texts (/campanha-relampago) and its 'Histórias de Sucesso'.
 * Prices and discounts are in offers.ts. The title and the closing texts seed the content store's
 * campaign; its headline ("Até N% de desconto!") is a number there, never above the best offer.
 */
import type { Testimonial } from "~/features/home/testimonials.seed";

/** The page title the campaign page sets. */
export const CAMPAIGN_TITLE = "Campanha Relâmpago";

export const campaignTexts = {
  title: CAMPAIGN_TITLE,
  badge: "Oferta por Tempo Limitado",
  intro:
    "Graduação, pós-graduação, cursos técnicos e profissionalizantes com primeira mensalidade a partir de {primeira_mensalidade}. Garanta sua vaga antes que o tempo acabe.",
  bannerTitle: "Oferta por tempo limitado",
  bannerText: "As condições especiais da {campanha} terminam em:",
  offersTitle: "Modalidades e Descontos",
  offersIntro: "Escolha a sua modalidade e comece a estudar pagando pouco já na primeira mensalidade.",
  pricesTitle: "AGORA EU POSSO",
  pricesIntro: "Mesmo depois da campanha, estudar cabe no seu bolso. Veja os valores regulares:",
  storiesTitle: "Histórias de Sucesso",
  storiesIntro: "Quem aproveitou a campanha conta como foi começar a estudar com desconto.",
  closingTitle: "É a última semana!",
  closingText:
    "Esta é a última semana para garantir até 60% de desconto nas mensalidades. Depois que a campanha acabar, as condições voltam ao valor regular.",
} as const;

/**
 * Campaign testimonials, the seed of the studio's "Histórias da campanha": invented people with
 * self-made SVG avatars and no consent recorded (the launch checklist lists them while shown). Each
 * names a course of the seed's catalogue (a story is shown only while its course is active).
 */
export const campaignTestimonials: Testimonial[] = [
  {
    id: 1,
    name: "Mariana Costa",
    course: "Administração",
    image: "/images/campanha/depoimento-1.svg",
    text: "Vi a campanha numa sexta e na segunda já estava matriculada. Paguei bem pouco na primeira mensalidade e, pagando sempre em dia, mantenho o desconto até hoje.",
  },
  {
    id: 2,
    name: "Rafael Oliveira",
    course: "Pós-graduação em Gestão de Pessoas",
    image: "/images/campanha/depoimento-2.svg",
    text: "Eu adiava a pós havia anos por causa do preço. Com o desconto coube no orçamento e, seis meses depois, fui promovido a coordenador.",
  },
  {
    id: 3,
    name: "Luana Ferreira",
    course: "Enfermagem",
    image: "/images/campanha/depoimento-3.svg",
    text: "O consultor me ligou no mesmo dia e explicou tudo com calma. As aulas práticas no polo me deram confiança e já estou estagiando num hospital da minha cidade.",
  },
];
