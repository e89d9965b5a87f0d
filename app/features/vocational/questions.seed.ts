import type { Letter } from "~/features/vocational/scoring";

/**
 * The 20 questions of the vocational test: 4 pages of 5 questions, options A to D.
 * Every option leans to one area, always in the same order:
 * A: health and people, B: business and management, C: technology and analysis,
 * D: creativity and communication. Keep that order when editing, the scoring depends on it.
 */
export type Question = {
  id: number;
  text: string;
  categoryId: 1 | 2 | 3 | 4;
  options: Record<Letter, string>;
};

export type QuestionCategory = { id: 1 | 2 | 3 | 4; title: string };

export const QUESTION_CATEGORIES: QuestionCategory[] = [
  { id: 1, title: "Interesses" },
  { id: 2, title: "Habilidades" },
  { id: 3, title: "Ambiente de trabalho" },
  { id: 4, title: "Valores e objetivos" },
];

export const QUESTIONS: Question[] = [
  // 1. Interesses
  {
    id: 1,
    categoryId: 1,
    text: "No seu tempo livre, o que você mais gosta de fazer?",
    options: {
      A: "Ajudar amigos e familiares, cuidar de quem precisa",
      B: "Planejar projetos, organizar eventos ou vender alguma coisa",
      C: "Mexer no computador, montar ou consertar aparelhos",
      D: "Desenhar, escrever, fotografar ou produzir conteúdo",
    },
  },
  {
    id: 2,
    categoryId: 1,
    text: "Que tipo de notícia chama mais a sua atenção?",
    options: {
      A: "Avanços da medicina e dicas de saúde e bem-estar",
      B: "Economia, mercado e histórias de empreendedores",
      C: "Lançamentos de tecnologia, ciência e inovação",
      D: "Cultura, cinema, música, moda e redes sociais",
    },
  },
  {
    id: 3,
    categoryId: 1,
    text: "Se pudesse fazer um curso rápido hoje, qual escolheria?",
    options: {
      A: "Primeiros socorros",
      B: "Finanças pessoais e gestão de negócios",
      C: "Programação ou análise de dados",
      D: "Design gráfico ou produção de vídeo",
    },
  },
  {
    id: 4,
    categoryId: 1,
    text: "Na escola, qual matéria você preferia?",
    options: {
      A: "Biologia",
      B: "Geografia e atualidades",
      C: "Matemática ou Física",
      D: "Português, Artes ou Redação",
    },
  },
  {
    id: 5,
    categoryId: 1,
    text: "Qual destes ambientes você gostaria de conhecer por dentro?",
    options: {
      A: "Um hospital ou uma clínica",
      B: "A sede de uma grande empresa",
      C: "Um centro de pesquisa ou uma empresa de tecnologia",
      D: "Uma agência de publicidade ou um estúdio",
    },
  },

  // 2. Habilidades
  {
    id: 6,
    categoryId: 2,
    text: "Em um trabalho em grupo, qual papel você costuma assumir?",
    options: {
      A: "Quem apoia os colegas e cuida para que todos estejam bem",
      B: "Quem lidera, divide as tarefas e controla os prazos",
      C: "Quem pesquisa, calcula e resolve os problemas técnicos",
      D: "Quem tem as ideias e apresenta o resultado",
    },
  },
  {
    id: 7,
    categoryId: 2,
    text: "As pessoas costumam elogiar você por:",
    options: {
      A: "Sua paciência e empatia",
      B: "Sua organização e capacidade de negociar",
      C: "Seu raciocínio lógico",
      D: "Sua criatividade e comunicação",
    },
  },
  {
    id: 8,
    categoryId: 2,
    text: "Diante de um problema difícil, você:",
    options: {
      A: "Pensa primeiro em como ele afeta as pessoas envolvidas",
      B: "Avalia custos, riscos e define um plano de ação",
      C: "Divide o problema em partes e analisa os dados",
      D: "Busca uma solução diferente, fora do comum",
    },
  },
  {
    id: 9,
    categoryId: 2,
    text: "Qual atividade você faria com mais facilidade?",
    options: {
      A: "Acolher alguém que está nervoso ou com dor",
      B: "Montar uma planilha de orçamento e controlar gastos",
      C: "Aprender a usar um programa novo sozinho",
      D: "Criar uma campanha para divulgar um produto",
    },
  },
  {
    id: 10,
    categoryId: 2,
    text: "Qual habilidade você mais gostaria de desenvolver?",
    options: {
      A: "Cuidar da saúde e da qualidade de vida das pessoas",
      B: "Liderar equipes e tomar decisões estratégicas",
      C: "Programar, automatizar e resolver problemas complexos",
      D: "Falar em público, escrever bem e criar",
    },
  },

  // 3. Ambiente de trabalho
  {
    id: 11,
    categoryId: 3,
    text: "Onde você se imagina trabalhando?",
    options: {
      A: "Em hospitais, clínicas, academias ou escolas",
      B: "Em escritórios, bancos, comércio ou no próprio negócio",
      C: "Em empresas de tecnologia, indústrias ou laboratórios",
      D: "Em agências, veículos de comunicação ou como freelancer",
    },
  },
  {
    id: 12,
    categoryId: 3,
    text: "Como seria o seu dia de trabalho ideal?",
    options: {
      A: "Atendendo pessoas e vendo o resultado do meu cuidado",
      B: "Em reuniões, fechando negócios e acompanhando metas",
      C: "Concentrado em projetos, sistemas ou cálculos",
      D: "Cada dia diferente, criando coisas novas",
    },
  },
  {
    id: 13,
    categoryId: 3,
    text: "Com o que você prefere trabalhar?",
    options: {
      A: "Com pessoas, diretamente",
      B: "Com números, contratos e clientes",
      C: "Com máquinas, sistemas e dados",
      D: "Com ideias, imagens e palavras",
    },
  },
  {
    id: 14,
    categoryId: 3,
    text: "Qual ferramenta você mais gostaria de dominar?",
    options: {
      A: "Equipamentos de exames e atendimento",
      B: "Sistemas de gestão e indicadores financeiros",
      C: "Linguagens de programação e softwares de engenharia",
      D: "Programas de edição de imagem, vídeo e áudio",
    },
  },
  {
    id: 15,
    categoryId: 3,
    text: "Que tipo de desafio mais motiva você?",
    options: {
      A: "Melhorar a vida de alguém",
      B: "Fazer uma empresa crescer e dar lucro",
      C: "Fazer algo complexo funcionar",
      D: "Emocionar ou convencer um público",
    },
  },

  // 4. Valores e objetivos
  {
    id: 16,
    categoryId: 4,
    text: "O que mais importa para você em uma profissão?",
    options: {
      A: "Fazer diferença na vida das pessoas",
      B: "Crescer na carreira e ter independência financeira",
      C: "Estar sempre aprendendo e inovando",
      D: "Ter liberdade para me expressar",
    },
  },
  {
    id: 17,
    categoryId: 4,
    text: "Daqui a dez anos, você se vê:",
    options: {
      A: "Como um profissional de saúde reconhecido pelo cuidado",
      B: "À frente do meu próprio negócio ou de uma equipe",
      C: "Como especialista em tecnologia ou engenharia",
      D: "Com meu trabalho criativo conhecido por muita gente",
    },
  },
  {
    id: 18,
    categoryId: 4,
    text: "Qual frase combina mais com você?",
    options: {
      A: "Cuidar do outro é o que me faz feliz",
      B: "Gosto de ver as coisas organizadas e dando resultado",
      C: "Quero entender como tudo funciona",
      D: "Gosto de transformar ideias em algo que as pessoas veem e sentem",
    },
  },
  {
    id: 19,
    categoryId: 4,
    text: "Se fosse começar um projeto social, você:",
    options: {
      A: "Atenderia diretamente quem precisa de ajuda",
      B: "Cuidaria do planejamento, das parcerias e das finanças",
      C: "Criaria um aplicativo ou um sistema para ajudar mais gente",
      D: "Faria a divulgação e as campanhas nas redes",
    },
  },
  {
    id: 20,
    categoryId: 4,
    text: "Qual conquista deixaria você mais orgulhoso?",
    options: {
      A: "Ver um paciente ou aluno se recuperar e evoluir",
      B: "Bater uma meta importante ou abrir uma empresa",
      C: "Resolver um problema que ninguém conseguia",
      D: "Ver uma criação minha fazer sucesso",
    },
  },
];

export const QUESTIONS_PER_PAGE = 5;
export const QUESTION_PAGES = Math.ceil(QUESTIONS.length / QUESTIONS_PER_PAGE);

/** The questions of a page (1 to 4). */
export function questionsOfPage(page: number): Question[] {
  const start = (page - 1) * QUESTIONS_PER_PAGE;
  return QUESTIONS.slice(start, start + QUESTIONS_PER_PAGE);
}

/** A page number from a query/form value, kept within 1..QUESTION_PAGES. */
export function clampPage(value: unknown): number {
  const page = Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, QUESTION_PAGES);
}
