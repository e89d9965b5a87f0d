/**
 * What the studio's "Histórico" calls each stored field and item, in the words of the studio's
 * forms (decision 097): "Resposta", "Ofertas", a question's text, never `answer`, `offers` or an id.
 */

/** The field labels of each collection, as its form names them. */
export const FIELD_LABELS: Record<string, Record<string, string>> = {
  institution: {
    brandName: "Nome da instituição",
    brandArticle: "Artigo do nome",
    productName: "Nome do produto",
    groupName: "Grupo educacional",
    companyName: "Razão social",
    taxId: "CNPJ",
    phone: "Telefone",
    phoneHours: "Horário de atendimento",
    contactEmail: "E-mail de contato",
    privacyEmail: "E-mail de privacidade",
    addressLines: "Endereço",
    socialLinks: "Redes sociais",
    whatsappNumber: "WhatsApp",
    emecCode: "Código e-MEC",
    emecUrl: "Endereço no e-MEC",
    igcGrade: "IGC",
    igcYear: "Ano do IGC",
    ciGrade: "CI",
    ciYear: "Ano do CI",
    leaders: "Dirigentes",
    dpoName: "Encarregado (LGPD)",
    dpoEmail: "E-mail do Encarregado",
  },
  courses: {
    name: "Nome do curso",
    area: "Área",
    modality: "Formato de oferta",
    duration: "Duração",
    path: "Endereço da página",
    featured: "Destaque na página inicial",
    photo: "Foto do curso",
    icon: "Ícone do cartão",
    description: "Descrição curta",
    monthlyPrice: "Mensalidade",
    highlights: "Destaques do currículo",
    active: "Curso ativo",
    level: "Nível",
    actType: "Tipo do ato",
    actNumber: "Número do ato",
    actDate: "Data do ato no DOU",
    evaluationKind: "Avaliação",
    evaluationGrade: "Nota da avaliação",
    evaluationYear: "Ano da avaliação",
    coordinator: "Coordenador",
    workloadHours: "Carga horária",
    curriculum: "Matriz curricular",
    readjustmentRule: "Regra de reajuste",
    poloIds: "Polos que oferecem",
  },
  polos: {
    location: "Cidade e bairro",
    state: "Estado",
    phone: "Telefone",
    address: "Endereço",
    slug: "Endereço da página do polo",
    hours: "Horário de atendimento",
    whatsapp: "WhatsApp do polo",
    active: "Polo ativo",
  },
  home: {
    heroBadge: "Selo do destaque",
    heroTitle: "Título do destaque",
    heroHighlight: "Trecho em destaque",
    heroText: "Texto do destaque",
    courseCount: "Número de cursos",
    poloCount: "Número de polos",
    scholarshipPercent: "Bolsa",
    countdownMode: "Contagem regressiva",
    countdownDate: "Fim da contagem",
    countdownTitle: "Título da contagem",
    heroPhoto: "Foto de destaque",
    proofTestTakers: "Pessoas que fizeram o teste",
    proofSatisfaction: "Satisfação",
  },
  faq: { question: "Pergunta", answer: "Resposta" },
  testimonials: { name: "Nome", course: "Curso", text: "Depoimento", image: "Avatar", photo: "Foto do aluno" },
  campaign: {
    title: "Nome da campanha",
    headlinePercent: "Bolsa do título",
    endMode: "Fim da campanha",
    endDate: "Data de fim",
    closingTitle: "Título do fechamento",
    closingText: "Texto do fechamento",
    offers: "Ofertas",
    prices: "Preços",
    selectedCoursesPercent: "Bolsa dos cursos selecionados",
  },
  campaignStories: {
    name: "Nome",
    course: "Curso",
    text: "História",
    image: "Avatar",
    photo: "Foto da pessoa",
    active: "História ligada",
    consentDate: "Data do consentimento",
    consentMethod: "Forma do consentimento",
  },
  club: {
    partnerName: "Nome da parceria",
    partnerRetired: "Parceria desligada",
    gamesIntro: "Apresentação dos jogos",
    noGamesText: "Texto sem jogos",
    games: "Jogos",
    employee: "Trabalhe conosco",
  },
};

/** Not a field of the document: the item's place in its list (FAQ, Depoimentos). */
export const POSITION_FIELD = "position";

/** A field's label; a field no label names yet shows as "Outro campo" (tests/unit keep the map whole). */
export function fieldLabel(collection: string, field: string): string {
  if (field === POSITION_FIELD) return "Ordem na lista";
  return FIELD_LABELS[collection]?.[field] ?? "Outro campo";
}

/** What the history calls one item: its name, question or place; "" for a section's single document. */
export function itemTitle(collection: string, data: unknown): string {
  if (!data || typeof data !== "object") return "";
  const document = data as Record<string, unknown>;
  const text = (key: string) => (typeof document[key] === "string" ? (document[key] as string) : "");
  switch (collection) {
    case "faq":
      return text("question");
    case "polos":
      return [text("location"), text("state")].filter(Boolean).join(" - ");
    case "courses":
    case "testimonials":
    case "campaignStories":
      return text("name");
    default:
      return "";
  }
}

const MAX_VALUE_CHARS = 400;

/**
 * A stored value as the confirmation page shows it: texts as typed, yes/no, numbers in pt-BR, a
 * list one line per item (an item of several fields as "a · b"), a photo by its alt text.
 */
export function valueText(value: unknown): string {
  const text = plainText(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

function plainText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vazio)";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (typeof value === "number") return value.toLocaleString("pt-BR");
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length ? value.map((item) => plainText(item)).join("\n") : "(vazio)";
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.alt === "string" && typeof record.id === "string") return `Foto: ${record.alt}`;
    return Object.values(record)
      .filter((part) => part !== null && part !== "" && typeof part !== "object")
      .map((part) => plainText(part))
      .join(" · ");
  }
  return String(value);
}
