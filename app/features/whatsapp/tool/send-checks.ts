import type { ToastMessage } from "~/shared/toast";

import { helperLinkSentence } from "./job-state";
import type { MirrorState } from "./mirror-types";
import { CONTACTS_MAX } from "./tool";

/** The toast of a missing or invalid operator name ('Iniciar Espelhamento' and 'Iniciar Envio'). */
export const OPERATOR_NAME_NEEDED: ToastMessage = {
  title: "Nome do operador necessário",
  description: "Por favor, informe o nome do operador",
  variant: "destructive",
};

/** What 'Iniciar Envio' is about to send, and the page's state it would be sent in. */
export type BulkSendRequest = {
  state: Pick<MirrorState, "lostHelper" | "socket" | "isAuthenticated">;
  nameValid: boolean;
  message: string;
  contactCount: number;
  /** The socket to the helper is open. */
  socketOpen: boolean;
};

/**
 * Why 'Iniciar Envio' cannot start, as the toast the page shows, or null when it can. The checks go
 * in the order the operator would fix them: the helper, WhatsApp, the name, the message, the list.
 * A lost helper is said as such: "não autenticado" only when the helper says so (decision 072).
 */
export function bulkSendRefusal({ state, nameValid, message, contactCount, socketOpen }: BulkSendRequest): ToastMessage | null {
  const lost = helperLinkSentence(state.lostHelper);
  if (lost && state.socket !== "connected")
    return { title: "Sem conexão com o ajudante", description: lost, variant: "destructive" };
  if (!state.isAuthenticated) {
    // The same words as the helper's refusal (bulkStatusToast): one situation, one message.
    return { title: "WhatsApp não autenticado", description: "Você precisa escanear o QR code primeiro", variant: "destructive" };
  }
  if (!nameValid) return OPERATOR_NAME_NEEDED;
  if (message.trim() === "") {
    return { title: "Mensagem necessária", description: "Por favor, informe a mensagem a ser enviada", variant: "destructive" };
  }
  if (contactCount === 0) {
    return { title: "Nenhum contato válido", description: "Por favor, verifique a lista de contatos", variant: "destructive" };
  }
  if (contactCount > CONTACTS_MAX) {
    return { title: "Lista muito grande", description: `No máximo ${CONTACTS_MAX} contatos por envio.`, variant: "destructive" };
  }
  if (!socketOpen) return { title: "Erro de conexão", description: "Socket não inicializado", variant: "destructive" };
  return null;
}
