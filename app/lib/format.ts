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

/** A duration in years as the catalogue shows it: '1 ano', '2 anos', '2,5 anos'. */
export function formatYears(years: number): string {
  return `${formatNumber(years)} ${years === 1 ? "ano" : "anos"}`;
}
