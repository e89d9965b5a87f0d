/** Name of the hidden field bots fill in and people never see (rendered by <HoneypotField />). */
export { HONEYPOT_FIELD } from "~/shared/honeypot";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

/** True when the form was filled by a bot: the hidden field has a value. */
export function isSpam(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}
