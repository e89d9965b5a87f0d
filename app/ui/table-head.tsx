import type { ReactNode } from "react";

import { cx } from "~/shared/text";

/**
 * A table's header row (decision 079): one `<th scope="col">` per column, drawn in one of the site's
 * table looks. A look is the header's band, the row's rule and the cells' padding; in the ruled and
 * quiet looks the last cell has no right padding. A new look is a new entry in the map.
 */
const LOOKS = {
  /** A public page's light table (the polo's courses, the offer conditions): a dark rule under the row. */
  ruled: { head: undefined, row: "border-b border-slate-300 text-slate-900", cell: "py-2 pr-3", last: "py-2" },
  /** A staff list (the studio, the reports): grey text over a light rule. */
  quiet: { head: "border-b border-slate-200 text-slate-600", row: undefined, cell: "py-2 pr-3", last: "py-2" },
  /** A staff register on a grey band, in small capitals (the form submissions). */
  banded: {
    head: "bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600",
    row: undefined,
    cell: "px-3 py-3",
    last: "px-3 py-3",
  },
  /** The banded look with tighter rows that do not wrap (the leads table). */
  "banded-dense": {
    head: "bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600",
    row: undefined,
    cell: "whitespace-nowrap px-3 py-2",
    last: "whitespace-nowrap px-3 py-2",
  },
  /** White on the brand blue (the discount table of the public pages). */
  brand: { head: "bg-brand-700 text-white", row: undefined, cell: "px-4 py-3", last: "px-4 py-3" },
} as const;

export type TableLook = keyof typeof LOOKS;

export function TableHead({
  columns,
  look = "quiet",
  className,
}: {
  /** The header cells in order; `false` or `null` leaves a column out (one a role does not see). */
  columns: ReadonlyArray<ReactNode>;
  look?: TableLook;
  /** Only what the map leaves out on the `<thead>` (hiding it on a phone). */
  className?: string;
}) {
  const classes = LOOKS[look];
  const shown = columns.filter((column) => column !== false && column !== null && column !== undefined);
  return (
    <thead className={cx(classes.head, className) || undefined}>
      <tr className={classes.row}>
        {shown.map((column, index) => (
          // The columns are fixed per table: their position is their identity.
          <th key={index} scope="col" className={index === shown.length - 1 ? classes.last : classes.cell}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
