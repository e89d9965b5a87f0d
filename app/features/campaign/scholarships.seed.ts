/**
 * The /bolsas page: who can get the largest scholarships and the scholarship FAQ. Percentages and
 * prices come from offers.ts and employee.ts, so a change there shows here too.
 */
import { DEPENDANT_BENEFIT_PERCENT, STAFF_BENEFIT_PERCENT } from "~/features/careers/employee.seed";
import type { FaqItem } from "~/features/home/faq.seed";

import { CLOSING_DISCOUNT_PERCENT, MAX_SCHOLARSHIP_PERCENT } from "./offers.seed";

export type ScholarshipAudience = { title: string; percent: string; text: string; href: string; linkLabel: string };

export const scholarshipAudiences: ScholarshipAudience[] = [
  {
    title: "Cursos selecionados",
    percent: `até ${MAX_SCHOLARSHIP_PERCENT}%`,
    text: "Em cursos selecionados, como Educação Física (licenciatura e bacharelado), a bolsa chega a 70% das mensalidades.",
    href: "/educacaofisica",
    linkLabel: "Ver Educação Física",
  },
  {
    // The campaign's name as the studio stores it (the page writes it in).
    title: "{campanha}",
    percent: `até ${CLOSING_DISCOUNT_PERCENT}%`,
    // Written by the page from the best active offer (its bolsa and first payment, studio "Campanha").
    text: "",
    href: "/campanha-relampago",
    linkLabel: "Ver a campanha",
  },
  {
    title: "Torcedores do América-MG",
    percent: `até ${MAX_SCHOLARSHIP_PERCENT}%`,
    text: "Condições exclusivas para a torcida do Coelho em cursos selecionados, com {polos_mg} polos em Minas Gerais.",
    href: "/america-mg",
    linkLabel: "Ver a parceria",
  },
  {
    title: "Colaboradores e dependentes",
    percent: `até ${STAFF_BENEFIT_PERCENT}%`,
    text: `Com o Auxílio Educação, colaboradores estudam com até ${STAFF_BENEFIT_PERCENT}% de bolsa e dependentes com ${DEPENDANT_BENEFIT_PERCENT}%.`,
    href: "/trabalhe-conosco",
    linkLabel: "Conhecer o benefício",
  },
];

export const scholarshipSteps = [
  { title: "Preencha o formulário", text: "Leva menos de um minuto: nome, telefone, e-mail e o curso de interesse." },
  { title: "Receba a confirmação", text: "Um consultor confirma o percentual de bolsa do seu curso e da sua modalidade." },
  { title: "Matricule-se on-line", text: "Pague a primeira mensalidade com desconto e comece a estudar." },
] as const;

export const scholarshipFaq: FaqItem[] = [
  {
    question: "Quem pode receber a bolsa de até 70%?",
    answer:
      "Novos alunos dos cursos selecionados (como Educação Física) e dependentes de colaboradores pelo Auxílio Educação. Torcedores do América-MG também, em cursos participantes da parceria. Nos demais cursos, a bolsa segue a campanha vigente de cada modalidade.",
  },
  {
    question: "Como funciona o desconto de pontualidade?",
    answer:
      "Pagando a mensalidade até a data de vencimento, você ganha 10% de desconto a mais, somado à bolsa. Se pagar depois do vencimento, naquele mês vale só a bolsa, sem os 10%; no mês seguinte, pagando em dia, o desconto volta.",
  },
  {
    question: "A bolsa vale até o fim do curso?",
    answer:
      "Sim, enquanto a matrícula estiver ativa e sem mensalidades em atraso. Trancar ou cancelar o curso pode encerrar a bolsa; confirme as regras do seu curso com o consultor.",
  },
  {
    question: "Posso juntar a bolsa com outros descontos?",
    answer:
      "Os descontos de campanhas não são cumulativos entre si. O desconto de pontualidade é o único que sempre se soma à bolsa.",
  },
  {
    question: "Preciso comprovar renda?",
    answer:
      "Não. As bolsas das campanhas não dependem de comprovação de renda: basta se inscrever dentro do prazo da campanha e manter os pagamentos em dia.",
  },
];
