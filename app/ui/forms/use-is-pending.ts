import { useFormAction, useNavigation } from "react-router";

/**
 * True while this route's form post is on its way and until the page it leads to has loaded (the
 * redirect's loaders, or the revalidation after an answer with data), so a submit button stays
 * disabled for the whole trip. Only posts to `formAction` (by default this route's own action)
 * count: a post from another form of the page, such as the header's, does not.
 *
 * `formMethod: "GET"` is for a search form: it counts from the submit until the results have loaded.
 * `intent` narrows it to the post sent by the button with that `intent` value, for a form with
 * several submit buttons (each one shows its own pending text).
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  intent,
}: { formAction?: string; formMethod?: "POST" | "GET"; intent?: string } = {}): boolean {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== formMethod) return false;
  if (intent !== undefined && navigation.formData?.get("intent") !== intent) return false;
  return pathOf(navigation.formAction) === pathOf(formAction ?? ownAction);
}

/** The path of a form action, without its query (?embed=1, ?index). */
function pathOf(action: string | undefined): string {
  return (action ?? "").split("?")[0];
}
