/**
 * The club sponsorship page (/america-mg): hero, announcement, benefits, the 2025 home games,
 * excellence, the 14 Minas Gerais hubs, testimonials and a six-entry FAQ. Edit the games, the
 * choice of hubs or the answers here; a hub's address and phone live in polos.ts.
 */
import { withSelectedBolsa } from "~/features/campaign/claims";
import type { FaqItem } from "~/features/home/faq.seed";
import { fillBySentence } from "~/features/institution/placeholders";
import { polos } from "~/features/polos/polos.seed";

export const CLUB_NAME = "América-MG";

export type ClubGame = {
  id: number;
  opponent: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm, Brasília time */
  time: string;
  location: string;
  /** A featured game (shown with a badge). */
  highlight: boolean;
  round: string;
};

export type ClubHub = { location: string; phone: string };

export type ClubTestimonial = {
  id: number;
  name: string;
  role: string;
  quote: string;
  /** 1 to 5 stars. */
  rating: number;
  image: string;
};

export const clubTexts = {
  heroBadge: "Parceria oficial",
  heroTitle: "Torcedor do América-MG estuda com bolsa de até 70%",
  heroText:
    "Somos a instituição de ensino parceira do Coelho. Para você, torcedor, condições exclusivas em graduação, pós-graduação e cursos técnicos, com polos em todo o estado.",
  announcementTitle: "Uma parceria que joga junto com você",
  announcementText:
    "O América-MG e a {marca} se uniram para levar educação de qualidade à torcida. Nos jogos em casa, a nossa marca estará no uniforme e no estádio, e a torcida ganha condições especiais para estudar.",
  benefitsTitle: "Benefícios para a torcida",
  gamesTitle: "Próximos jogos em casa",
  gamesIntro: "Nos jogos em casa, procure o nosso estande no estádio: tem consultor, brindes e inscrição na hora.",
  /** Shown when every game of the calendar has been played (past games are never listed as upcoming). */
  noGamesText:
    "A tabela dos próximos jogos em casa ainda não foi divulgada. Assim que sair, os jogos com o nosso estande aparecem aqui.",
  excellenceTitle: "Excelência dentro e fora de campo",
  hubsTitle: "{polos_mg} polos em Minas Gerais",
  hubsIntro: "Estude perto de casa: faça provas, aulas práticas e tire dúvidas no polo mais próximo.",
  testimonialsTitle: "Quem torce e estuda com a gente",
  faqTitle: "Perguntas frequentes",
  formTitle: "Garanta sua bolsa de torcedor",
  formText: "Preencha o formulário e um consultor entra em contato para confirmar o seu desconto.",
} as const;

export const clubBenefits = [
  { title: "Bolsa de até 70%", text: "Desconto especial nas mensalidades de cursos selecionados para torcedores e sócios." },
  {
    title: "Primeira mensalidade a partir de {primeira_mensalidade}",
    text: "Comece a estudar pagando pouco, com matrícula 100% on-line.",
  },
  { title: "Estude de onde estiver", text: "Cursos EAD e semipresenciais com aulas gravadas e ao vivo, no seu ritmo." },
  { title: "Ações nos jogos em casa", text: "Nosso estande no estádio, sorteios e experiências exclusivas." },
] as const;

export const clubExcellence: readonly { value: string; label: string }[] = [
  { value: "+{cursos} cursos", label: "de graduação, pós e técnicos" },
  { value: "+{polos} polos", label: "em todo o Brasil" },
];

/**
 * The club page's fixed texts with the site's own figures (decision 081): the selected courses'
 * scholarship the studio stores ("até 70%"), the brand, and the course, polo and Minas Gerais polo
 * counts of the catalogue, so the page never contradicts the rest of the site. `fill` is the
 * placeholder renderer with the site's claims (app/features/campaign/claims.ts claimText); a text it cannot fill is left out.
 */
export function clubTextsWithClaims(
  selectedBolsa: string,
  fill: (text: string) => string | null,
  partnerName: string = CLUB_NAME,
) {
  const bolsa = (text: string) => withSelectedBolsa(text, selectedBolsa).replaceAll(CLUB_NAME, partnerName);
  const both = (text: string) => fill(bolsa(text));
  return {
    heroTitle: bolsa(clubTexts.heroTitle),
    announcementText: fill(bolsa(clubTexts.announcementText)) ?? "",
    hubsTitle: fill(clubTexts.hubsTitle) ?? "Polos em Minas Gerais",
    // A benefit quoting the campaign's first payment is left out while no campaign runs.
    benefits: clubBenefits.flatMap((benefit) => {
      const title = fill(bolsa(benefit.title));
      return title ? [{ ...benefit, title, text: bolsa(benefit.text) }] : [];
    }),
    excellence: clubExcellence.flatMap((item) => {
      const value = fill(item.value);
      return value ? [{ ...item, value }] : [];
    }),
    faq: clubFaq.flatMap((item) => {
      const question = both(item.question);
      const answer = fillBySentence(bolsa(item.answer), fill);
      return question && answer ? [{ ...item, question, answer }] : [];
    }),
    metaTitle: bolsa(`${CLUB_NAME}: bolsa de até 70% para a torcida`),
    // The first of these the site's figures can fill (no campaign running: no first payment).
    metaDescription:
      [
        "Parceria oficial com o América-MG: torcedor estuda com bolsa de até 70%, primeira mensalidade a partir de {primeira_mensalidade} e {polos_mg} polos em Minas Gerais.",
        "Parceria oficial com o América-MG: torcedor estuda com bolsa de até 70% e primeira mensalidade a partir de {primeira_mensalidade}.",
        "Parceria oficial com o América-MG: torcedor estuda com bolsa de até 70% e {polos_mg} polos em Minas Gerais.",
      ]
        .map(both)
        .find(Boolean) ?? bolsa("Parceria oficial com o América-MG: torcedor estuda com bolsa de até 70%."),
  };
}

/** The page's fixed texts with the partnership's name the studio stores instead of the seed's (decision 143). */
export function withPartnerName<T extends Record<string, string>>(texts: T, partnerName: string): T {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text.replaceAll(CLUB_NAME, partnerName)])) as T;
}

/**
 * A text of another page that names the partnership (/bolsas): with the studio's name, and without
 * the sentences that name it once the partnership is switched off (`partnerName` ""). Null when none is left.
 */
export function partnerSentences(text: string, partnerName: string): string | null {
  return fillBySentence(text, (sentence) =>
    sentence.includes(CLUB_NAME) ? (partnerName ? sentence.replaceAll(CLUB_NAME, partnerName) : null) : sentence,
  );
}

export const homeGames2025: ClubGame[] = [
  {
    id: 1,
    opponent: "Athletico-PR",
    date: "2025-04-12",
    time: "18:30",
    location: "Arena Independência, Belo Horizonte",
    highlight: true,
    round: "Rodada 4",
  },
  {
    id: 2,
    opponent: "Coritiba",
    date: "2025-05-03",
    time: "16:00",
    location: "Arena Independência, Belo Horizonte",
    highlight: false,
    round: "Rodada 7",
  },
  {
    id: 3,
    opponent: "Goiás",
    date: "2025-05-24",
    time: "20:00",
    location: "Arena Independência, Belo Horizonte",
    highlight: false,
    round: "Rodada 10",
  },
  {
    id: 4,
    opponent: "Cuiabá",
    date: "2025-06-14",
    time: "17:00",
    location: "Arena Independência, Belo Horizonte",
    highlight: false,
    round: "Rodada 13",
  },
];

/**
 * The 14 Minas Gerais hubs of the club page, by their location in the study-centre list: the
 * address and phone come from there (one source of truth), so the two pages never disagree.
 */
export const CLUB_HUB_LOCATIONS = [
  "Belo Horizonte - Centro - MG",
  "Belo Horizonte - Savassi - MG",
  "Belo Horizonte - Barreiro - MG",
  "Belo Horizonte - Venda Nova - MG",
  "Contagem - Eldorado - MG",
  "Betim - Centro - MG",
  "Sete Lagoas - Centro - MG",
  "Ipatinga - Centro - MG",
  "Juiz de Fora - São Mateus - MG",
  "Governador Valadares - Centro - MG",
  "Uberlândia - Santa Mônica - MG",
  "Uberaba - Centro - MG",
  "Poços de Caldas - Centro - MG",
  "Montes Claros - Todos os Santos - MG",
] as const;

/** A club hub from its polo; the page adds " - MG" itself, so the label drops the state. */
function hubOfPolo(location: string): ClubHub {
  const polo = polos.find((p) => p.location === location);
  // A renamed or removed polo must fail the build and the tests, not show a hub without a phone.
  if (!polo) throw new Error(`Polo do clube não encontrado na lista de polos: ${location}`);
  return { location: polo.location.replace(/ - MG$/, ""), phone: polo.phone };
}

export const clubHubs: ClubHub[] = CLUB_HUB_LOCATIONS.map(hubOfPolo);

export const clubTestimonials: ClubTestimonial[] = [
  {
    id: 1,
    name: "Thiago Almeida",
    role: "Sócio-torcedor, aluno de Educação Física",
    quote:
      "Conheci a parceria no estande da Arena, fiz a inscrição ali mesmo e hoje curso Educação Física com bolsa. Melhor contratação da temporada!",
    rating: 5,
    image: "/images/america-mg/depoimento-1.svg",
  },
  {
    id: 2,
    name: "Patrícia Gomes",
    role: "Torcedora, aluna de Gestão de Recursos Humanos",
    quote:
      "Sempre quis voltar a estudar. Com o desconto de torcedora e as aulas on-line, consigo conciliar trabalho, família e os jogos do Coelho.",
    rating: 5,
    image: "/images/america-mg/depoimento-2.svg",
  },
  {
    id: 3,
    name: "Lucas Pereira",
    role: "Torcedor, aluno de Análise e Desenvolvimento de Sistemas",
    quote:
      "O polo fica a dez minutos de casa e o atendimento é ótimo. A parceria com o América fez eu finalmente começar a faculdade.",
    rating: 4,
    image: "/images/america-mg/depoimento-3.svg",
  },
];

export const clubFaq: FaqItem[] = [
  {
    question: "Quem pode usar a bolsa de torcedor do América-MG?",
    answer:
      "Qualquer torcedor do América-MG, sócio ou não, que se inscreva pelo formulário desta página. Sócios-torcedores podem ter condições adicionais em cursos selecionados.",
  },
  {
    question: "Qual é o desconto da parceria?",
    answer:
      "A bolsa chega a até 70% em cursos selecionados. A primeira mensalidade começa em {primeira_mensalidade}. O percentual exato depende do curso e da modalidade e é confirmado pelo consultor.",
  },
  {
    question: "Preciso morar em Belo Horizonte?",
    answer:
      "Não. Temos {polos_mg} polos em Minas Gerais e mais de {polos} no Brasil. Nos cursos EAD você estuda de onde estiver e vai ao polo apenas para provas e atividades presenciais.",
  },
  {
    question: "Como funciona a inscrição?",
    answer:
      "Preencha o formulário no fim desta página com nome, telefone e e-mail. Um consultor entra em contato, apresenta os cursos e ajuda você a concluir a matrícula on-line.",
  },
  {
    question: "Posso me inscrever no estádio?",
    answer:
      "Sim. Nos jogos em casa há um estande nosso na Arena Independência, com consultores para tirar dúvidas e fazer a sua inscrição.",
  },
  {
    question: "O desconto vale até o fim do curso?",
    answer:
      "A bolsa vale para as mensalidades enquanto a matrícula estiver ativa e os pagamentos em dia. Pagando até o vencimento, você ainda garante o desconto de pontualidade de 10%.",
  },
];
