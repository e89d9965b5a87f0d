import { useEffect, useState } from "react";

/** Where a submit button's post is: none, on its way, just answered with success, or refused. */
export type SubmitStatus = "idle" | "pending" | "success" | "error";

/** How long the success check stays on the button before the label comes back. */
export const SUCCESS_SHOWN_MS = 2_000;

/**
 * The status after a render, from the one before: `pending` while the post is on its way; when it
 * ends, `success` or `error` by `ok` (undefined: the answer says neither, so back to idle). Outside
 * a post's end the status stays, so an error shows until the next post.
 */
export function nextSubmitStatus(previous: SubmitStatus, pending: boolean, ok: boolean | undefined): SubmitStatus {
  if (pending) return "pending";
  if (previous !== "pending") return previous;
  if (ok === undefined) return "idle";
  return ok ? "success" : "error";
}

/**
 * A submit button's status for a form (pending from `useIsPending`, ok from the answer in
 * actionData) or a fetcher (pending from `fetcher.state !== "idle"`, ok from `fetcher.data`). Only a
 * post seen on its way in this browser ends in success or error, so the server render, and a page
 * without JavaScript, always show the plain button. Success turns back to idle after a moment.
 */
export function useSubmitStatus({ pending, ok }: { pending: boolean; ok: boolean | undefined }): SubmitStatus {
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const next = nextSubmitStatus(status, pending, ok);
  if (next !== status) setStatus(next);
  useEffect(() => {
    if (next !== "success") return;
    const timer = setTimeout(() => setStatus("idle"), SUCCESS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [next]);
  return next;
}
