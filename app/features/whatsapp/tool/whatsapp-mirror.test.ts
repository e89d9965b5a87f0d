import { describe, expect, it } from "vitest";

import { connectionSteps, type HelperEvent, MIRROR_TOASTS, reduceHelperEvent } from "~/features/whatsapp/tool/helper-events";
import { jobStateSentence, sendButtonText } from "~/features/whatsapp/tool/job-state";
import { HELPER_LOST_JOB_TEXT, initialMirrorState, mirrorReducer } from "~/features/whatsapp/tool/mirror-state";
import type { BulkProgress, HelperState, MirrorState } from "~/features/whatsapp/tool/mirror-types";
import { BAD_SESSION_TEXT, HELPER_REFUSED_TEXT, PERMISSION_DENIED_TEXT } from "~/features/whatsapp/tool/tool";

import { bulkProgress } from "../../../../tests/support/whatsapp-progress";

/** Events applied in order, as the page does; returns the last outcome. */
function apply(events: HelperEvent[], from: MirrorState = initialMirrorState, operator = "Ana") {
  const [first, ...rest] = events;
  let outcome = reduceHelperEvent(from, first, operator);
  for (const event of rest) outcome = reduceHelperEvent(outcome.state, event, operator);
  return outcome;
}

const connected = apply([{ name: "connect", payload: undefined }]).state;
const authenticated = apply([{ name: "whatsapp-ready", payload: { account: null } }], connected).state;

const progress = (over: Partial<BulkProgress> = {}) => bulkProgress({ total: 2, pending: 2, ...over });

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

  it("connect_error: one persistent message per cause, no toast however many attempts fail", () => {
    const first = apply([{ name: "connect_error", payload: { message: "websocket error" } }]);
    expect(first.toasts).toEqual([]);
    expect(first.state).toMatchObject({ socket: "disconnected", attempts: 1, panel: "not-found", cause: "not-running" });
    expect(first.state.error).toBe(
      "Erro ao conectar ao servidor: O ajudante não respondeu (verifique se ele está aberto neste computador).",
    );
    let state = first.state;
    for (let attempt = 0; attempt < 9; attempt++) {
      const next = reduceHelperEvent(state, { name: "connect_error", payload: { message: "xhr poll error" } }, "Ana");
      expect(next.toasts).toEqual([]);
      state = next.state;
    }
    expect(state).toMatchObject({ attempts: 10, pollBanner: true, cause: "not-running", error: first.state.error });

    const other = apply([{ name: "connect_error", payload: { message: "xhr post error" } }]);
    expect(other.toasts).toEqual([]);
    expect(other.state.error).toBe("Erro ao conectar ao servidor: Não foi possível enviar dados ao ajudante.");
  });

  it("a denied local network permission (or an http page) explains every later failed attempt", () => {
    const denied = mirrorReducer(initialMirrorState, { type: "permission-denied" });
    expect(denied).toMatchObject({ panel: "permission-denied", cause: "permission-denied", error: PERMISSION_DENIED_TEXT });
    const after = apply([{ name: "connect_error", payload: { message: "websocket error" } }], denied);
    expect(after.toasts).toEqual([]);
    expect(after.state).toMatchObject({ panel: "permission-denied", cause: "permission-denied", error: PERMISSION_DENIED_TEXT });
    const http = mirrorReducer(initialMirrorState, { type: "https-required" });
    expect(apply([{ name: "connect_error", payload: { message: "websocket error" } }], http).state).toMatchObject({
      panel: "https-required",
      cause: "https-required",
    });
    // A connection clears it.
    expect(apply([{ name: "connect", payload: undefined }], denied).state).toMatchObject({
      panel: null,
      cause: null,
      error: null,
    });
  });

  it("connect_error with a refused token: a fresh token once, quietly; a second refusal stays in the panel", () => {
    const refused: HelperEvent = {
      name: "connect_error",
      payload: { message: "Token inválido ou expirado", data: { code: "invalid-token" } },
    };
    const first = apply([refused]);
    expect(first).toMatchObject({ refreshToken: true, toasts: [] });
    expect(first.state).toMatchObject({ panel: "refused", tokenRefreshed: true, cause: "token-refused" });
    const second = reduceHelperEvent(first.state, refused, "Ana");
    expect(second.refreshToken).toBe(false);
    expect(second.toasts).toEqual([]);
    expect(second.state).toMatchObject({ panel: "refused", cause: "token-refused", error: HELPER_REFUSED_TEXT });
    // A connection (or 'Tentar novamente') allows one more refresh.
    expect(apply([{ name: "connect", payload: undefined }, refused], second.state).refreshToken).toBe(true);
  });

  it("reconnect_failed: the panel shows, no toast", () => {
    const outcome = apply([{ name: "reconnect_failed", payload: undefined }]);
    expect(outcome.state).toMatchObject({ socket: "disconnected", panel: "not-found" });
    expect(outcome.toasts).toEqual([]);
  });

  it("disconnect: the reason in pt-BR in the QR area, no toast", () => {
    const outcome = apply([{ name: "disconnect", payload: "transport close" }], authenticated);
    expect(outcome.state).toMatchObject({
      socket: "disconnected",
      isAuthenticated: false,
      cause: "disconnected",
      error: "Desconectado: A conexão com o ajudante foi fechada (o ajudante pode ter sido encerrado).",
    });
    expect(outcome.toasts).toEqual([]);
  });

  it("disconnect: takes away the toasts that said the helper and WhatsApp were there (decision 063)", () => {
    const outcome = apply([{ name: "disconnect", payload: "io server disconnect" }], authenticated);
    expect(outcome.retractToasts).toEqual(["Servidor conectado", "Iniciando espelhamento", "WhatsApp espelhado"]);
    // A connection retracts nothing.
    expect(apply([{ name: "connect", payload: undefined }]).retractToasts).toEqual([]);
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

  it("whatsapp-auth-failure: the message stays in the QR area, no toast; a bad session asks for a fresh link", () => {
    const outcome = apply([{ name: "whatsapp-auth-failure", payload: { message: "Sessão inválida" } }], connected);
    expect(outcome.state).toMatchObject({ isAuthenticated: false, error: "Sessão inválida", cause: "auth-failure" });
    expect(outcome.toasts).toEqual([]);
    const bad = apply(
      [{ name: "whatsapp-auth-failure", payload: { message: "qualquer texto", code: "bad-session" } }],
      authenticated,
    );
    expect(bad.state).toMatchObject({ cause: "session-invalid", error: BAD_SESSION_TEXT });
    expect(BAD_SESSION_TEXT).toContain("Desconecte e escaneie o QR code de novo");
    expect(bad.toasts).toEqual([]);
    // Logging out (Desconectar) clears it for the fresh QR code.
    expect(apply([{ name: "whatsapp-logged-out", payload: undefined }], bad.state).state).toMatchObject({
      cause: null,
      error: null,
    });
  });

  it("whatsapp-disconnected: not authenticated any more; 'Motivo: …' said once, repeated attempts add no toast", () => {
    const outcome = apply(
      [{ name: "whatsapp-disconnected", payload: { reason: "Connection Failure", reconnecting: true } }],
      authenticated,
    );
    expect(outcome.state).toMatchObject({ isAuthenticated: false, cause: "whatsapp-unreachable" });
    // The QR area's title for this cause is 'WhatsApp desconectado' (connection-panels.tsx).
    expect(outcome.state.error).toBe(
      "Motivo: Connection Failure. O ajudante está tentando reconectar; verifique a internet deste computador.",
    );
    expect(outcome.toasts).toEqual([]);
    expect(outcome.retractToasts).toEqual(["Iniciando espelhamento", "WhatsApp espelhado"]);
    // A close the helper does not retry asks for the click; an older helper (no flag) is retrying.
    expect(
      apply(
        [{ name: "whatsapp-disconnected", payload: { reason: "A sessão foi aberta em outro lugar.", reconnecting: false } }],
        authenticated,
      ).state.error,
    ).toBe("Motivo: A sessão foi aberta em outro lugar. Clique em Iniciar Espelhamento para conectar de novo.");
    expect(apply([{ name: "whatsapp-disconnected", payload: { reason: "x" } }], authenticated).state.error).toBe(
      "Motivo: x. O ajudante está tentando reconectar; verifique a internet deste computador.",
    );
    const again = apply(
      Array.from({ length: 9 }, () => ({ name: "whatsapp-disconnected" as const, payload: { reason: "Connection Failure" } })),
      outcome.state,
    );
    expect(again.toasts).toEqual([]);
    expect(again.state.error).toBe(outcome.state.error);
    // A new QR code or the link coming back clears it.
    expect(apply([{ name: "whatsapp-ready", payload: { account: null } }], again.state).state).toMatchObject({
      error: null,
      cause: null,
    });
  });

  it("whatsapp-logged-out: the session ended on this computer", () => {
    const outcome = apply([{ name: "whatsapp-logged-out", payload: undefined }], authenticated);
    expect(outcome.state).toMatchObject({ isAuthenticated: false, account: null });
    expect(outcome.toasts).toEqual([{ title: "Sessão encerrada", description: "O WhatsApp foi desconectado deste computador." }]);
    expect(outcome.retractToasts).toContain(MIRROR_TOASTS.mirrored.title);
    expect(apply([{ name: "whatsapp-auth-failure", payload: { message: "x" } }], authenticated).retractToasts).toContain(
      MIRROR_TOASTS.mirrored.title,
    );
  });

  it("connection steps: 'Servidor conectado' stays ticked from the helper's answer until WhatsApp is linked", () => {
    expect(connectionSteps(initialMirrorState)).toBeNull();
    const clicked = mirrorReducer(mirrorReducer(initialMirrorState, { type: "init" }), { type: "socket-connecting" });
    const states = (state: MirrorState) => connectionSteps(state)?.map((step) => [step.label, step.state]);
    expect(states(clicked)).toEqual([
      ["Servidor conectado", "current"],
      ["Iniciando espelhamento", "todo"],
      ["Escanear o QR code com o celular", "todo"],
    ]);
    const reached = apply([{ name: "connect", payload: undefined }], clicked).state;
    expect(states(reached)).toEqual([
      ["Servidor conectado", "done"],
      ["Iniciando espelhamento", "current"],
      ["Escanear o QR code com o celular", "todo"],
    ]);
    const qr = apply([{ name: "whatsapp-qr", payload: { qrDataURL: "data:image/png;base64,AAA" } }], reached).state;
    expect(states(qr)).toEqual([
      ["Servidor conectado", "done"],
      ["Iniciando espelhamento", "done"],
      ["Escanear o QR code com o celular", "current"],
    ]);
    // Linked, or the helper gone: no steps (the connected card, or the QR area's reason, says it).
    expect(connectionSteps(apply([{ name: "whatsapp-ready", payload: { account: null } }], qr).state)).toBeNull();
    expect(connectionSteps(apply([{ name: "disconnect", payload: "transport close" }], qr).state)).toBeNull();
    // Connected without a click (a reload that reconnects by itself): nothing under way.
    expect(connectionSteps(connected)).toBeNull();
    // The helper's state on connection predates the page's request: an idle helper does not end it.
    const idle: HelperState = {
      whatsapp: "idle",
      account: null,
      operatorName: null,
      limits: { minDelayMs: 1000, maxDelayMs: 2000, dailyCap: 200, sentToday: 0 },
      job: null,
    };
    const snapshot = apply([{ name: "helper-state", payload: idle }], reached).state;
    expect(snapshot.isConnecting).toBe(true);
    expect(connectionSteps(snapshot)?.map((step) => step.state)).toEqual(["done", "current", "todo"]);
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
  it("a helper that crashes mid-job: no 'Enviando', no next-message time and no expected finish beside the lost connection", () => {
    const started = apply([{ name: "bulk-started", payload: { jobId: "job-1", total: 2 } }], authenticated);
    const running = reduceHelperEvent(
      started.state,
      {
        name: "bulk-progress",
        payload: progress({
          done: 1,
          sent: 1,
          pending: 1,
          state: "running",
          phase: "waiting-delay",
          nextAt: "2026-03-10T12:01:00.000Z",
          expectedFinishAt: "2026-03-10T12:01:00.000Z",
        }),
      },
      "Ana",
    ).state;
    expect(jobStateSentence(running.progress!)).toMatch(/^Enviando: 1 de 2\. Próxima mensagem às/);
    expect(sendButtonText(running.sending, running.progress)).toBe("Enviando...");

    const lost = apply([{ name: "disconnect", payload: "transport close" }], running).state;
    expect(lost.progress).toMatchObject({ state: "paused", pauseReason: "helper-lost", nextAt: null, expectedFinishAt: null });
    expect(jobStateSentence(lost.progress!)).toBe(`Pausado em 1 de 2. ${HELPER_LOST_JOB_TEXT}`);
    expect(sendButtonText(lost.sending, lost.progress)).toBe("Envio pausado");
    // the page's own disconnect ('Desconectar') is not a lost helper
    const own = apply([{ name: "disconnect", payload: "io client disconnect" }], running).state;
    expect(own.progress).toMatchObject({ state: "running" });
  });

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

  it("message-status of a skipped contact: 'Ignorado' in the table and in the log, with its date, no toast", () => {
    const skipped = apply(
      [
        {
          name: "message-status",
          payload: {
            jobId: "job-1",
            status: "error",
            code: "already-sent",
            number: "31999990007",
            name: "Repetida",
            message: "já enviado em 20/11",
            text: "Olá Repetida",
            error: "já enviado em 20/11",
          },
        },
      ],
      authenticated,
      "Ana",
    );
    expect(skipped.state.contacts[0]).toMatchObject({ status: "skipped", detail: "já enviado em 20/11" });
    expect(skipped.toasts).toEqual([]);
    expect(skipped.logRows[0]).toMatchObject({ status: "skipped", detail: "já enviado em 20/11", message: "Olá Repetida" });
  });

  it("message-status of the same person as an earlier line: 'Ignorado' with why, not an error (decision 064)", () => {
    const skipped = apply(
      [
        {
          name: "message-status",
          payload: {
            jobId: "job-1",
            status: "error",
            code: "same-person",
            number: "31988880002",
            name: "Bruno",
            message: "Mesma pessoa da linha 1 (Ana)",
            text: "Olá Bruno",
            error: "Mesma pessoa da linha 1 (Ana)",
          },
        },
      ],
      authenticated,
      "Ana",
    );
    expect(skipped.state.contacts[0]).toMatchObject({ status: "skipped", detail: "Mesma pessoa da linha 1 (Ana)" });
    expect(skipped.toasts).toEqual([]);
    expect(skipped.logRows[0]).toMatchObject({ status: "skipped", detail: "Mesma pessoa da linha 1 (Ana)" });
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
