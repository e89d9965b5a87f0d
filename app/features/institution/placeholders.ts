/**
 * The placeholders a text stored in the studio may use so that it follows the data (decision 081):
 * "bolsa de até {bolsa}" says the best active offer, "{polos} polos" the active polos, "{campanha}"
 * the campaign's name. One renderer for every text; the studio refuses a text whose placeholder it
 * does not know, or whose braces do not close, next to the field.
 */

export const PLACEHOLDERS = {
  bolsa: "o maior desconto das ofertas ativas da campanha (ex.: 60%)",
  bolsa_selecionados: "a bolsa dos cursos selecionados (ex.: 70%)",
  primeira_mensalidade: "a menor primeira mensalidade das ofertas ativas da campanha (ex.: R$ 19,90)",
  cursos: "o número de cursos ativos",
  polos: "o número de polos ativos",
  polos_mg: "o número de polos ativos em Minas Gerais",
  estados: "os estados com polos ativos (ex.: Paraná e Santa Catarina)",
  campanha: "o nome da campanha",
  marca: "o nome da instituição",
} as const;

export type PlaceholderName = keyof typeof PLACEHOLDERS;

/** The values a text is rendered with; "" (or absent) means "no such fact now": the text is not shown. */
export type PlaceholderValues = Partial<Record<PlaceholderName, string>>;

const TOKEN = /\{([^{}]*)\}/g;

function isPlaceholder(name: string): name is PlaceholderName {
  return Object.hasOwn(PLACEHOLDERS, name);
}

/**
 * A text filled sentence by sentence with `fill` (a placeholder renderer): a sentence it cannot fill
 * is left out, the others stay ("A bolsa chega a 70%. A primeira mensalidade começa em
 * {primeira_mensalidade}." keeps its first sentence once no campaign runs). Null when none is left.
 */
export function fillBySentence(text: string, fill: (sentence: string) => string | null): string | null {
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map(fill)
    .filter((sentence): sentence is string => Boolean(sentence));
  return sentences.length > 0 ? sentences.join(" ") : null;
}

/** The placeholders a text uses, in order (unknown names included). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[1]);
}

/** Why the studio refuses a text (pt-BR, for the message next to the field), or null when it is fine. */
export function placeholderProblem(text: string): string | null {
  let depth = 0;
  for (const char of text) {
    if (char === "{") depth += 1;
    if (char === "}") depth -= 1;
    if (depth < 0 || depth > 1) break;
  }
  if (depth !== 0) return "Chaves sem par: cada { precisa de um } (ex.: {bolsa})";
  const unknown = placeholdersIn(text).find((name) => !isPlaceholder(name));
  if (unknown !== undefined) {
    const known = Object.keys(PLACEHOLDERS)
      .map((name) => `{${name}}`)
      .join(", ");
    return `{${unknown}} não é um campo conhecido. Use ${known}`;
  }
  return null;
}

/**
 * The text with its placeholders filled, or null when one of them has no value now (no campaign
 * running: a text about its discount is not shown at all, never "até 0%" or "até %").
 */
export function renderPlaceholders(text: string, values: PlaceholderValues): string | null {
  let missing = false;
  const rendered = text.replace(TOKEN, (whole, name: string) => {
    const value = isPlaceholder(name) ? values[name] : undefined;
    if (!value) {
      missing = true;
      return whole;
    }
    return value;
  });
  return missing ? null : rendered;
}
