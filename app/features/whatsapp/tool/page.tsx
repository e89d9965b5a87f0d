import { WhatsAppGate } from "~/features/whatsapp/tool/gate";
import { MirrorPage } from "~/features/whatsapp/tool/mirror";
import { type GateFailure, whatsappPageAction, whatsappPageData } from "~/features/whatsapp/tool/page.server";
import { readFormData } from "~/platform/form-data.server";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { pageMeta } from "~/shared/seo";
import { type ConnectionLost, sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/page";

/**
 * /whatsapp: the password gate, or (for an operator who passed it, or a signed-in staff user whose
 * role holds "whatsapp": decision 069) the mirroring page that talks to the local helper over
 * socket.io. A staff user never sees the gate: the page opens as that person. The action handles the gate ('entrar') and 'Desconectar'.
 * ?lista=<id> opens a contact list handed off from the leads panel: the contacts box comes filled
 * (server-rendered), and the gate brings the operator back to the same list after the password.
 * With JavaScript, a lost connection keeps the typed password, or the mirroring page, with a
 * message (lib/offline-submit).
 */

export const meta: Route.MetaFunction = (args) => {
  const mirror = args.data?.view === "mirror";
  return pageMeta(args, {
    title: mirror ? `Espelhamento WhatsApp ${args.data?.productName ?? ""}`.trim() : "WhatsApp - Área Restrita",
    description: "Ferramenta interna de envio de mensagens pelo WhatsApp.",
    noindex: true,
  });
};

/** The WhatsApp layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);

export async function loader({ request }: Route.LoaderArgs) {
  return whatsappPageData(request);
}

/** The gate's password or 'Desconectar', by `intent`: app/features/whatsapp/tool/page.server.ts. */
export async function action({ request }: Route.ActionArgs) {
  return whatsappPageAction(request, await readFormData(request));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function WhatsApp({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "gate") {
    return <WhatsAppGate answer={actionData as GateFailure | ConnectionLost | undefined} staffNotice={loaderData.staffNotice} />;
  }
  // The mirror view is MirrorPage's props (its `view` and `viewer` are for the area header).
  return <MirrorPage {...loaderData} actionData={actionData} />;
}
