import { describe, expect, it } from "vitest";

import {
  type BulkProgress,
  type HelperEvent,
  type HelperState,
  initialMirrorState,
  type MirrorState,
  reduceHelperEvent,
} from "~/lib/whatsapp-mirror";

/** Events applied in order, as the page does; returns the last outcome. */
function apply(events: HelperEvent[], from: MirrorState = initialMirrorState, operator = "Ana") {
  const [first, ...rest] = events;
  let outcome = reduceHelperEvent(from, first, operator);
  for (const event of rest) outcome = reduceHelperEvent(outcome.state, event, operator);
  return outcome;
}

const connected = apply([{ name: "connect", payload: undefined }]).state;
const authenticated = apply([{ name: "whatsapp-ready", payload: { account: null } }], connected).state;

function progress(over: Partial<BulkProgress> = {}): BulkProgress {
  return {
    jobId: "job-1",
    state: "running",
    total: 2,
    done: 0,
    sent: 0,
    errors: 0,
    pending: 2,
    operatorName: "Ana",
    startedAt: "2026-03-10T12:00:00.000Z",
    nextAt: null,
    expectedFinishAt: null,
    paused: false,
    pauseReason: null,
    pauseMessage: null,
    resumeAt: null,
    dailyCap: 200,
    sentToday: 0,
    ...over,
  };
}

describe("helper events: connection", () => {
  it("connect: connected, with the 'Servidor conectado' toast", () => {
    const outcome = apply([{ name: "connect", payload: undefined }]);
    expect(outcome.state.socket).toBe("connected");
    expect(outcome.toasts).toEqual([
      { title: "Servidor conectado", description: "O ajudante do WhatsApp está em execução neste computador." },
    ]);
    expect(outcome.logRows).toEqual([]);
    expect(outcome.refreshToken).toBe(false);
  });

  it("connect_error: only the first failure of a streak speaks, by the kind of error", () => {
    const first = apply([{ name: "connect_error", payload: { message: "websocket error" } }]);
    expect(first.toasts).toEqual([
      { title: "Servidor não encontrado", description: "Erro de conexão com o servidor", variant: "destructive" },
    ]);
    expect(first.state).toMatchObject({ socket: "disconnected", attempts: 1, panel: "not-found" });
    const second = reduceHelperEvent(first.state, { name: "connect_error", payload: { message: "xhr poll error" } }, "Ana");
    expect(second.toasts).toEqual([]);
    expect(second.state).toMatchObject({ attempts: 2, pollBanner: true });

    const other = apply([{ name: "connect_error", payload: { message: "xhr post error" } }]);
    expect(other.toasts).toEqual([
      {
        title: "Erro de conexão",
        description: "Erro ao conectar ao servidor: Não foi possível enviar dados ao ajudante.",
        variant: "destructive",
      },
    ]);
  });

  it("connect_error with a refused token: a fresh token once, quietly; a second refusal is told", () => {
    const refused: HelperEvent = {
      name: "connect_error",
      payload: { message: "Token inválido ou expirado", data: { code: "invalid-token" } },
    };
    const first = apply([refused]);
    expect(first).toMatchObject({ refreshToken: true, toasts: [] });
    expect(first.state).toMatchObject({ panel: "refused", tokenRefreshed: true });
    const second = reduceHelperEvent(first.state, refused, "Ana");
    expect(second.refreshToken).toBe(false);
    expect(second.toasts).toEqual([
      { title: "Falha na autenticação", description: "Token inválido ou expirado", variant: "destructive" },
    ]);
    // A connection (or 'Tentar novamente') allows one more refresh.
    expect(apply([{ name: "connect", payload: undefined }, refused], second.state).refreshToken).toBe(true);
  });

  it("reconnect_failed: the panel shows, no toast", () => {
    const outcome = apply([{ name: "reconnect_failed", payload: undefined }]);
    expect(outcome.state).toMatchObject({ socket: "disconnected", panel: "not-found" });
    expect(outcome.toasts).toEqual([]);
  });

  it("disconnect: a toast with the reason in pt-BR, except when the page closed the socket itself", () => {
    const outcome = apply([{ name: "disconnect", payload: "transport close" }], authenticated);
    expect(outcome.state).toMatchObject({ socket: "disconnected", isAuthenticated: false });
    expect(outcome.toasts).toEqual([
      {
        title: "Desconectado",
        description: "A conexão com o ajudante foi fechada (o ajudante pode ter sido encerrado).",
        variant: "destructive",
      },
    ]);
    expect(apply([{ name: "disconnect", payload: "io client disconnect" }], authenticated).toasts).toEqual([]);
  });

  it("error: fatal (socket client not loaded) or not, both stop the start and are told", () => {
    const fatal = apply([{ name: "error", payload: { message: "Falhou", fatal: true } }]);
    expect(fatal.state).toMatchObject({ isConnecting: false, error: "Falhou" });
    expect(fatal.toasts).toEqual([{ title: "Erro de inicialização", description: "Falhou", variant: "destructive" }]);
    const plain = apply([{ name: "error", payload: {} }]);
    expect(plain.state.error).toBe("Erro");
    expect(plain.toasts).toEqual([{ title: "Erro de socket", description: undefined, variant: "destructive" }]);
  });
});

describe("helper events: WhatsApp", () => {
  it("helper-state: the helper's view of WhatsApp and its limits, no toast", () => {
    const state: HelperState = {
      whatsapp: "ready",
      account: "5531900000000",
      operatorName: "Ana",
      limits: { minDelayMs: 1000, maxDelayMs: 2000, dailyCap: 200, sentToday: 3 },
      job: null,
    };
    const outcome = apply([{ name: "helper-state", payload: state }], connected);
    expect(outcome.state).toMatchObject({ isAuthenticated: true, account: "5531900000000", limits: state.limits });
    expect(outcome.toasts).toEqual([]);
  });

  it("whatsapp-qr: the QR code shows", () => {
    const outcome = apply([{ name: "whatsapp-qr", payload: { qrDataURL: "data:image/png;base64,AAA" } }], connected);
    expect(outcome.state).toMatchObject({ qrCode: "data:image/png;base64,AAA", isAuthenticated: false });
    expect(outcome.toasts).toEqual([]);
  });

  it("whatsapp-ready: greeted once, not again while already linked", () => {
    const outcome = apply([{ name: "whatsapp-ready", payload: { account: "5531900000000" } }], connected);
    expect(outcome.state).toMatchObject({ isAuthenticated: true, account: "5531900000000" });
    expect(outcome.toasts).toEqual([{ title: "WhatsApp espelhado", description: "Seu WhatsApp está conectado." }]);
    expect(reduceHelperEvent(outcome.state, { name: "whatsapp-ready", payload: { account: null } }, "Ana").toasts).toEqual([]);
  });

  it("whatsapp-auth-failure: the message in the QR area and in a toast", () => {
    const outcome = apply([{ name: "whatsapp-auth-failure", payload: { message: "Sessão inválida" } }], connected);
    expect(outcome.state).toMatchObject({ isAuthenticated: false, error: "Sessão inválida" });
    expect(outcome.toasts).toEqual([{ title: "Falha na autenticação", description: "Sessão inválida", variant: "destructive" }]);
  });

  it("whatsapp-disconnected: not authenticated any more, with the reason", () => {
    const outcome = apply([{ name: "whatsapp-disconnected", payload: { reason: "conflict" } }], authenticated);
    expect(outcome.state.isAuthenticated).toBe(false);
    expect(outcome.toasts).toEqual([{ title: "WhatsApp desconectado", description: "Motivo: conflict", variant: "destructive" }]);
    expect(apply([{ name: "whatsapp-disconnected", payload: {} }], authenticated).toasts[0].description).toBe("Motivo: -");
  });

  it("whatsapp-logged-out: the session ended on this computer", () => {
    const outcome = apply([{ name: "whatsapp-logged-out", payload: undefined }], authenticated);
    expect(outcome.state).toMatchObject({ isAuthenticated: false, account: null });
    expect(outcome.toasts).toEqual([{ title: "Sessão encerrada", description: "O WhatsApp foi desconectado deste computador." }]);
  });

  it("opt-out: a toast only", () => {
    const outcome = apply([{ name: "opt-out", payload: { number: "5531999990001" } }], authenticated);
    expect(outcome.state).toBe(authenticated);
    expect(outcome.toasts).toEqual([
      { title: "Contato descadastrado", description: "5531999990001 respondeu SAIR/PARAR e não receberá mais mensagens." },
    ]);
  });
});

describe("helper events: a bulk job", () => {
  it("bulk-started and bulk-progress: a job from another tab is adopted, silently", () => {
    const started = apply([{ name: "bulk-started", payload: { jobId: "job-1", total: 2 } }], authenticated);
    expect(started.state).toMatchObject({ jobId: "job-1", sending: true });
    expect(started.toasts).toEqual([]);
    const moved = reduceHelperEvent(
      started.state,
      { name: "bulk-progress", payload: progress({ done: 1, sent: 1, pending: 1 }) },
      "Ana",
    );
    expect(moved.state.progress).toMatchObject({ done: 1 });
    expect(moved.toasts).toEqual([]);
  });

  it("message-status: a row in the table and one in the log; a new error is also a toast", () => {
    const sent = apply(
      [
        {
          name: "message-status",
          payload: {
            jobId: "job-1",
            status: "sent",
            number: "31999990001",
            name: "Maria",
            message: "Olá",
            at: "2026-03-10T12:00:00.000Z",
          },
        },
      ],
      authenticated,
      "Ana",
    );
    expect(sent.state.contacts).toEqual([
      { name: "Maria", number: "31999990001", status: "sent", timestamp: "2026-03-10T12:00:00.000Z", detail: undefined },
    ]);
    expect(sent.toasts).toEqual([]);
    expect(sent.logRows).toEqual([
      {
        jobId: "job-1",
        operator: "Ana",
        name: "Maria",
        number: "31999990001",
        message: "Olá",
        status: "sent",
        detail: undefined,
        sentAt: "2026-03-10T12:00:00.000Z",
      },
    ]);

    const failed = apply(
      [
        {
          name: "message-status",
          payload: {
            jobId: "job-1",
            status: "error",
            number: "31977770000",
            name: "",
            message: "Olá",
            text: "Olá Zé",
            error: "Número não está no WhatsApp",
            operatorName: "Bia",
          },
        },
      ],
      authenticated,
      "",
    );
    expect(failed.toasts).toEqual([
      { title: "Erro ao enviar mensagem", description: "31977770000: Número não está no WhatsApp", variant: "destructive" },
    ]);
    expect(failed.logRows[0]).toMatchObject({
      operator: "Bia",
      name: "Desconhecido",
      message: "Olá Zé",
      status: "error",
      detail: "Número não está no WhatsApp",
    });
  });

  it("message-status replayed after a reconnection: logged again (the server ignores repeats), not toasted", () => {
    const outcome = apply(
      [
        {
          name: "message-status",
          payload: {
            jobId: "job-1",
            status: "error",
            number: "31977770000",
            name: "Zé",
            message: "x",
            error: "Falhou",
            replay: true,
          },
        },
      ],
      authenticated,
      "",
    );
    expect(outcome.toasts).toEqual([]);
    expect(outcome.logRows).toHaveLength(1);
    expect(outcome.logRows[0].operator).toBe("Sistema");
  });

  it("bulk-status: the end of the job is toasted once, not when replayed", () => {
    const running = apply(
      [
        { name: "bulk-started", payload: { jobId: "job-1", total: 2 } },
        { name: "bulk-progress", payload: progress() },
      ],
      authenticated,
    ).state;
    const done = reduceHelperEvent(
      running,
      { name: "bulk-status", payload: { status: "completed", jobId: "job-1", total: 2, sent: 2, errors: 0 } },
      "Ana",
    );
    expect(done.state).toMatchObject({ sending: false, progress: { state: "completed" } });
    expect(done.toasts).toEqual([{ title: "Envio em massa concluído", description: "2 de 2 mensagens enviadas com sucesso" }]);
    const replayed = reduceHelperEvent(
      running,
      { name: "bulk-status", payload: { status: "completed", jobId: "job-1", total: 2, sent: 2, errors: 0, replay: true } },
      "Ana",
    );
    expect(replayed.state.sending).toBe(false);
    expect(replayed.toasts).toEqual([]);
  });
});
