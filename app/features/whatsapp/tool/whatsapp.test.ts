import { describe, expect, it } from "vitest";

import { isGateShortcut } from "~/features/whatsapp/tool/gate";
import { mirrorCounts } from "~/features/whatsapp/tool/helper-events";
import { initialMirrorState, type MirrorAction, mirrorReducer } from "~/features/whatsapp/tool/mirror-state";
import type { BulkProgress, MirrorState } from "~/features/whatsapp/tool/mirror-types";
import {
  applyMessageStatus,
  expectedFinish,
  formatFinish,
  formatTimestamp,
  isServerNotFoundError,
  isValidOperatorName,
  listEstimateText,
  manageSchema,
  operatorNameError,
  progressPercent,
  removalId,
  sendLogEntrySchema,
  statusCounts,
  type TrackedContact,
} from "~/features/whatsapp/tool/tool";

import { bulkProgress } from "../../../../tests/support/whatsapp-progress";

const run = (actions: MirrorAction[], from: MirrorState = initialMirrorState) => actions.reduce(mirrorReducer, from);

const progress = (over: Partial<BulkProgress> = {}) => bulkProgress({ done: 1, sent: 1, pending: 2, sentToday: 1, ...over });

describe("operator name", () => {
  it("needs at least 3 characters (trimmed); blank shows no message yet", () => {
    expect(isValidOperatorName("Ana")).toBe(true);
    expect(isValidOperatorName("  Al ")).toBe(false);
    expect(operatorNameError("Al")).toBe("Nome deve ter pelo menos 3 caracteres");
    expect(operatorNameError("")).toBeNull();
    expect(operatorNameError("Ana")).toBeNull();
  });
});

describe("management form schema", () => {
  it("'Adicionar' needs a non-blank new password; 'Remover' does not", () => {
    const blank = manageSchema.safeParse({ intent: "adicionar", newPassword: "  " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ["newPassword"], message: "A senha não pode estar em branco" });
    expect(manageSchema.safeParse({ intent: "remover:12" }).success).toBe(true);
    expect(manageSchema.safeParse({ intent: "apagar-tudo" }).success).toBe(false);
    expect(removalId("remover:12")).toBe(12);
    expect(removalId("adicionar")).toBeNull();
  });
});

describe("send log entries", () => {
  it("keeps digits only and validates status and time", () => {
    const parsed = sendLogEntrySchema.parse({ jobId: "a:1", number: "(31) 99999-8888", status: "sent" });
    expect(parsed.number).toBe("31999998888");
    expect(sendLogEntrySchema.safeParse({ jobId: "a", number: "1234567", status: "sent" }).success).toBe(false);
    expect(sendLogEntrySchema.safeParse({ jobId: "a b", number: "31999998888", status: "sent" }).success).toBe(false);
    expect(sendLogEntrySchema.safeParse({ jobId: "a", number: "31999998888", status: "ok" }).success).toBe(false);
    expect(sendLogEntrySchema.safeParse({ jobId: "a", number: "31999998888", status: "Erro", sentAt: "ontem" }).success).toBe(
      false,
    );
  });
});

describe("statuses", () => {
  const rows: TrackedContact[] = [
    { name: "Maria", number: "31999990001", status: "pending", timestamp: null },
    { name: "Maria de novo", number: "31999990001", status: "pending", timestamp: null },
    { name: "João", number: "31988880002", status: "pending", timestamp: null },
  ];

  it("a result marks every pending row with that number, and nothing else", () => {
    const next = applyMessageStatus(rows, { number: "31999990001", status: "sent", timestamp: "2026-03-10T12:00:00Z" });
    expect(next.map((r) => r.status)).toEqual(["sent", "sent", "pending"]);
    expect(statusCounts(next)).toEqual({ total: 3, sent: 2, pending: 1, errors: 0, skipped: 0 });
    // A replayed result rewrites the same rows (no new row, no change elsewhere).
    const replay = applyMessageStatus(next, { number: "31999990001", status: "sent", timestamp: "2026-03-10T12:00:00Z" });
    expect(statusCounts(replay)).toEqual({ total: 3, sent: 2, pending: 1, errors: 0, skipped: 0 });
  });

  it("progress, expected finish and its wording", () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
    const now = Date.UTC(2026, 2, 10, 15, 0);
    // 100 contacts at 30-60 s: 45 s on average, 75 minutes.
    const finish = expectedFinish(100, { minMs: 30_000, maxMs: 60_000 }, now)!;
    expect(finish.getTime() - now).toBe(75 * 60_000);
    expect(formatFinish(finish, now)).toEqual({ clock: "13:15", relative: "em cerca de 1 h 15 min", sameDay: true });
    expect(formatFinish(new Date(now + 20 * 60_000), now).relative).toBe("em cerca de 20 min");
    expect(formatFinish(new Date(now + 10_000), now).relative).toBe("em menos de 1 minuto");
    expect(expectedFinish(0, { minMs: 1, maxMs: 2 }, now)).toBeNull();
    expect(formatTimestamp(null)).toBe("-");
    expect(formatTimestamp("2026-03-10T15:00:05.000Z")).toBe("10/03/2026, 12:00:05");
  });

  it("a finish on another day says the day, and days away say days", () => {
    const now = Date.UTC(2026, 11, 2, 13, 0); // 10:00 in São Paulo
    expect(formatFinish(new Date(Date.UTC(2026, 11, 3, 11, 29)), now)).toEqual({
      clock: "03/12 às 08:29",
      relative: "em cerca de 22 h 29 min",
      sameDay: false,
    });
    expect(formatFinish(new Date(Date.UTC(2026, 11, 5, 13, 0)), now).relative).toBe("em cerca de 3 dias");
    expect(formatFinish(new Date(Date.UTC(2026, 11, 3, 14, 0)), now).relative).toBe("em cerca de 1 dia");
  });

  it("the list's estimate counts the warm-up, the daily cap and the sending window", () => {
    const now = Date.UTC(2026, 11, 2, 13, 0); // Wednesday 10:00 in São Paulo
    const delay = { minMs: 30_000, maxMs: 60_000 };
    const window = { always: false as const, days: [1, 2, 3, 4, 5, 6], start: 8 * 60, end: 20 * 60, text: "seg-sab 08:00-20:00" };
    const plan = { window, dailyCap: 200, warmupSteps: [20, 40, 80], firstSendDay: null, today: "2026-12-02", sentToday: 0 };
    // 12 contacts at 45 s: "cerca de 9 min" by the pace alone (an older helper gives no plan); but a new
    // number that sent 15 of its 20 today sends 5 now and 7 tomorrow
    expect(listEstimateText(12, delay, null, now)).toBe("cerca de 9 min");
    expect(listEstimateText(12, delay, { plan: { ...plan, firstSendDay: "2026-12-02", sentToday: 15 } }, now)).toBe(
      "cerca de 22 h 5 min (término previsto em 03/12 às 08:04)",
    );
    // 100 under the 20/40/80 warm-up: two days and a half
    expect(listEstimateText(100, delay, { plan }, now)).toBe("cerca de 2 dias (término previsto em 04/12 às 08:29)");
    // within the day's room and the window: the pace alone
    expect(listEstimateText(12, delay, { plan }, now)).toBe("cerca de 8 min");
    // Saturday 19:55: the window closes at 20:00, Sunday is closed
    expect(
      listEstimateText(
        12,
        delay,
        { plan: { ...plan, firstSendDay: "2026-01-01", today: "2026-12-05" } },
        Date.UTC(2026, 11, 5, 22, 55),
      ),
    ).toBe("cerca de 2 dias (término previsto em 07/12 às 08:03)");
  });

  it("classifies the errors that show 'Servidor não encontrado'", () => {
    for (const message of ["websocket error", "xhr poll error", "connect_error", "timeout"])
      expect(isServerNotFoundError(message)).toBe(true);
    expect(isServerNotFoundError("Token inválido ou expirado")).toBe(false);
    expect(isServerNotFoundError(undefined)).toBe(false);
  });

  it("Ctrl+Alt+W is the gate shortcut", () => {
    expect(isGateShortcut({ ctrlKey: true, altKey: true, key: "w", code: "KeyW" })).toBe(true);
    expect(isGateShortcut({ ctrlKey: true, altKey: true, key: "∑", code: "KeyW" })).toBe(true);
    expect(isGateShortcut({ ctrlKey: true, altKey: false, key: "w", code: "KeyW" })).toBe(false);
    expect(isGateShortcut({ ctrlKey: false, altKey: true, key: "w", code: "KeyW" })).toBe(false);
  });
});

describe("mirroring page state", () => {
  it("connection: connect, QR, ready, then a server disconnect clears connected and authenticated", () => {
    let state = run([{ type: "socket-connecting" }, { type: "connect" }, { type: "init" }]);
    expect(state).toMatchObject({ socket: "connected", isConnecting: true, isAuthenticated: false });
    state = run([{ type: "qr", qrDataURL: "data:image/png;base64,AAA" }], state);
    expect(state).toMatchObject({ qrCode: "data:image/png;base64,AAA", isConnecting: false });
    state = run([{ type: "ready", account: "5531900000000" }], state);
    expect(state).toMatchObject({ isAuthenticated: true, qrCode: null, account: "5531900000000" });
    state = run([{ type: "disconnect", reason: "transport close" }], state);
    expect(state).toMatchObject({
      socket: "disconnected",
      isAuthenticated: false,
      error: "Desconectado: A conexão com o ajudante foi fechada (o ajudante pode ter sido encerrado).",
    });
  });

  it("logout clears authentication and the QR", () => {
    const state = run([{ type: "connect" }, { type: "ready", account: null }, { type: "logged-out" }]);
    expect(state).toMatchObject({ isAuthenticated: false, qrCode: null });
  });

  it("a helper that is not running shows the panel; an invalid token shows the refused panel", () => {
    const notFound = run([
      { type: "connect-error", message: "websocket error" },
      { type: "connect-error", message: "xhr poll error" },
    ]);
    expect(notFound).toMatchObject({
      panel: "not-found",
      attempts: 2,
      pollBanner: true,
      error: "Erro ao conectar ao servidor: O ajudante não respondeu (verifique se ele está aberto neste computador).",
    });
    expect(run([{ type: "connect" }], notFound)).toMatchObject({ panel: null, attempts: 0, pollBanner: false, error: null });
    const refused = run([{ type: "connect-error", message: "Token inválido ou expirado", code: "invalid-token" }]);
    expect(refused.panel).toBe("refused");
  });

  it("a bulk job: pending rows, statuses by number, completion resets the sending flag", () => {
    let state = run([
      { type: "connect" },
      { type: "ready", account: null },
      {
        type: "start-bulk",
        contacts: [
          { name: "Maria", number: "31999990001" },
          { name: "Sem Zap", number: "31977770000" },
        ],
      },
    ]);
    expect(state.sending).toBe(true);
    expect(mirrorCounts(state)).toEqual({ total: 2, sent: 0, pending: 2, errors: 0, skipped: 0 });
    state = run(
      [
        { type: "bulk-started", event: { jobId: "job-1", total: 2 } },
        {
          type: "message-status",
          event: { jobId: "job-1", status: "sent", number: "31999990001", name: "Maria", message: "Olá" },
        },
        {
          type: "message-status",
          event: {
            jobId: "job-1",
            status: "error",
            number: "31977770000",
            name: "Sem Zap",
            message: "x",
            error: "Número não está no WhatsApp",
          },
        },
        { type: "bulk-status", event: { status: "completed", jobId: "job-1", total: 2, sent: 1, errors: 1 } },
      ],
      state,
    );
    expect(state).toMatchObject({ sending: false, jobId: "job-1" });
    expect(state.contacts.map((c) => [c.name, c.status, c.detail])).toEqual([
      ["Maria", "sent", undefined],
      ["Sem Zap", "error", "Número não está no WhatsApp"],
    ]);
    expect(mirrorCounts(state)).toEqual({ total: 2, sent: 1, pending: 0, errors: 1, skipped: 0 });
  });

  it("a refused bulk send resets at once and leaves no pending rows", () => {
    const state = run([
      { type: "start-bulk", contacts: [{ name: "Maria", number: "31999990001" }] },
      { type: "bulk-status", event: { status: "error", jobId: null, reason: "not-ready", message: "WhatsApp não autenticado." } },
    ]);
    expect(state).toMatchObject({ sending: false, contacts: [] });
  });

  it("a page that reconnects during a job adopts it from the helper's state and replayed statuses", () => {
    const state = run([
      { type: "connect" },
      {
        type: "helper-state",
        state: {
          whatsapp: "ready",
          account: null,
          operatorName: "Ana",
          limits: { minDelayMs: 30_000, maxDelayMs: 60_000, dailyCap: 200, sentToday: 1 },
          job: progress(),
        },
      },
      {
        type: "message-status",
        event: { jobId: "job-1", status: "sent", number: "31999990001", name: "Maria", message: "Olá", replay: true },
      },
      { type: "bulk-progress", progress: progress() },
    ]);
    expect(state).toMatchObject({ sending: true, jobId: "job-1", isAuthenticated: true });
    expect(state.contacts).toHaveLength(1);
    // The helper knows the whole job: 3 contacts, 2 still pending.
    expect(mirrorCounts(state)).toEqual({ total: 3, sent: 1, errors: 0, pending: 2, skipped: 0 });
  });

  it("'Limpar' clears the rows and ignores late events of the cleared job", () => {
    let state = run([
      { type: "start-bulk", contacts: [{ name: "Maria", number: "31999990001" }] },
      { type: "bulk-started", event: { jobId: "job-9", total: 1 } },
      { type: "clear" },
    ]);
    expect(state).toMatchObject({ sending: false, contacts: [], jobId: null });
    state = run(
      [
        {
          type: "message-status",
          event: { jobId: "job-9", status: "sent", number: "31999990001", name: "Maria", message: "Olá" },
        },
        { type: "bulk-progress", progress: progress({ jobId: "job-9" }) },
      ],
      state,
    );
    expect(state).toMatchObject({ sending: false, contacts: [], jobId: null });
  });

  it("a helper restarted without the job ends the page's sending state", () => {
    const state = run([
      { type: "start-bulk", contacts: [{ name: "Maria", number: "31999990001" }] },
      { type: "bulk-started", event: { jobId: "job-1", total: 1 } },
      {
        type: "helper-state",
        state: {
          whatsapp: "idle",
          account: null,
          operatorName: null,
          limits: { minDelayMs: 1, maxDelayMs: 2, dailyCap: 200, sentToday: 0 },
          job: null,
        },
      },
    ]);
    expect(state.sending).toBe(false);
  });
});
