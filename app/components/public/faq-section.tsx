import { ChevronDown } from "lucide-react";

type FaqSectionProps = {
  /** Id of the heading (the section is labelled by it). */
  id: string;
  title: string;
  /** Shared `name` of the <details>: the browser keeps one answer open at a time, without JavaScript. */
  name: string;
  items: ReadonlyArray<{ question: string; answer: string }>;
};

/** A single-open FAQ accordion section (/bolsas, /america-mg). */
export function FaqSection({ id, title, name, items }: FaqSectionProps) {
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-14">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id={id} className="text-center text-3xl font-extrabold text-slate-900">
          {title}
        </h2>
        <div className="mt-8 space-y-3">
          {items.map((item) => (
            <details key={item.question} name={name} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                {item.question}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-3 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
