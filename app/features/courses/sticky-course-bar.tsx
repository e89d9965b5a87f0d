import { STICKY_BAR_THRESHOLD_PX } from "~/features/courses/sticky-bar";
import { FormLink } from "~/features/leads/forms/form-link";
import { buttonClass } from "~/ui/button";

import { useScrolledPast } from "./use-scrolled-past";

/**
 * The bar that slides in at the bottom after 500 px of scroll. It needs JavaScript to
 * know the scroll position; without it the bar stays hidden and the page's own calls to action
 * (hero, closing block) remain. `bolsa`: the figure of the cards covering the course, "" for none. On a page without React the sticky-bar island shows it (decision 099).
 */
export function StickyCourseBar({ title, leadTitle, bolsa }: { title: string; leadTitle: string; bolsa: string }) {
  const visible = useScrolledPast(STICKY_BAR_THRESHOLD_PX);
  return (
    <div
      data-testid="sticky-bar"
      data-island="sticky-bar"
      data-visible={visible}
      hidden={!visible}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
        <p className="min-w-0 truncate font-semibold text-slate-900">
          {title} {bolsa ? <span className="hidden font-normal text-slate-600 sm:inline">· bolsa de até {bolsa}</span> : null}
        </p>
        <FormLink type="lead" title={leadTitle} className={buttonClass({ variant: "accent", size: "md", className: "shrink-0" })}>
          Quero minha bolsa agora
        </FormLink>
      </div>
    </div>
  );
}
