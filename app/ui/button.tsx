import type { ComponentProps } from "react";
import { Link } from "react-router";

import { cx } from "~/shared/text";

/**
 * The site's button looks (decision 079). A variant is colour, border and hover; a size is height,
 * padding, radius, gap and text size; the weight goes with the variant unless said. No two maps set the
 * same property, so `buttonClass` never has to merge classes. A new look is a new entry in a map, not
 * a class string in a page.
 */
const VARIANTS = {
  /** The brand blue: the main action of a staff form or a public page. */
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  /** The darker blue on the accent band. */
  "primary-dark": "bg-brand-700 text-white hover:bg-brand-800",
  /** The yellow call to action of the public pages. */
  accent: "bg-accent-400 text-slate-900 hover:bg-accent-300",
  /** Outlined in brand blue (the second action beside a primary one). */
  secondary: "border border-brand-600 text-brand-700 hover:bg-brand-50",
  /** Grey outline on white: the small row actions of the staff pages. */
  neutral: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  /** A step that destroys or refuses something. */
  danger: "bg-red-700 text-white hover:bg-red-800",
  /** A destructive step that is not the page's main action. */
  "danger-outline": "border border-red-300 bg-white text-red-700 hover:bg-red-50",
  /** The WhatsApp tool's go-ahead (emerald, as its panels). */
  success: "bg-emerald-700 text-white hover:bg-emerald-800",
  /** WhatsApp green on the public pages. */
  whatsapp: "bg-green-700 text-white hover:bg-green-800",
  /** A light outline on a dark or brand background. */
  inverse: "border border-white/50 hover:bg-white/10",
  /** A dark outline on the accent band. */
  "on-accent": "border border-slate-900/40 hover:bg-white/30",
} as const;

const BOLD_VARIANTS: readonly ButtonVariant[] = ["accent", "primary-dark", "whatsapp"];

const SIZES = {
  /** Inside a table row. */
  xs: "gap-1 rounded-md px-2 py-1 text-xs",
  /** A row action on the staff pages. */
  sm: "gap-1 rounded-md px-3 py-1.5 text-sm",
  /** Beside a filter or search field. */
  md: "gap-2 rounded-md px-4 py-2 text-sm",
  /** A staff form's submit. */
  lg: "gap-2 rounded-md px-5 py-2.5",
  /** A call to action on a public page. */
  xl: "gap-2 rounded-lg px-5 py-3",
  /** The hero's call to action. */
  "2xl": "min-h-12 gap-2 rounded-lg px-8 py-3 text-lg",
} as const;

/** Only a button can be disabled; links do not carry these rules (critical CSS, decision 079). */
const DISABLED = "disabled:cursor-not-allowed disabled:opacity-70";

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export type ButtonLook = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Semibold, or bold for the accent, dark-blue and WhatsApp variants, unless said. */
  weight?: "semibold" | "bold";
  /** The whole width of its container (a block flex box instead of an inline one). */
  full?: boolean;
  /** Only what the maps leave out: margins, widths, shadows. */
  className?: string;
};

export function buttonClass({ variant = "primary", size = "lg", weight, full, className }: ButtonLook = {}): string {
  const bold = weight ? weight === "bold" : BOLD_VARIANTS.includes(variant);
  return cx(
    full ? "flex w-full justify-center" : "inline-flex",
    "items-center",
    VARIANTS[variant],
    bold ? "font-bold" : "font-semibold",
    SIZES[size],
    className,
  );
}

type ButtonProps = ButtonLook & Omit<ComponentProps<"button">, "className">;

/** A `<button>` with one of the site's looks; `type="button"` unless said. */
export function Button({ variant, size, weight, full, className, type = "button", ...button }: ButtonProps) {
  const look = buttonClass({ variant, size, weight, full, className: cx(DISABLED, className) });
  return <button type={type} className={look} {...button} />;
}

type ButtonLinkProps = ButtonLook & Omit<ComponentProps<typeof Link>, "className">;

/** A router link that looks like a button (it navigates, so it stays a link for assistive technology). */
export function ButtonLink({ variant, size, weight, full, className, ...link }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, weight, full, className })} {...link} />;
}
