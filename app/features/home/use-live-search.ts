import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";

/**
 * Live filtering for a GET search form: while the user types, the form is submitted (debounced)
 * to `action` without a fragment, replacing the history entry and keeping the scroll position,
 * so the loader answers without a full reload. Without JavaScript the form simply submits.
 * The input follows the URL when it changes from elsewhere (back button, links) unless focused.
 * Text typed before the JavaScript arrived (a slow phone) is kept and searched.
 */
export function useLiveSearch(urlValue: string, action = "/", delayMs = 250) {
  const submit = useSubmit();
  const [value, setValue] = useState(urlValue);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (typeof document !== "undefined" && document.activeElement !== inputRef.current) setValue(urlValue);
  }, [urlValue]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function submitSoon(form: HTMLFormElement | null) {
    window.clearTimeout(timer.current);
    if (!form) return;
    timer.current = window.setTimeout(() => {
      submit(form, { action, method: "get", replace: true, preventScrollReset: true });
    }, delayMs);
  }

  // Before the first paint of the live page: the box still holds what was typed into the server's HTML.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === urlValue) return;
    setValue(input.value);
    submitSoon(input.form);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page comes alive
  }, []);

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    setValue(event.currentTarget.value);
    submitSoon(event.currentTarget.form);
  }

  /** A real submit (Enter, button) wins over a pending live one. */
  function onSubmit() {
    window.clearTimeout(timer.current);
  }

  return { value, onChange, onSubmit, inputRef };
}
