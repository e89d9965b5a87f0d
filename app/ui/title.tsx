import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { cx } from "~/shared/text";

/**
 * The one size map of the site's titles: every page's h1 (and the headings that share its look) takes
 * its font size, weight and leading from here; callers add only margins and layout.
 */
export const TITLE_SIZES = {
  /** The flash campaign's headline. */
  display: "text-4xl font-extrabold tracking-tight sm:text-6xl",
  /** A public page's hero on a dark band: home, course, club, careers, scholarships, result. */
  hero: "text-3xl font-extrabold leading-tight sm:text-5xl",
  /** A public page's banner title: polo, enrolment, the vocational test's form, the course finder. */
  banner: "text-3xl font-extrabold sm:text-4xl",
  /** A public text page: legal pages, errors, unsubscribe, the result link, the assistant. */
  page: "text-3xl font-bold",
  /** A page of the staff area, the content studio or the WhatsApp tool, and the vocational test's steps. */
  area: "text-2xl font-bold sm:text-3xl",
  /** A sign-in card's title. */
  card: "text-2xl font-bold",
  /** Read by screen readers only. */
  hidden: "sr-only",
} as const;

export type TitleSize = keyof typeof TITLE_SIZES;

/** The ink of a title on a light background; `onDark` titles take the band's colour instead. */
const INK = "text-slate-900";

type TitleProps = {
  as?: "h1" | "h2" | "h3";
  size: TitleSize;
  id?: string;
  /** On a dark band: the colour comes from the band. */
  onDark?: boolean;
  /** An icon (aria-hidden) before the text. */
  icon?: ReactNode;
  /** Only what the map leaves out: margins and layout. */
  className?: string;
  children: ReactNode;
};

export function titleClass({ size, onDark, icon, className }: Pick<TitleProps, "size" | "onDark" | "icon" | "className">) {
  return cx(icon ? "flex items-center gap-2" : null, TITLE_SIZES[size], !onDark && size !== "hidden" && INK, className);
}

export function Title({ as: Tag = "h1", size, id, onDark, icon, className, children }: TitleProps) {
  return (
    <Tag id={id} className={titleClass({ size, onDark, icon, className })}>
      {icon}
      {children}
    </Tag>
  );
}

/** A staff page's title: a small line naming its area, with the area's icon, above the page's h1. */
export function AreaTitle({ icon: Icon, area, children }: { icon: LucideIcon; area: string; children: ReactNode }) {
  return (
    <>
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <Icon aria-hidden="true" className="size-4" /> {area}
      </p>
      <Title size="area" className="mt-1">
        {children}
      </Title>
    </>
  );
}
