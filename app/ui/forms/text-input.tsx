import type { ComponentProps } from "react";

/**
 * The looks of a form control (a one-line input, a <select>, a <textarea>): one map, so a form
 * names its look instead of pasting a class. Each look marks an invalid control (aria-invalid,
 * which the fields set from conform) with a red border, except `compact` and `inline`, whose
 * forms show the message alone.
 */
export const INPUT_LOOKS = {
  /** Staff pages and the content studio. */
  staff: "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500",
  /** The WhatsApp pages: the staff look with a brand focus ring. */
  ring: "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-500",
  /** The public lead forms (/inscricao and its embeds): larger text, rounder corners. */
  public:
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-600",
  /** The vocational test's lead form: taller boxes. */
  tall: "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-base text-slate-900 aria-[invalid=true]:border-red-500",
  /** The lead page's follow-up cards: small text on white. */
  compact: "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900",
  /** A small control inside a table row, beside its button. */
  inline: "block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900",
} as const;

export type InputLook = keyof typeof INPUT_LOOKS;

/** The class of a control with this look, plus any extra classes (a width, say). */
export function inputClass(look: InputLook = "staff", extra?: string): string {
  return extra ? `${INPUT_LOOKS[look]} ${extra}` : INPUT_LOOKS[look];
}

/** A bare one-line input with one of the looks (for a control outside a field: a search box, a table cell). */
export function TextInput({ look, className, ...props }: ComponentProps<"input"> & { look?: InputLook }) {
  return <input {...props} className={inputClass(look, className)} />;
}
