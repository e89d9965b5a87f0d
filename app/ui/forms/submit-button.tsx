import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

import { Button, type ButtonLook } from "~/ui/button";

/**
 * A form's submit button: while the post is on its way it is disabled (so a second tap cannot send
 * the form twice) and says so, with a spinner. Its look is a `Button` variant and size (decision
 * 079); the spinner takes the size of the button's icon (size-4 on the small sizes, size-5 above).
 */
export function SubmitButton({
  pending,
  pendingText,
  spinnerClassName,
  children,
  ...button
}: { pending: boolean; pendingText: string; spinnerClassName?: string; children: ReactNode } & ButtonLook &
  Omit<ComponentProps<"button">, "type" | "children" | "className">) {
  const spinner =
    spinnerClassName ?? (button.size === "xs" || button.size === "sm" || button.size === "md" ? "size-4" : "size-5");
  return (
    <Button type="submit" {...button} disabled={pending || button.disabled}>
      {pending ? (
        <>
          <Loader2 aria-hidden="true" className={`${spinner} animate-spin`} />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
