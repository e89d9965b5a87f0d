import { useSite } from "./use-site";

/**
 * The brand mark: a self-made SVG shield plus the configured brand name. `compact`: below 360 px
 * (the narrowest phones) only the shield shows, so the header's buttons keep their room.
 */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const site = useSite();
  return (
    <span className="flex items-center gap-2">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
        <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7L16 2Z" fill="#facc15" />
        <path d="M9 13.5 16 10l7 3.5-7 3.5-7-3.5Zm3 2.4v3.3c0 1.2 1.8 2.3 4 2.3s4-1.1 4-2.3v-3.3l-4 2-4-2Z" fill="#142f66" />
      </svg>
      <span
        className={`text-base font-extrabold leading-tight tracking-tight sm:text-lg sm:leading-none ${inverted ? "text-brand-800" : "text-white"} ${compact ? "max-[359px]:hidden" : ""}`}
      >
        {site.brandName}
      </span>
    </span>
  );
}
