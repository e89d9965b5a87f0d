import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The rounded label above a public page's title (decision 079): an icon and a few words ("Carreiras",
 * "100% gratuito"). A tone is its colours and weight; a new look is a new entry in the map.
 */
const TONES = {
  /** Translucent white on a dark or brand hero. */
  "on-dark": "bg-white/15 font-semibold",
  /** The yellow accent, for an offer ("100% gratuito"). */
  accent: "bg-accent-400 font-bold text-slate-900",
} as const;

export function Badge({
  icon: Icon,
  tone = "on-dark",
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  children: ReactNode;
}) {
  return (
    <p className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm ${TONES[tone]}`}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </p>
  );
}
