import type { ReactNode } from "react";

import { TableHead } from "~/ui/table-head";

/**
 * A studio list as a table (Histórico, Polos): a caption (visible or for screen readers only), one
 * header cell per column (the last one without the right padding) and the rows given, scrolling
 * sideways on a narrow screen.
 */
export function StudioTable({
  testId,
  caption,
  captionHidden = false,
  columns,
  className = "mt-6",
  children,
}: {
  testId: string;
  caption: string;
  captionHidden?: boolean;
  columns: ReactNode[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${className} overflow-x-auto`}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className={captionHidden ? "sr-only" : "mb-2 text-left font-semibold text-slate-900"}>{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
