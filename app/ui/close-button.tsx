import { X } from "lucide-react";
import type { ComponentProps } from "react";

/**
 * The round ✕ that closes a dialog or a sheet; `label` is its accessible name ("Fechar"). A tone is
 * its colours on the header it sits on; a new look is a new entry in the map.
 */
const TONES = {
  /** On a brand-coloured header (the assistant sheet). */
  "on-dark": "hover:bg-white/15",
  /** On a white header (the form modal). */
  light: "shrink-0 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600",
} as const;

export function CloseButton({
  label,
  tone,
  ...button
}: { label: string; tone: keyof typeof TONES } & Omit<ComponentProps<"button">, "type" | "className" | "children">) {
  return (
    <button
      type="button"
      aria-label={label}
      className={`inline-flex size-10 items-center justify-center rounded-full ${TONES[tone]}`}
      {...button}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
