import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

/**
 * A form's submit button: while the post is on its way it is disabled (so a second tap cannot send
 * the form twice) and says so, with a spinner. The spinner takes the size of the button's own icon
 * (`spinnerClassName`, size-5 unless said).
 */
export function SubmitButton({
  pending,
  pendingText,
  spinnerClassName = "size-5",
  children,
  ...button
}: { pending: boolean; pendingText: string; spinnerClassName?: string; children: ReactNode } & Omit<
  ComponentProps<"button">,
  "type" | "children"
>) {
  return (
    <button type="submit" {...button} disabled={pending || button.disabled}>
      {pending ? (
        <>
          <Loader2 aria-hidden="true" className={`${spinnerClassName} animate-spin`} />
          {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  );
}
