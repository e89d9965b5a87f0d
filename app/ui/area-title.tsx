import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A staff page's title: a small line naming its area, with the area's icon, above the page's h1. */
export function AreaTitle({ icon: Icon, area, children }: { icon: LucideIcon; area: string; children: ReactNode }) {
  return (
    <>
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <Icon aria-hidden="true" className="size-4" /> {area}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{children}</h1>
    </>
  );
}
