import type { ReactNode } from "react";

import { cx } from "~/lib/text";

/**
 * A progress bar from 0 to 100 (role progressbar, named by `label`). With no `value` yet (the
 * analysis page before its JavaScript runs) `children` fill it instead. `className`: height, margins.
 */
export function ProgressBar({
  label,
  value,
  className,
  ticking = false,
  children,
}: {
  label: string;
  value: number | undefined;
  className: string;
  /** The value moves every 200 ms (the analysis): the fill glides for as long as a tick lasts. */
  ticking?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cx(className, "overflow-hidden rounded-full bg-slate-200")}
    >
      {value === undefined ? (
        children
      ) : (
        <div
          className={cx("h-full rounded-full bg-brand-600 transition-all", ticking && "duration-200")}
          style={{ width: `${value}%` }}
        />
      )}
    </div>
  );
}
