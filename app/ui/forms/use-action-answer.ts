import { useMemo } from "react";
import { useNavigation } from "react-router";

import type { ToastMessage } from "~/shared/toast";
import { type ConnectionLost, splitConnectionLost } from "~/ui/forms/offline-submit";

/**
 * The one way a page reads its last post's answer, lost connection included (decision 091). A route
 * whose form collects what was typed exports `clientAction = ({ serverAction }) =>
 * sendKeepingForm(serverAction)` and `shouldRevalidate = skipRevalidationAfterConnectionLost`
 * (app/ui/forms/offline-submit.ts); its page then calls this hook with its actionData and gets:
 *
 * - `lost`: the "Sem conexão com a internet" message when the post never reached the site (the
 *   form keeps what was typed; show it in the form's alert, or as a toast), else null;
 * - `answer`: what the server answered otherwise (undefined after a lost connection);
 * - `idle`: no post or page load under way (a page shows its last answer only then, so a message
 *   does not linger while the form is sent again).
 *
 * `lost` and `answer` keep their identity between renders, so an effect that toasts or focuses
 * on them runs once per answer, not on every keystroke.
 */
export function useActionAnswer<T>(actionData: T | ConnectionLost | undefined): {
  lost: ToastMessage | null;
  answer: T | undefined;
  idle: boolean;
} {
  const idle = useNavigation().state === "idle";
  const { lost, answer } = useMemo(() => splitConnectionLost(actionData), [actionData]);
  return { lost, answer, idle };
}
