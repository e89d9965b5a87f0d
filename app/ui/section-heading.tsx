import type { ReactNode } from "react";

import { cx } from "~/shared/text";

/**
 * A section's heading (decision 079): the public pages' centred 3xl title, a card's or a staff panel's.
 * With `intro`, the grey line under it; with `icon`, an icon before the text.
 */
const SIZES = {
  /** A public page's section. */
  section: "text-3xl font-extrabold text-slate-900",
  /** A block inside a section (course page, result page). */
  block: "text-2xl font-bold text-slate-900 sm:text-3xl",
  /** A card or a staff page's section. */
  card: "text-xl font-bold text-slate-900",
  /** A staff panel. */
  panel: "text-lg font-semibold text-slate-900",
} as const;

type SectionHeadingProps = {
  id?: string;
  as?: "h2" | "h3";
  size?: keyof typeof SIZES;
  /** Centred, as the public pages' sections. */
  center?: boolean;
  /** An icon (aria-hidden) before the text. */
  icon?: ReactNode;
  /** The line under the heading. */
  intro?: ReactNode;
  /** Only what the map leaves out: margins. */
  className?: string;
  children: ReactNode;
};

export function SectionHeading({
  id,
  as: Tag = "h2",
  size = "section",
  center,
  icon,
  intro,
  className,
  children,
}: SectionHeadingProps) {
  const heading = (
    <Tag
      id={id}
      className={cx(
        icon ? "flex items-center gap-2" : null,
        icon && center ? "justify-center" : null,
        center && "text-center",
        SIZES[size],
        className,
      )}
    >
      {icon}
      {children}
    </Tag>
  );
  if (intro === undefined) return heading;
  return (
    <>
      {heading}
      <p className={cx("mt-3 text-slate-600", center && "text-center")}>{intro}</p>
    </>
  );
}
