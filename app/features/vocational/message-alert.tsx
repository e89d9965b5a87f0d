import type { ComponentProps } from "react";

import { cx } from "~/shared/text";
import type { ToastMessage } from "~/shared/toast";
import { Alert } from "~/ui/alert";

/** A toast's title and description as a red box on the page, so the message shows without JavaScript too. */
export function MessageAlert({
  message,
  className,
  ...box
}: { message: ToastMessage } & Omit<ComponentProps<typeof Alert>, "children" | "size" | "tone">) {
  return (
    <Alert size="md" className={cx("text-sm", className)} {...box}>
      <p className="font-semibold">{message.title}</p>
      <p>{message.description}</p>
    </Alert>
  );
}
