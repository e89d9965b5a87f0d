import type { ReactNode } from "react";

import { fullHomeHref } from "~/features/home/home-data";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";

/**
 * What stands for a list below the first screen in the home's landing document (decision 104): a
 * link to the whole page at that section, which is what a visitor without JavaScript follows. With
 * JavaScript the live-search island swaps the list in (`?fragmento=inicio`) right after the page loaded.
 */
export function DeferredLink({ hash, children }: { hash: string; children: ReactNode }) {
  return (
    <p data-deferred className="py-6 text-center">
      <a href={fullHomeHref(hash)} className={textLink()}>
        {children}
      </a>
    </p>
  );
}

/** A whole deferred section (testimonials, FAQ): its anchor, its heading and the link; replaced whole by the island. */
export function DeferredSection({
  id,
  headingId,
  title,
  className,
  children,
}: {
  id: string;
  headingId: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} data-deferred className={className}>
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id={headingId} center>
          {title}
        </SectionHeading>
        <DeferredLink hash={id}>{children}</DeferredLink>
      </div>
    </section>
  );
}
