import type { ComponentProps } from "react";

import { maskPhone } from "~/shared/phone";

/**
 * A phone input that writes the number as (99)99999-9999 while it is typed (with JavaScript; the
 * server accepts any spacing without it). The value is changed only when the mask changes it, so
 * the caret does not jump while nothing needs fixing.
 */
export function PhoneInput({ onChange, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      inputMode="tel"
      autoComplete="tel"
      {...props}
      type="tel"
      // onChange (React's, which fires on each keystroke) rather than onInput: React also calls it
      // at hydration for a number typed before the page's script ran, so that one gets masked too.
      onChange={(event) => {
        const input = event.currentTarget;
        const masked = maskPhone(input.value);
        if (masked !== input.value) input.value = masked;
        onChange?.(event);
      }}
    />
  );
}
