import { Check, Loader2, X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

import { Button, type ButtonLook } from "~/ui/button";
import type { SubmitStatus } from "~/ui/forms/submit-status";

/** What the button says for a moment after a successful post, unless the form names it. */
export const SUCCESS_TEXT = "Salvo";

type SubmitButtonProps = {
  /** Where the post is (useSubmitStatus); `pending` alone is the same as "pending" or "idle". */
  status?: SubmitStatus;
  pending?: boolean;
  pendingText: string;
  successText?: string;
  spinnerClassName?: string;
  children: ReactNode;
} & ButtonLook &
  Omit<ComponentProps<"button">, "type" | "children" | "className">;

/**
 * A form's submit button: while the post is on its way it is disabled (so a second tap cannot send
 * the form twice), busy, and says so with a spinner; after a successful post it shows a check and
 * `successText` for a moment; after a refused one, a cross beside its label. Without JavaScript it
 * is a plain submit button. Its look is a `Button` variant and size (decision 079); the icons take
 * the size of the button's icon (size-4 on the small sizes, size-5 above).
 */
export function SubmitButton({
  status,
  pending,
  pendingText,
  successText = SUCCESS_TEXT,
  spinnerClassName,
  children,
  ...button
}: SubmitButtonProps) {
  const shown: SubmitStatus = status ?? (pending ? "pending" : "idle");
  const icon = spinnerClassName ?? (button.size === "xs" || button.size === "sm" || button.size === "md" ? "size-4" : "size-5");
  return (
    <Button
      type="submit"
      {...button}
      disabled={shown === "pending" || button.disabled}
      aria-busy={shown === "pending" ? true : undefined}
      data-status={shown === "idle" ? undefined : shown}
    >
      {shown === "pending" ? (
        <>
          <Loader2 aria-hidden="true" className={`${icon} animate-spin`} />
          {pendingText}
        </>
      ) : shown === "success" ? (
        <>
          <Check aria-hidden="true" className={icon} />
          {successText}
        </>
      ) : shown === "error" ? (
        <>
          <X aria-hidden="true" className={icon} />
          {children}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
