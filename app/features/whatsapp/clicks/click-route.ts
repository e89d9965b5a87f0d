import { answerWhatsappClick } from "~/features/whatsapp/clicks/clicks.server";

import type { Route } from "./+types/click-route";

/**
 * The students' WhatsApp buttons link here (a plain link, so it works without JavaScript): the click
 * is counted without personal data and the visitor is sent on to wa.me (server/whatsapp-clicks.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return answerWhatsappClick(request);
}
