/**
 * The seed of the studio's "FAQ" (app/features/home/home.server.ts; "até 70%" and "mais de 1.000
 * polos" become the {bolsa} and {polos} tokens there). The home FAQ: six questions in a single-open
 * accordion. The answers carry the facts a visitor asks about first: durations (bachelor's 4 to 5
 * years, teaching degrees about 4, technology courses 2 to 3) and the entry routes (online entrance
 * exam, ENEM score, transfer, diploma holder, special selection processes).
 */
export type FaqItem = {
  question: string;
  answer: string;
};

export const faq: FaqItem[] = [
  {
    question: "Quanto tempo dura um curso de graduação?",
    answer:
      "Depende do tipo de curso. Os bacharelados duram de 4 a 5 anos, as licenciaturas cerca de 4 anos e os cursos superiores de tecnologia (tecnólogos) de 2 a 3 anos. A duração de cada curso aparece no catálogo e na página do curso.",
  },
  {
    question: "Quais são as formas de ingresso?",
    answer:
      "Você pode entrar pelo vestibular online, feito de casa e sem taxa, pela nota do ENEM, por transferência de outra instituição, como portador de diploma de graduação ou por processos seletivos especiais. Escolha a forma que for melhor para você e fale com um consultor para iniciar sua inscrição.",
  },
  {
    question: "O diploma de um curso EAD tem a mesma validade do presencial?",
    answer:
      "Sim. O diploma de um curso a distância reconhecido tem exatamente a mesma validade do diploma de um curso presencial, inclusive para concursos públicos e pós-graduação. No diploma não consta a modalidade. O ato de cada curso está na página do curso e em Condições de oferta.",
  },
  {
    question: "Como funcionam as bolsas de até 70%?",
    answer:
      "As bolsas são concedidas conforme o curso, a modalidade e a campanha vigente, e valem para as mensalidades enquanto você mantém a matrícula em dia. Os descontos não são cumulativos com outras campanhas. Garanta a sua preenchendo o formulário: um consultor confirma o percentual para o seu curso.",
  },
  {
    question: "Como são as aulas e as provas nos cursos EAD, semipresenciais e presenciais?",
    answer:
      "Nos cursos EAD você estuda pelo ambiente virtual, no seu horário, com videoaulas, materiais digitais e tutoria; as avaliações são feitas no polo. Nos cursos semipresenciais parte das atividades é on-line e parte presencial, com aulas práticas em laboratório. Nos cursos presenciais as aulas acontecem no campus, com apoio do ambiente virtual.",
  },
  {
    question: "Preciso ir ao polo? Como escolho o meu?",
    answer:
      "O polo é o seu ponto de apoio: lá você faz provas, aulas práticas e tira dúvidas com a equipe. Escolha o polo mais perto de você na seção 'Onde estudar' desta página; temos mais de 1.000 polos em todo o Brasil e presença em Minas Gerais, Mato Grosso, Mato Grosso do Sul e Rio Grande do Norte.",
  },
];
