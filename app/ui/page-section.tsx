import type { ComponentProps, ReactNode } from "react";

import { SectionHeading } from "./section-heading";

/**
 * A public page's section under its centred heading (SectionHeading, named by `headingId` for the
 * section's aria-labelledby). `className` is the section's width and padding. A coloured band with a
 * centred column inside stays a <section> with its own SectionHeading.
 */
export function PageSection({
  headingId,
  title,
  intro,
  children,
  ...section
}: {
  headingId: string;
  title: ReactNode;
  /** The line under the heading. */
  intro?: ReactNode;
  className: string;
  children: ReactNode;
} & Omit<ComponentProps<"section">, "aria-labelledby" | "title">) {
  return (
    <section aria-labelledby={headingId} {...section}>
      <SectionHeading id={headingId} center intro={intro}>
        {title}
      </SectionHeading>
      {children}
    </section>
  );
}
