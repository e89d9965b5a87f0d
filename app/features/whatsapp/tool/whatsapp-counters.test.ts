import { describe, expect, it } from "vitest";

import { type HelperEvent, mirrorCounts, reduceHelperEvent } from "~/features/whatsapp/tool/helper-events";
import {
  HELPER_LOST_STOPPED_TEXT,
  HELPER_LOST_TEXT,
  helperLinkSentence,
  jobPhaseOf,
  jobStateSentence,
  sendButtonText,
} from "~/features/whatsapp/tool/job-state";
import { contactStatusOf, initialMirrorState } from "~/features/whatsapp/tool/mirror-state";
import type { BulkProgress, HelperLimits, MirrorState, PauseReason } from "~/features/whatsapp/tool/mirror-types";

import { bulkProgress } from "../../../../tests/support/whatsapp-progress";

/**
 * The page's counters, rows and texts are the helper's (decision 072)
 * ("Pendente" forever, "Enviados 24" vs the helper's "23 de 27", "Enviadas hoje: 0" after 20 sends,
 * "Enviando…" while paused, "WhatsApp não autenticado" when only the tab lost the helper).
 */

function apply(events: HelperEvent[], from: MirrorState = initialMirrorState): MirrorState {
  let state = from;
  for (const event of events) state = reduceHelperEvent(state, event, "Ana").state;
  return state;
}

const LIMITS: HelperLimits = { minDelayMs: 30_000, maxDelayMs: 60_000, dailyCap: 200, sentToday: 0, effectiveCap: 200 };

const ready = apply([
  { name: "connect", payload: undefined },
  {
    name: "helper-state",
    payload: { whatsapp: "ready", account: "5511900000001", operatorName: "Ana", limits: LIMITS, job: null },
  },
]);

const progress = (over: Partial<BulkProgress> = {}) => bulkProgress({ phase: "running", skipped: 0, ...over });

/** Three lines pasted: the second is the first number again. */
const PASTED = [
  { name: "Ana", number: "31999990001" },
  { name: "Ana de novo", number: "31999990001" },
  { name: "Bruno", number: "31988880002" },
];
const ROWS = PASTED.map((c, index) => ({ index, ...c }));

function status(index: number, over: Record<string, unknown> = {}): HelperEvent {
  return {
    name: "message-status",
    payload: {
      jobId: "job-1",
      index,
      status: "sent",
      number: ROWS[index].number,
      name: ROWS[index].name,
      message: "Oi",
      ...over,
    },
  };
}

describe("rows and counters are the helper's", () => {
  it("each row gets its own result by index: one send is one 'Enviado', the repeated line is 'Ignorado', none stays 'Pendente'", () => {
    const started = reduceHelperEvent(ready, { name: "bulk-started", payload: { jobId: "x", total: 0 } }, "Ana").state;
    expect(started.contacts).toEqual([]);
    let state = apply([], {
      ...ready,
      sending: true,
      contacts: PASTED.map((c) => ({ ...c, status: "pending", timestamp: null })),
    });
    state = apply(
      [
        { name: "bulk-started", payload: { jobId: "job-1", total: 3, duplicates: 1, contacts: ROWS } },
        status(0),
        { name: "bulk-progress", payload: progress({ done: 1, sent: 1, pending: 2 }) },
      ],
      state,
    );
    // the previous page marked both rows of the number 'Enviado' from one result ("Enviados 24" vs "23")
    expect(state.contacts.map((c) => c.status)).toEqual(["sent", "pending", "pending"]);
    expect(mirrorCounts(state)).toEqual({ total: 3, sent: 1, errors: 0, skipped: 0, pending: 2 });

    state = apply(
      [
        status(1, { status: "error", code: "same-person", error: "Mesma pessoa da linha 1 (Ana)" }),
        status(2, { status: "error", code: "not-on-whatsapp", error: "Número não está no WhatsApp" }),
        {
          name: "bulk-progress",
          payload: progress({ state: "completed", phase: "finished", done: 3, sent: 1, errors: 1, skipped: 1, pending: 0 }),
        },
        { name: "bulk-status", payload: { status: "completed", jobId: "job-1", total: 3, sent: 1, errors: 1 } },
      ],
      state,
    );
    expect(state.contacts.map((c) => [c.name, c.status, c.detail])).toEqual([
      ["Ana", "sent", undefined],
      ["Ana de novo", "skipped", "Mesma pessoa da linha 1 (Ana)"],
      ["Bruno", "error", "Número não está no WhatsApp"],
    ]);
    expect(mirrorCounts(state)).toEqual({ total: 3, sent: 1, errors: 1, skipped: 1, pending: 0 });
    expect(state.sending).toBe(false);
  });

  it("the badges are the helper's totals even when this page's rows say otherwise", () => {
    // the page missed events (a sleeping tab): its rows lag, the helper's numbers do not
    const state = apply(
      [
        { name: "bulk-started", payload: { jobId: "job-1", total: 3, contacts: ROWS } },
        status(0),
        { name: "bulk-progress", payload: progress({ done: 3, sent: 2, errors: 1, pending: 0 }) },
      ],
      ready,
    );
    expect(mirrorCounts(state)).toEqual({ total: 3, sent: 2, errors: 1, skipped: 0, pending: 0 });
    // a larger pasted list than the helper's job does not win either (it used to, with its own counts)
    const more = apply([{ name: "bulk-progress", payload: progress({ total: 2, done: 1, sent: 1, pending: 1 }) }], {
      ...state,
      contacts: [...state.contacts, { name: "Extra", number: "31977770003", status: "sent", timestamp: null }],
    });
    expect(mirrorCounts(more)).toEqual({ total: 2, sent: 1, errors: 0, skipped: 0, pending: 1 });
  });

  it("a replay after a reconnection fills every row's final result, keeping the rows", () => {
    const before = apply([{ name: "bulk-started", payload: { jobId: "job-1", total: 3, contacts: ROWS } }, status(0)], ready);
    const lost = apply([{ name: "disconnect", payload: "transport close" }], before);
    const back = apply(
      [
        { name: "connect", payload: undefined },
        { name: "bulk-started", payload: { jobId: "job-1", total: 3, contacts: ROWS, replay: true, recent: false } },
        status(0, { replay: true }),
        status(1, { replay: true, status: "error", code: "same-person", error: "Mesma pessoa da linha 1 (Ana)" }),
        status(2, { replay: true }),
        {
          name: "bulk-progress",
          payload: progress({ state: "completed", phase: "finished", done: 3, sent: 2, skipped: 1, pending: 0 }),
        },
        { name: "bulk-status", payload: { status: "completed", jobId: "job-1", total: 3, sent: 2, errors: 0, replay: true } },
      ],
      lost,
    );
    expect(back.contacts.map((c) => c.status)).toEqual(["sent", "skipped", "sent"]);
    expect(mirrorCounts(back)).toEqual({ total: 3, sent: 2, errors: 0, skipped: 1, pending: 0 });
  });

  it("a job that ended long ago is not shown to a page that was not following it", () => {
    const fresh = apply(
      [
        { name: "bulk-started", payload: { jobId: "old", total: 3, contacts: ROWS, replay: true, recent: false } },
        { name: "message-status", payload: { ...(status(0).payload as object), jobId: "old", replay: true } } as HelperEvent,
        { name: "bulk-progress", payload: progress({ jobId: "old", state: "completed", phase: "finished", pending: 0 }) },
        { name: "bulk-status", payload: { status: "completed", jobId: "old", replay: true } },
      ],
      ready,
    );
    expect(fresh).toMatchObject({ jobId: null, contacts: [], progress: null, sending: false });
    // a recent one is (the operator reloaded the page just after it ended)
    const recent = apply(
      [{ name: "bulk-started", payload: { jobId: "new", total: 3, contacts: ROWS, replay: true, recent: true } }],
      ready,
    );
    expect(recent.contacts).toHaveLength(3);
  });

  it("'Enviadas hoje' is the helper's count after each send, not the one from when the page connected", () => {
    const state = apply(
      [
        { name: "bulk-started", payload: { jobId: "job-1", total: 3, contacts: ROWS } },
        {
          name: "bulk-progress",
          payload: progress({ sent: 1, done: 1, pending: 2, sentToday: 21, limits: { ...LIMITS, sentToday: 21 } }),
        },
      ],
      ready,
    );
    expect(state.limits?.sentToday).toBe(21);
    // an older helper's progress carries sentToday alone: it replaces the count too
    const older = apply([{ name: "bulk-progress", payload: progress({ sent: 2, done: 2, pending: 1, sentToday: 22 }) }], state);
    expect(older.limits).toMatchObject({ sentToday: 22, dailyCap: 200 });
  });
});

describe("one sentence per state", () => {
  it("says each state in pt-BR with the helper's numbers and words", () => {
    const at = "2026-03-10T17:03:20.000Z"; // 14:03:20 in São Paulo
    expect(jobStateSentence(progress({ done: 12, total: 27 }))).toBe("Enviando: 12 de 27.");
    expect(jobStateSentence(progress({ phase: "waiting-delay", done: 12, total: 27, nextAt: at }))).toBe(
      "Enviando: 12 de 27. Próxima mensagem às 14:03:20.",
    );
    expect(
      jobStateSentence(
        progress({
          state: "paused",
          phase: "paused",
          paused: true,
          pauseReason: "rate-limit",
          done: 12,
          total: 27,
          pauseMessage: "O WhatsApp limitou o envio; nova tentativa às 14:30.",
        }),
      ),
    ).toBe("Pausado em 12 de 27. O WhatsApp limitou o envio; nova tentativa às 14:30.");
    expect(
      jobStateSentence(
        progress({
          state: "paused",
          phase: "waiting-window",
          paused: true,
          pauseReason: "outside-window",
          done: 3,
          total: 27,
          pauseMessage: "Fora do horário de envio (segunda a sábado, 08:00–20:00). O envio continua segunda às 08:00.",
        }),
      ),
    ).toBe(
      "Aguardando o horário de envio: 3 de 27. Fora do horário de envio (segunda a sábado, 08:00–20:00). O envio continua segunda às 08:00.",
    );
    const restricted = progress({
      state: "paused",
      phase: "restricted",
      paused: true,
      pauseReason: "restricted",
      done: 5,
      total: 27,
      canResume: false,
      pauseMessage: "WhatsApp restringiu esta conta. O envio só pode continuar depois de 11/03 às 14:30.",
    });
    expect(jobStateSentence(restricted)).toBe(
      "Parado pelo WhatsApp em 5 de 27. WhatsApp restringiu esta conta. O envio só pode continuar depois de 11/03 às 14:30.",
    );
    expect(jobStateSentence({ ...restricted, canResume: true })).toMatch(/O período de espera terminou: clique em Retomar\.$/);
    expect(
      jobStateSentence(
        progress({ state: "completed", phase: "finished", total: 27, done: 27, sent: 23, errors: 2, skipped: 2, pending: 0 }),
      ),
    ).toBe("Concluído: 23 enviadas, 2 com erro, 2 ignoradas.");
    expect(jobStateSentence(progress({ state: "completed", phase: "finished", total: 1, done: 1, sent: 1, pending: 0 }))).toBe(
      "Concluído: 1 enviada, 0 com erro, 0 ignoradas.",
    );
    expect(
      jobStateSentence(progress({ state: "cancelled", phase: "cancelled", total: 27, done: 6, sent: 5, errors: 1, pending: 21 })),
    ).toBe("Cancelado: 5 enviadas, 1 com erro, 0 ignoradas; 21 não serão enviadas.");
  });

  it("never says 'Enviando' while a job is paused or waiting, whatever the reason (an older helper's progress too)", () => {
    const reasons: PauseReason[] = [
      "rate-limit",
      "logged-out",
      "disconnected",
      "daily-cap",
      "restricted",
      "outside-window",
      "restored",
      "chat-cap",
      "chat-cap-warning",
    ];
    for (const pauseReason of reasons) {
      const paused = progress({
        state: "paused",
        paused: true,
        pauseReason,
        pauseMessage: "Motivo do ajudante.",
        phase: undefined,
      });
      expect(jobPhaseOf(paused), pauseReason).not.toMatch(/running|waiting-delay/);
      expect(jobStateSentence(paused), pauseReason).not.toMatch(/Enviando/);
      expect(sendButtonText(true, paused), pauseReason).not.toMatch(/Enviando/);
    }
    expect(sendButtonText(true, progress())).toBe("Enviando...");
    expect(sendButtonText(true, null)).toBe("Enviando...");
    expect(sendButtonText(false, null)).toBe("Iniciar Envio");
  });
});

describe("the page lost the helper, not WhatsApp", () => {
  it("says so while socket.io reconnects, and when it stopped trying; nothing once the helper answers again", () => {
    const lost = apply([{ name: "disconnect", payload: "transport close" }], ready);
    expect(lost.lostHelper).toBe("reconnecting");
    expect(helperLinkSentence(lost.lostHelper)).toBe(HELPER_LOST_TEXT);
    expect(HELPER_LOST_TEXT).toBe("Esta página perdeu a conexão com o ajudante; tentando reconectar…");
    // the failed attempts while reconnecting do not turn it into "the helper is not running" for this sentence
    const trying = apply([{ name: "connect_error", payload: { message: "websocket error" } }], lost);
    expect(helperLinkSentence(trying.lostHelper)).toBe(HELPER_LOST_TEXT);
    const gaveUp = apply([{ name: "reconnect_failed", payload: undefined }], trying);
    expect(helperLinkSentence(gaveUp.lostHelper)).toBe(HELPER_LOST_STOPPED_TEXT);
    const back = apply([{ name: "connect", payload: undefined }], gaveUp);
    expect(helperLinkSentence(back.lostHelper)).toBeNull();
    // the page's own 'disconnect' is not a loss; nor is a page that never reached the helper
    expect(apply([{ name: "disconnect", payload: "io client disconnect" }], ready).lostHelper).toBeNull();
    expect(apply([{ name: "connect_error", payload: { message: "xhr poll error" } }]).lostHelper).toBeNull();
  });
});

describe("opt-outs are not errors", () => {
  it("a contact who asked not to get messages has its own counter and wording, no 'Erro' and no error toast", () => {
    const final = bulkProgress({
      total: 3,
      done: 3,
      sent: 1,
      errors: 1,
      skipped: 0,
      optedOut: 1,
      pending: 0,
      state: "completed",
      phase: "finished",
    });
    expect(jobStateSentence(final)).toBe("Concluído: 1 enviada, 1 com erro, 0 ignoradas, 1 descadastrada (pediu para sair).");
    const state = { ...initialMirrorState, jobId: final.jobId, progress: final };
    expect(mirrorCounts(state)).toEqual({ total: 3, sent: 1, errors: 1, pending: 0, skipped: 0, optedOut: 1 });
    const status = {
      jobId: final.jobId,
      status: "error" as const,
      code: "opted-out",
      number: "31977773333",
      name: "Carla",
      message: "Contato pediu para não receber mensagens (SAIR/PARAR)",
      error: "Contato pediu para não receber mensagens (SAIR/PARAR)",
      at: "2026-03-10T12:00:00.000Z",
    };
    expect(contactStatusOf(status)).toBe("skipped");
    const outcome = reduceHelperEvent(state, { name: "message-status", payload: status }, "Ana");
    expect(outcome.toasts).toEqual([]);
    expect(outcome.logRows[0]?.status ?? "skipped").toBe("skipped");
  });
});
