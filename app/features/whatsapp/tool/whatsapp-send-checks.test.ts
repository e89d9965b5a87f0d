import { describe, expect, it } from "vitest";

import { bulkSendRefusal, type BulkSendRequest, OPERATOR_NAME_NEEDED } from "~/features/whatsapp/tool/send-checks";
import { CONTACTS_MAX } from "~/features/whatsapp/tool/tool";

const ready: BulkSendRequest = {
  state: { lostHelper: null, socket: "connected", isAuthenticated: true },
  nameValid: true,
  message: "Olá {nome}",
  contactCount: 2,
  socketOpen: true,
};

const titleOf = (change: Partial<BulkSendRequest>) => bulkSendRefusal({ ...ready, ...change })?.title ?? null;

describe("'Iniciar Envio' refuses what cannot be sent, one reason at a time", () => {
  it("lets a ready page send", () => {
    expect(bulkSendRefusal(ready)).toBeNull();
  });

  it("says the helper is lost, not that WhatsApp is unauthenticated, when the socket dropped", () => {
    const state = { lostHelper: "reconnecting", socket: "disconnected", isAuthenticated: false } as const;
    expect(titleOf({ state, socketOpen: false })).toBe("Sem conexão com o ajudante");
  });

  it("asks for the QR code before anything else the operator typed", () => {
    const state = { ...ready.state, isAuthenticated: false };
    expect(titleOf({ state, nameValid: false, message: "" })).toBe("WhatsApp não autenticado");
  });

  it("asks for the operator's name with the same toast as 'Iniciar Espelhamento'", () => {
    expect(bulkSendRefusal({ ...ready, nameValid: false })).toEqual(OPERATOR_NAME_NEEDED);
  });

  it("refuses a blank message, an empty list and a list over the maximum", () => {
    expect(titleOf({ message: "   " })).toBe("Mensagem necessária");
    expect(titleOf({ contactCount: 0 })).toBe("Nenhum contato válido");
    expect(titleOf({ contactCount: CONTACTS_MAX })).toBeNull();
    expect(bulkSendRefusal({ ...ready, contactCount: CONTACTS_MAX + 1 })?.description).toBe(
      `No máximo ${CONTACTS_MAX} contatos por envio.`,
    );
  });

  it("refuses when the socket is not open", () => {
    expect(titleOf({ socketOpen: false })).toBe("Erro de conexão");
  });
});
