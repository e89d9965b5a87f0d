/**
 * Numbers as Brazilians read them: decimal comma and dot-grouped thousands ('2,5', '1.049,9').
 * Every number with decimals that reaches a page goes through here, never through String(n),
 * which would print '2.5'.
 */

const formatters = new Map<number, Intl.NumberFormat>();

/** A number in pt-BR, with at most `maxDecimals` decimals (trailing zeros dropped): 2.5 → '2,5', 1000 → '1.000'. */
export function formatNumber(value: number, maxDecimals = 2): string {
  let formatter = formatters.get(maxDecimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: maxDecimals });
    formatters.set(maxDecimals, formatter);
  }
  return formatter.format(value);
}

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * A value in reais with cents, the one way the site writes money: 19.9 → 'R$ 19,90',
 * 1049.9 → 'R$ 1.049,90'. Intl puts a non-breaking space after 'R$'; the pages have always shown
 * a plain space, so it is replaced to keep their text (and what visitors search for) unchanged.
 */
export function formatReais(value: number): string {
  return money.format(value).replace(/\u00a0/g, " ");
}

/** A duration in years as the catalogue shows it: '1 ano', '2 anos', '2,5 anos'. */
export function formatYears(years: number): string {
  return `${formatNumber(years)} ${years === 1 ? "ano" : "anos"}`;
}

/** How long something has waited, in words: "menos de 1 min", "3 min", "2 h 5 min", "3 dias". */
export function elapsedText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  const h = Math.floor(m / 60);
  if (m < 1) return "menos de 1 min";
  if (m < 60) return `${m} min`;
  return h < 48 ? `${h} h${m % 60 ? ` ${m % 60} min` : ""}` : `${Math.floor(h / 24)} dias`;
}
