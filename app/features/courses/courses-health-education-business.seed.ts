import { formatYears } from "~/shared/format";

import type { CourseInput } from "./course-input.seed";

/** The seed's courses of Saúde, Educação and Negócios, in the catalogue's order. */
export const HEALTH_EDUCATION_BUSINESS_COURSES: CourseInput[] = [
  // Saúde
  {
    id: 1,
    name: "Enfermagem",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Presencial",
    url: "/enfermagem",
    description:
      "Forme-se para cuidar de pessoas em todas as fases da vida, com aulas práticas em laboratório e estágios em hospitais e unidades de saúde.",
  },
  {
    id: 2,
    name: "Psicologia",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Presencial",
    url: "/psicologia",
    description:
      "Estude o comportamento humano e a saúde mental para atuar em clínicas, escolas, empresas e políticas públicas, com atendimento supervisionado.",
  },
  {
    id: 3,
    name: "Farmácia",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/farmacia",
    description:
      "Aprenda sobre medicamentos, análises clínicas e cosméticos, da pesquisa à dispensação, com prática em laboratórios equipados.",
  },
  {
    id: 4,
    name: "Fisioterapia",
    area: "Saúde",
    duration: formatYears(5),
    modality: "Semipresencial",
    url: "/fisioterapia",
    description:
      "Previna e trate disfunções do movimento em pacientes de todas as idades, com práticas em clínica-escola e estágios supervisionados.",
  },
  {
    id: 5,
    name: "Nutrição",
    area: "Saúde",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/nutricao",
    description:
      "Planeje a alimentação de pessoas e coletividades, do consultório à indústria de alimentos, unindo ciência e qualidade de vida.",
  },
  {
    id: 6,
    name: "Biomedicina",
    area: "Saúde",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/cursos/biomedicina",
    description:
      "Atue em análises clínicas, diagnóstico por imagem, estética e pesquisa, com formação prática em laboratórios de ponta.",
  },
  {
    id: 7,
    name: "Estética e Cosmética",
    area: "Saúde",
    duration: formatYears(2.5),
    modality: "Semipresencial",
    url: "/estetica-e-cosmetica",
    description:
      "Curso superior de tecnologia para atuar com procedimentos estéticos faciais e corporais, cosmetologia e gestão de clínicas de estética.",
  },
  {
    id: 8,
    name: "Radiologia",
    area: "Saúde",
    duration: formatYears(3),
    modality: "Semipresencial",
    url: "/radiologia",
    description:
      "Opere equipamentos de raio-x, tomografia e ressonância com segurança, em um dos campos que mais crescem na saúde.",
  },
  {
    id: 9,
    name: "Gestão Hospitalar",
    area: "Saúde",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-hospitalar",
    description:
      "Aprenda a administrar hospitais, clínicas e laboratórios: finanças, pessoas, qualidade e processos na área da saúde.",
  },
  {
    id: 10,
    name: "Terapia Ocupacional",
    area: "Saúde",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/terapia-ocupacional",
    description:
      "Ajude pessoas a recuperar a autonomia nas atividades do dia a dia, em reabilitação, saúde mental, escolas e empresas.",
  },
  {
    id: 11,
    name: "Gestão em Saúde Pública",
    area: "Saúde",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-em-saude-publica",
    description:
      "Planeje e avalie serviços e programas do SUS, com foco em vigilância em saúde, gestão de unidades e políticas públicas.",
  },

  // Educação
  {
    id: 12,
    name: "Educação Física - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Presencial",
    url: "/educacaofisica",
    description:
      "Forme-se para dar aulas de Educação Física na educação básica, promovendo saúde, esporte e inclusão nas escolas.",
  },
  {
    id: 13,
    name: "Educação Física - Bacharelado",
    area: "Educação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/educacaofisica",
    description:
      "Atue em academias, clubes, assessorias esportivas e programas de qualidade de vida, com prescrição de exercícios e treinamento.",
  },
  {
    id: 14,
    name: "Pedagogia",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/pedagogia",
    description:
      "Prepare-se para a educação infantil e os anos iniciais do ensino fundamental, a coordenação pedagógica e a gestão escolar.",
  },
  {
    id: 15,
    name: "Letras - Português e Inglês",
    area: "Educação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/letras-portugues-ingles",
    description:
      "Licenciatura para ensinar língua portuguesa, inglês e suas literaturas, com prática de ensino desde o início do curso.",
  },
  {
    id: 16,
    name: "Letras - Português e Espanhol",
    area: "Educação",
    duration: formatYears(4),
    modality: "EAD",
    url: "/letras-portugues-espanhol",
    description:
      "Licenciatura para ensinar língua portuguesa, espanhol e suas literaturas, abrindo portas também para tradução e revisão.",
  },
  {
    id: 17,
    name: "Matemática - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/matematica",
    description:
      "Forme-se professor de Matemática, uma das áreas com maior carência de docentes no país, com metodologias ativas de ensino.",
  },
  {
    id: 18,
    name: "História - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/historia",
    description: "Compreenda os processos históricos do Brasil e do mundo e aprenda a ensiná-los de forma crítica e envolvente.",
  },
  {
    id: 19,
    name: "Geografia - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/geografia",
    description:
      "Estude o espaço, a sociedade e a natureza para lecionar Geografia e atuar em planejamento territorial e ambiental.",
  },
  {
    id: 20,
    name: "Ciências Biológicas - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/ciencias-biologicas-licenciatura",
    description:
      "Ensine Ciências e Biologia com aulas práticas em laboratório e saídas de campo, do ensino fundamental ao médio.",
  },
  {
    id: 21,
    name: "Química - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/quimica",
    description:
      "Forme-se professor de Química com experimentos em laboratório e recursos digitais que tornam a ciência mais próxima dos alunos.",
  },
  {
    id: 22,
    name: "Física - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/fisica",
    description:
      "Aprenda a ensinar Física de forma prática e contextualizada, com simulações, experimentos e tecnologia educacional.",
  },
  {
    id: 23,
    name: "Filosofia - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/filosofia",
    description:
      "Desenvolva pensamento crítico e argumentação para lecionar Filosofia no ensino médio e atuar em projetos educacionais.",
  },
  {
    id: 24,
    name: "Sociologia - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/sociologia",
    description: "Analise a sociedade, a cultura e a política e prepare-se para ensinar Sociologia e atuar em pesquisas sociais.",
  },
  {
    id: 25,
    name: "Artes Visuais - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/artes-visuais",
    description:
      "Una criação artística e docência para ensinar Artes nas escolas e desenvolver projetos culturais na sua comunidade.",
  },
  {
    id: 26,
    name: "Música - Licenciatura",
    area: "Educação",
    duration: formatYears(4),
    modality: "Semipresencial",
    url: "/musica",
    description:
      "Forme-se educador musical para escolas, projetos sociais e escolas de música, com teoria, percepção e prática de conjunto.",
  },
  {
    id: 27,
    name: "Segunda Licenciatura em Pedagogia",
    area: "Educação",
    duration: formatYears(2),
    modality: "Semipresencial",
    url: "/segunda-licenciatura-pedagogia",
    description: "Para quem já é licenciado: amplie sua habilitação para a educação infantil e os anos iniciais em menos tempo.",
  },

  // Negócios
  {
    id: 28,
    name: "Administração",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/administracao-nova",
    description:
      "Aprenda a planejar, liderar e fazer crescer organizações, com gestão financeira, marketing, pessoas e estratégia.",
  },
  {
    id: 29,
    name: "Ciências Contábeis",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/ciencias-contabeis",
    description: "Domine contabilidade, tributos, auditoria e perícia contábil, uma profissão essencial para qualquer empresa.",
  },
  {
    id: 30,
    name: "Ciências Econômicas",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/ciencias-economicas",
    description:
      "Entenda mercados, finanças e políticas econômicas para atuar em bancos, consultorias, empresas e no setor público.",
  },
  {
    id: 31,
    name: "Gestão de Recursos Humanos",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/recursos-humanos",
    description:
      "Curso de tecnologia para recrutar, desenvolver e reter talentos, com foco em departamento pessoal e gestão de pessoas.",
  },
  {
    id: 32,
    name: "Marketing",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/marketing",
    description:
      "Aprenda a posicionar marcas, entender o consumidor e planejar campanhas que geram resultado, no mundo físico e digital.",
  },
  {
    id: 33,
    name: "Logística",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/logistica",
    description: "Gerencie estoques, transportes e cadeias de suprimentos em uma área estratégica para a indústria e o comércio.",
  },
  {
    id: 34,
    name: "Gestão Financeira",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-financeira",
    description:
      "Cuide do caixa, dos investimentos e do planejamento financeiro de empresas com ferramentas práticas de análise.",
  },
  {
    id: 35,
    name: "Gestão Comercial",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/gestao-comercial",
    description: "Desenvolva técnicas de vendas, negociação e gestão de equipes comerciais para bater metas com consistência.",
  },
  {
    id: 36,
    name: "Processos Gerenciais",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/processos-gerenciais",
    description: "Formação rápida em gestão para quem quer assumir cargos de liderança e melhorar os processos da empresa.",
  },
  {
    id: 37,
    name: "Empreendedorismo",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/empreendedorismo",
    description:
      "Tire sua ideia do papel: modelagem de negócios, finanças, inovação e marketing para abrir e crescer a sua empresa.",
  },
  {
    id: 38,
    name: "Publicidade e Propaganda",
    area: "Negócios",
    duration: formatYears(4),
    modality: "EAD",
    url: "/publicidade-e-propaganda",
    description: "Crie campanhas, planeje mídia e gerencie marcas, unindo criatividade e estratégia de negócios.",
  },
  {
    id: 39,
    name: "Agronegócio",
    area: "Negócios",
    duration: formatYears(2.5),
    modality: "EAD",
    url: "/cursos/agronegocio",
    description:
      "Gerencie propriedades rurais, cooperativas e empresas do setor que mais cresce no Brasil, da produção à comercialização.",
  },
  {
    id: 40,
    name: "Comércio Exterior",
    area: "Negócios",
    duration: formatYears(2),
    modality: "EAD",
    url: "/comercio-exterior",
    description: "Aprenda importação, exportação, câmbio e logística internacional para levar empresas brasileiras ao mundo.",
  },
];
