import type { ComponentProps } from "react";

import { cx } from "~/shared/text";

/**
 * The coloured message boxes (decision 079). The caller says the role, as before: `alert` for a failed
 * action the reader must hear now, `status` for news, none for a standing notice.
 */
const TONES = {
  error: "border-red-200 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
} as const;

const SIZES = {
  /** A line or two beside a form. */
  sm: "rounded-md p-3 text-sm",
  /** A message with a title. */
  md: "rounded-lg p-4",
  /** A panel (the WhatsApp tool's connection panels). */
  lg: "rounded-xl p-5",
} as const;

export type AlertTone = keyof typeof TONES;

type AlertProps = {
  tone?: AlertTone;
  size?: keyof typeof SIZES;
  /** A paragraph for a one-sentence message, a div (default) for anything with parts. */
  as?: "div" | "p";
  /** Only what the maps leave out: margins, a flex row for an icon. */
  className?: string;
} & Omit<ComponentProps<"div">, "className">;

export function Alert({ tone = "error", size = "sm", as: Tag = "div", className, ...box }: AlertProps) {
  return <Tag className={cx("border", TONES[tone], SIZES[size], className)} {...box} />;
}

/**
 * A page's one-line error (a refused post, a page that could not load), announced at once; nothing
 * when there is no message.
 */
export function PageError({ message, className = "mt-4" }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <Alert role="alert" as="p" className={className}>
      {message}
    </Alert>
  );
}
