import { parse, type Submission } from "@conform-to/react";
import { useCallback, useRef } from "react";

/** A form's browser check: conform's submission from the form's data (`parseWithZod` over the server's schema). */
export type FormCheck = (formData: FormData) => Submission<unknown, string[]>;

/**
 * A form's browser check whose code (the zod schema and conform's zod glue, about 25 KB compressed)
 * is fetched when the visitor first reaches the form (focus or pointer on it), not with the page's
 * first view (decision 105). `prepare` goes on the form's `onFocus` and `onPointerDown`; `onValidate`
 * is conform's. Until the check has arrived a blur keeps the messages shown and a submit goes to the
 * server, which runs the same schema and answers with the same message next to the same field.
 */
export function useDeferredCheck(load: () => Promise<FormCheck>) {
  const check = useRef<FormCheck | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const prepare = useCallback(() => {
    loading.current ??= load().then(
      (loaded) => void (check.current = loaded),
      // A lost connection: the next focus tries again; meanwhile the server checks.
      () => void (loading.current = null),
    );
  }, [load]);

  const onValidate = useCallback(
    ({ formData }: { formData: FormData }) => {
      if (check.current) return check.current(formData);
      prepare();
      // Not here yet: a blur (an intent) changes no message; a submit is left to the server (error null).
      return parse<unknown, string[]>(formData, {
        resolve: (payload, intent) => ({
          error: intent ? Object.fromEntries(Object.keys(payload).map((name) => [name, null])) : null,
        }),
      });
    },
    [prepare],
  );

  return { prepare, onValidate };
}
