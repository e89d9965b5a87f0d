import { describe, expect, it } from "vitest";

import { bulkStatusToast } from "~/features/whatsapp/tool/helper-events";
import { initialMirrorState, type MirrorAction, mirrorReducer } from "~/features/whatsapp/tool/mirror-state";
import type { MirrorState } from "~/features/whatsapp/tool/mirror-types";
import { connectionReasonText, HELPER_REFUSED_TEXT } from "~/features/whatsapp/tool/tool";

const run = (actions: MirrorAction[], state: MirrorState = initialMirrorState) => actions.reduce(mirrorReducer, state);

/** Every 'disconnect' reason and 'connect_error' message socket.io-client 4 / engine.io-client 6 can give. */
const LIBRARY_REASONS = [
  "io server disconnect",
  "io client disconnect",
  "ping timeout",
  "transport close",
  "transport error",
  "parse error",
  "forced close",
  "forced server close",
  "websocket error",
  "xhr poll error",
  "xhr post error",
  "fetch read error",
  "fetch write error",
  "webtransport error",
  "probe error",
  "probe error: websocket",
  "server error",
  "timeout",
  "operation has timed out",
  "Invalid namespace",
  "It seems you are trying to reach a Socket.IO server in v2.x with a v3.x client, but they are not compatible",
  "Token inválido ou expirado",
];

describe("connection reasons in Portuguese", () => {
  it("gives each library reason its own pt-BR text, never the English one", () => {
    for (const reason of LIBRARY_REASONS) {
      const text = connectionReasonText(reason);
      expect(text, reason).not.toBe("Falha de conexão com o ajudante.");
      expect(text.toLowerCase(), reason).not.toContain(reason.toLowerCase().split(":")[0]);
      expect(text, reason).toMatch(/^[A-ZÀ-Ú].*\.$/);
    }
    expect(connectionReasonText("transport close")).toBe(
      "A conexão com o ajudante foi fechada (o ajudante pode ter sido encerrado).",
    );
    expect(connectionReasonText("io server disconnect")).toBe("O ajudante encerrou a conexão.");
    expect(connectionReasonText("ping timeout")).toBe("O ajudante parou de responder.");
  });

  it("an auth refusal (code invalid-token) is the refusal text, whatever the message", () => {
    expect(connectionReasonText("anything", "invalid-token")).toBe(HELPER_REFUSED_TEXT);
  });

  it("unknown, empty or non-text reasons get a generic pt-BR text", () => {
    for (const reason of ["something new", "", undefined, null, 42]) {
      expect(connectionReasonText(reason)).toBe("Falha de conexão com o ajudante.");
    }
  });

  it("the QR area's texts for a disconnect and a connection error are in Portuguese", () => {
    expect(run([{ type: "connect" }, { type: "disconnect", reason: "transport close" }]).error).toBe(
      "Desconectado: A conexão com o ajudante foi fechada (o ajudante pode ter sido encerrado).",
    );
    expect(run([{ type: "connect-error", message: "websocket error" }]).error).toBe(
      "Erro ao conectar ao servidor: O ajudante não respondeu (verifique se ele está aberto neste computador).",
    );
  });
});

describe("a helper that refuses the page's key", () => {
  it("has one message in the QR area, however many attempts are refused", () => {
    const refusal: MirrorAction = { type: "connect-error", message: "Token inválido ou expirado", code: "invalid-token" };
    expect(run([refusal])).toMatchObject({ panel: "refused", error: HELPER_REFUSED_TEXT, cause: "token-refused" });
    expect(run([refusal, refusal, refusal])).toMatchObject({ panel: "refused", error: HELPER_REFUSED_TEXT, attempts: 3 });
  });
});

describe("end-of-send toasts", () => {
  it("a cancelled send says what was sent and what was not", () => {
    const toast = bulkStatusToast({
      status: "error",
      jobId: "j",
      total: 5,
      sent: 2,
      errors: 1,
      reason: "cancelled",
      message: "Envio cancelado",
    });
    expect(toast.title).toBe("Envio cancelado");
    expect(toast.description).toBe("2 de 5 mensagens enviadas antes do cancelamento; 2 não serão enviadas.");
    expect(bulkStatusToast({ status: "error", jobId: "j", total: 1, sent: 0, errors: 0, reason: "cancelled" }).description).toBe(
      "0 de 1 mensagem enviada antes do cancelamento; 1 não será enviada.",
    );
  });

  it("a send the helper refused because WhatsApp is not connected gets the spec's pair", () => {
    expect(
      bulkStatusToast({
        status: "error",
        jobId: null,
        reason: "not-ready",
        message: "WhatsApp não autenticado. Você precisa escanear o QR code primeiro.",
      }),
    ).toEqual({
      title: "WhatsApp não autenticado",
      description: "Você precisa escanear o QR code primeiro",
      variant: "destructive",
    });
  });

  it("a resend skipped by the 7-day rule says they already got it, not that it failed", () => {
    const recent = (number: string) => ({ number, name: "Ana", status: "error" as const, message: "já enviado em 01/12" });
    expect(
      bulkStatusToast({
        status: "completed",
        jobId: "j",
        total: 3,
        sent: 0,
        errors: 0,
        skipped: 3,
        results: [recent("5531999990001"), recent("5531999990002"), recent("5531999990003")],
      }),
    ).toEqual({ title: "Envio em massa concluído", description: "3 já receberam nos últimos 7 dias" });
    expect(
      bulkStatusToast({
        status: "completed",
        jobId: "j",
        total: 3,
        sent: 2,
        results: [
          { number: "5531999990001", name: "Ana", status: "sent", message: "Enviado" },
          { number: "5531999990002", name: "Bia", status: "sent", message: "Enviado" },
          recent("5531999990003"),
        ],
      }).description,
    ).toBe("2 de 3 mensagens enviadas; 1 já recebeu nos últimos 7 dias");
  });

  it("completed and other errors keep the spec's texts", () => {
    expect(bulkStatusToast({ status: "completed", jobId: "j", total: 3, sent: 2 })).toEqual({
      title: "Envio em massa concluído",
      description: "2 de 3 mensagens enviadas com sucesso",
    });
    expect(
      bulkStatusToast({ status: "error", jobId: null, reason: "busy", message: "Já existe um envio em andamento." }),
    ).toMatchObject({
      title: "Erro no envio em massa",
      description: "Já existe um envio em andamento.",
    });
  });
});
