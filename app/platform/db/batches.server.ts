/**
 * SQLite caps the parameters of one statement, so a long list in an `inArray` condition goes in
 * slices: 500 values a statement, far below the cap and above a page of leads.
 */
export const PARAMETER_BATCH = 500;

/** `values` in consecutive slices of at most PARAMETER_BATCH (none for an empty list). */
export function parameterBatches<T>(values: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < values.length; i += PARAMETER_BATCH) batches.push(values.slice(i, i + PARAMETER_BATCH));
  return batches;
}

/** The rows `query` reads for each slice of `values` (see PARAMETER_BATCH), one list, in the slices' order. */
export function selectInBatches<T, R>(values: readonly T[], query: (batch: T[]) => R[]): R[] {
  return parameterBatches(values).flatMap(query);
}
