import type { ReactNode } from "react";

import { cx } from "~/shared/text";
import { SectionHeading } from "~/ui/section-heading";

type FaqSectionProps = {
  /** Id of the heading (the section is labelled by it). */
  headingId: string;
  title: string;
  /** Shared `name` of the <details>: the browser keeps one answer open at a time, without JavaScript. */
  name: string;
  items: ReadonlyArray<{ id?: string; question: string; answer: string }>;
  /** The section's own id (an anchor such as the home's #faq). */
  id?: string;
  /** Only what the section adds: its anchor offset, the below-the-fold hint. */
  className?: string;
  /** What follows the answers (the home's consultant and phone). */
  children?: ReactNode;
};

/** The FAQ accordion of the home, /bolsas and /america-mg: single-open <details name>, no JavaScript. */
export function FaqSection({ headingId, title, name, items, id, className, children }: FaqSectionProps) {
  return (
    <section id={id} aria-labelledby={headingId} className={cx("bg-slate-50 py-10 sm:py-16", className)}>
      <div className="mx-auto max-w-3xl px-4">
        <SectionHeading id={headingId} center>
          {title}
        </SectionHeading>
        <div className="mt-6 space-y-2 sm:mt-8 sm:space-y-3" data-testid="faq-list">
          {items.map((item, index) => (
            <details
              key={item.id ?? item.question}
              name={name}
              className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
              data-index={index}
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-4 font-semibold text-slate-900 sm:p-5 [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  aria-hidden="true"
                  className="text-xl leading-none text-brand-600 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="px-4 pb-4 text-slate-700 sm:px-5 sm:pb-5">{item.answer}</p>
            </details>
          ))}
        </div>
        {children}
      </div>
    </section>
  );
}
