import { SectionHeading } from "~/ui/section-heading";
/** One line of the lead page's history, as the loader sends it (`when`: the instant in pt-BR). */
export type HistoryEntry = { kind: string; title: string; when: string; by?: string; text?: string };

/**
 * The lead page's history, newest first: forms sent, test result, status changes, notes, contact
 * attempts and WhatsApp sends, each with when and who. Texts (notes, messages) are shown as text.
 */
export function LeadHistory({ entries }: { entries: HistoryEntry[] }) {
  return (
    <section aria-labelledby="history-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <SectionHeading id="history-title" size="panel">
        Histórico
      </SectionHeading>
      <ol className="mt-3 space-y-3" data-testid="lead-history">
        {entries.map((entry, i) => (
          <li key={i} className="border-l-2 border-slate-200 pl-3 text-sm" data-kind={entry.kind}>
            <p className="font-semibold text-slate-900">{entry.title}</p>
            <p className="text-xs text-slate-600">
              {entry.when}
              {entry.by ? ` · ${entry.by}` : ""}
            </p>
            {entry.text ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{entry.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
