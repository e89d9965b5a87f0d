import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { runningCampaignEnd } from "~/features/campaign/campaign.server";
import { resultShareImage, resultSharePath } from "~/features/share/share-image.server";
import { loader as analysisLoader } from "~/features/vocational/analysis-page";
import { action as leadAction, loader as leadLoader } from "~/features/vocational/form";
import { loader as graduationImage } from "~/features/vocational/graduation-image.svg";
import { loader as graduationLoader } from "~/features/vocational/graduation-page";
import { action as questionsAction, loader as questionsLoader } from "~/features/vocational/questions";
import { loader as genericLoader } from "~/features/vocational/result";
import { loader as resultLoader } from "~/features/vocational/result-profile";
import { loader as submissionsLoader } from "~/features/vocational/submissions";
import { COUNTDOWN_MS, readTestState, saveVocationalLead } from "~/features/vocational/vocational.server";
import {
  CONSENT_VERSION_FIELD,
  UNKNOWN_CONSENT_VERSION_MESSAGE,
  VOCATIONAL_CONSENT,
} from "~/features/vocational/vocational-form.seed";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";
import { getVisitorSession } from "~/platform/session.server";

import { VOCATIONAL_LEAD, VOCATIONAL_LEAD_ERRORS } from "../../../tests/support/lead-forms";
import { args, cookieFrom, formRequest, getRequest, payload } from "../../../tests/support/route-calls";

const GOOD = { ...VOCATIONAL_LEAD, email: "maria@example.com" };

let counter = 0;
const uniqueEmail = () => `pessoa.${Date.now()}.${counter++}@example.com`;

function leadRows(email: string) {
  return db
    .select()
    .from(schema.leads)
    .where(and(eq(schema.leads.email, email), eq(schema.leads.origem, "teste_vocacional")))
    .all();
}

/** Runs a loader/action that may throw a redirect; returns the Response or the returned value. */
async function run<T>(fn: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if ((thrown as any)?.type === "DataWithResponseInit") return thrown as T;
    throw thrown;
  }
}

function initOf(result: unknown): ResponseInit {
  return ((result as any)?.init ?? {}) as ResponseInit;
}

/** Posts the lead form (no JavaScript) and returns the visitor cookie it set. */
async function startLead(fields: Record<string, string> = {}) {
  const email = fields.email ?? uniqueEmail();
  const response = (await leadAction(args(formRequest("/teste-vocacional", { ...GOOD, ...fields, email })))) as Response;
  expect(response.status).toBe(303);
  return { cookie: cookieFrom(response), email };
}

async function stateOf(cookie: string) {
  return readTestState(await getVisitorSession(getRequest("/", { cookie })));
}

/** Answers one page (5 questions) with a letter pattern and a button. */
async function answerPage(cookie: string, page: number, letters: string, intent = "proximo") {
  const fields: Record<string, string> = { pagina: String(page), intent };
  [...letters].forEach((letter, i) => {
    if (letter !== "-") fields[`q${(page - 1) * 5 + i + 1}`] = letter;
  });
  const result = await questionsAction(args(formRequest(`/teste-vocacional/perguntas?pagina=${page}`, fields, { cookie })));
  const headers = result instanceof Response ? result.headers : new Headers(initOf(result).headers);
  const next = cookieFrom(new Response(null, { headers }), cookie);
  return { result, cookie: next };
}

beforeEach(() => resetAllRateLimits());

describe("lead form action", () => {
  it("bad input writes no row and returns every spec message, keeping what was typed", async () => {
    const email = "nao-eh-email";
    const result = await leadAction(
      args(formRequest("/teste-vocacional", { fullName: "Ana", phone: "3199", email, workStatus: "", workArea: "x" })),
    );
    expect(initOf(result).status).toBe(400);
    const reply = payload(result).result;
    expect(reply.error).toEqual(VOCATIONAL_LEAD_ERRORS);
    expect(reply.initialValue).toMatchObject({ fullName: "Ana", phone: "3199", email });
    expect(leadRows(email)).toHaveLength(0);
    expect(db.select().from(schema.leads).where(eq(schema.leads.nome, "Ana")).all()).toHaveLength(0);
  });

  it("a good lead writes one row (canonical phone, consent, attribution) and opens the questions with the toast", async () => {
    const email = uniqueEmail();
    const request = formRequest("/teste-vocacional?utm_source=instagram&utm_campaign=vestibular", {
      ...GOOD,
      phone: "(31) 99999-8888",
      email: email.toUpperCase(),
    });
    const response = (await leadAction(args(request))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/teste-vocacional/perguntas");

    const rows = leadRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nome: "Maria da Silva",
      telefone: "(31)99999-8888",
      email,
      cidade: "",
      perfil_trabalho: "carteira_assinada",
      area_atuacao: "saude",
      satisfacao_area: "gosto_muito",
      objetivo_carreira: "nova_area",
      area_desejada: "saude_bem_estar",
      consentimento_versao: VOCATIONAL_CONSENT.version,
      utm_source: "instagram",
      utm_campaign: "vestibular",
      tentativas: 1,
    });
    expect(rows[0].consentimento_em).toBeTruthy();
    expect(rows[0].data_criacao).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const cookie = cookieFrom(response);
    const session = await getVisitorSession(getRequest("/", { cookie }));
    expect(session.get("toast")).toEqual({
      title: "Dados salvos com sucesso!",
      description: "Agora vamos iniciar seu teste vocacional.",
    });
    const state = readTestState(session);
    expect(state.leadId).toBe(rows[0].id);
    expect(state.nome).toBe("Maria da Silva");
    expect(state.envios).toEqual([rows[0].id]);
    // The whole visitor cookie stays far below the 4 KB browsers keep.
    expect(cookie.length).toBeLessThan(1500);
  });

  it("stores data_criacao as the São Paulo date: 02:30 UTC is still the previous day", () => {
    const email = uniqueEmail();
    const id = saveVocationalLead({ ...GOOD, phone: "(31)99999-8888", email } as any, { now: new Date("2026-03-10T02:30:00Z") });
    const [row] = leadRows(email);
    expect(row.id).toBe(id);
    expect(row.data_criacao).toBe("2026-03-09");
    expect(row.criado_em).toBe("2026-03-10T02:30:00.000Z");
  });

  it("the same e-mail twice leaves one row, updated, with the attempt counted", async () => {
    const email = uniqueEmail();
    await startLead({ email });
    await startLead({ email: email.toUpperCase(), fullName: "Maria da Silva Souza", workArea: "ti" });
    const rows = leadRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nome: "Maria da Silva Souza", area_atuacao: "ti", tentativas: 2 });
  });

  it("with JavaScript the action answers with data (the page waits 1.5 s) and still sets the session", async () => {
    const email = uniqueEmail();
    const result = await leadAction(args(formRequest("/teste-vocacional", { ...GOOD, email, _js: "1" })));
    expect(payload(result)).toMatchObject({ next: "/teste-vocacional/perguntas", error: null });
    const cookie = cookieFrom(new Response(null, { headers: initOf(result).headers }));
    expect((await stateOf(cookie)).leadId).toBe(leadRows(email)[0].id);
  });

  it("a failure while saving shows the spec's error toast and keeps the form filled", async () => {
    const email = "falha.ao.salvar@example.com";
    sqlite.exec(`CREATE TRIGGER falha_teste BEFORE INSERT ON leads WHEN NEW.email = '${email}'
      BEGIN SELECT RAISE(ABORT, 'disco cheio'); END`);
    try {
      const result = await leadAction(args(formRequest("/teste-vocacional", { ...GOOD, email })));
      expect(initOf(result).status).toBe(500);
      expect(payload(result).error).toEqual({
        title: "Erro ao salvar seus dados",
        description: "Por favor, tente novamente.",
        variant: "destructive",
      });
      expect(payload(result).result.initialValue).toMatchObject({ fullName: GOOD.fullName, email });
      expect(new Headers(initOf(result).headers).get("Set-Cookie")).toBeNull();
      expect(leadRows(email)).toHaveLength(0);
    } finally {
      sqlite.exec("DROP TRIGGER falha_teste");
    }
  });

  it("a filled honeypot stores nothing", async () => {
    const email = uniqueEmail();
    const response = (await leadAction(
      args(formRequest("/teste-vocacional", { ...GOOD, email, website: "http://spam" })),
    )) as Response;
    expect(response.status).toBe(303);
    expect(leadRows(email)).toHaveLength(0);
  });

  it("limits posts per IP", async () => {
    const headers = { "X-Client-Ip": "203.0.113.9" };
    const limit = Number(process.env.RATE_LIMIT_PUBLIC_FORMS ?? 30);
    for (let i = 0; i < limit; i++) {
      const result = await leadAction(args(formRequest("/teste-vocacional", { fullName: "x" }, { headers })));
      expect(initOf(result).status).toBe(400);
    }
    const email = uniqueEmail();
    const blocked = await leadAction(args(formRequest("/teste-vocacional", { ...GOOD, email }, { headers })));
    expect(initOf(blocked).status).toBe(429);
    expect(payload(blocked).result.error[""]).toEqual(["Muitas tentativas. Aguarde um minuto e tente novamente."]);
    expect(leadRows(email)).toHaveLength(0);
  });

  it("stores the consent version the form posted, with and without JavaScript", async () => {
    // The page offers the current version for its hidden field.
    expect(payload(await leadLoader(args(getRequest("/teste-vocacional")))).consent.version).toBe(VOCATIONAL_CONSENT.version);
    for (const js of [{}, { _js: "1" }] as Record<string, string>[]) {
      const email = uniqueEmail();
      const result = await leadAction(
        args(formRequest("/teste-vocacional", { ...GOOD, ...js, email, [CONSENT_VERSION_FIELD]: VOCATIONAL_CONSENT.version })),
      );
      expect(result instanceof Response ? result.status : (initOf(result).status ?? 200)).toBe(js._js ? 200 : 303);
      const rows = leadRows(email);
      expect(rows).toHaveLength(1);
      expect(rows[0].consentimento_versao).toBe(VOCATIONAL_CONSENT.version);
      expect(rows[0].consentimento_em).toBeTruthy();
    }
  });

  it("an unknown consent version gets a clear message and stores nothing, with and without JavaScript", async () => {
    for (const version of ["teste-vocacional-v0", "", "__proto__", "constructor", "x".repeat(5000)]) {
      for (const js of [{}, { _js: "1" }] as Record<string, string>[]) {
        const email = uniqueEmail();
        const result = await leadAction(
          args(formRequest("/teste-vocacional", { ...GOOD, ...js, email, [CONSENT_VERSION_FIELD]: version })),
        );
        expect(initOf(result).status, version.slice(0, 30)).toBe(400);
        const reply = payload(result).result;
        expect(reply.error).toEqual({ "": [UNKNOWN_CONSENT_VERSION_MESSAGE] });
        // The form stays filled, and the visitor's session is not touched.
        expect(reply.initialValue).toMatchObject({ fullName: GOOD.fullName, email });
        expect(new Headers(initOf(result).headers).get("Set-Cookie")).toBeNull();
        expect(leadRows(email)).toHaveLength(0);
      }
    }
    // With other mistakes too, every message comes back at once.
    const email = uniqueEmail();
    const result = await leadAction(
      args(formRequest("/teste-vocacional", { ...GOOD, phone: "3199", email, [CONSENT_VERSION_FIELD]: "v9" })),
    );
    expect(payload(result).result.error).toEqual({
      "": [UNKNOWN_CONSENT_VERSION_MESSAGE],
      phone: ["Telefone inválido - Formato: (99)99999-9999"],
    });
    expect(leadRows(email)).toHaveLength(0);
  });

  it("prefills the form for a returning visitor", async () => {
    const { cookie, email } = await startLead();
    const data = payload(await leadLoader(args(getRequest("/teste-vocacional", { cookie }))));
    expect(data.defaults).toMatchObject({
      fullName: "Maria da Silva",
      email,
      phone: "(31)99999-8888",
      workStatus: "carteira_assinada",
    });
    expect(data.progress).toEqual({ answered: 0, resultUrl: null });
    const fresh = payload(await leadLoader(args(getRequest("/teste-vocacional"))));
    expect(fresh).toMatchObject({ defaults: undefined, progress: null });
  });
});

describe("questions", () => {
  it("without a lead in the session, the questions, analysis and result pages send the visitor to the lead form", async () => {
    type AnyLoader = (a: any) => unknown;
    const cases: [AnyLoader, string, Record<string, string>][] = [
      [questionsLoader, "/teste-vocacional/perguntas", {}],
      [analysisLoader, "/teste-vocacional/analise", {}],
      [genericLoader, "/teste-vocacional/resultado", {}],
      [resultLoader, "/teste-vocacional/resultado/saude", { perfil: "saude" }],
      [graduationLoader, "/teste-vocacional/simulacao-formatura", {}],
    ];
    for (const [loader, path, params] of cases) {
      const response = (await run(() => loader(args(getRequest(path), params)))) as Response;
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/teste-vocacional");
    }
    const posted = (await run(() =>
      questionsAction(args(formRequest("/teste-vocacional/perguntas", { pagina: "1", q1: "A" }))),
    )) as Response;
    expect(posted.headers.get("Location")).toBe("/teste-vocacional");
  });

  it("saves a page's answers in the session and moves on; 'Anterior' goes back with the answers kept", async () => {
    let { cookie } = await startLead();
    const first = await answerPage(cookie, 1, "ABCDA");
    expect((first.result as Response).status).toBe(303);
    expect((first.result as Response).headers.get("Location")).toBe("/teste-vocacional/perguntas?pagina=2");
    cookie = first.cookie;
    expect((await stateOf(cookie)).answers).toEqual({ 1: "A", 2: "B", 3: "C", 4: "D", 5: "A" });

    const back = await answerPage(cookie, 2, "BB---", "anterior");
    expect((back.result as Response).headers.get("Location")).toBe("/teste-vocacional/perguntas?pagina=1");
    cookie = back.cookie;
    expect((await stateOf(cookie)).answers).toMatchObject({ 1: "A", 6: "B", 7: "B" });

    const page1 = payload(await questionsLoader(args(getRequest("/teste-vocacional/perguntas?pagina=1", { cookie }))));
    expect(page1.saved).toEqual({ 1: "A", 2: "B", 3: "C", 4: "D", 5: "A" });
    expect(page1.otherAnswered).toBe(2);
  });

  it("'Próximo' with unanswered questions stays with the spec's message (and keeps what was chosen)", async () => {
    const { cookie } = await startLead();
    const { result, cookie: next } = await answerPage(cookie, 1, "AB-D-");
    expect(initOf(result).status).toBe(400);
    expect(payload(result).error).toMatchObject({
      title: "Responda todas as perguntas",
      description: "Por favor, responda todas as perguntas desta página antes de continuar.",
    });
    expect((await stateOf(next)).answers).toEqual({ 1: "A", 2: "B", 4: "D" });
  });

  it("ignores letters other than A-D and questions of other pages", async () => {
    const { cookie } = await startLead();
    const result = await questionsAction(
      args(formRequest("/teste-vocacional/perguntas", { pagina: "1", intent: "proximo", q1: "E", q2: "A", q9: "B" }, { cookie })),
    );
    const next = cookieFrom(new Response(null, { headers: initOf(result).headers }), cookie);
    expect((await stateOf(next)).answers).toEqual({ 2: "A" });
  });

  it("'Ver Resultado' with fewer than 20 answers gives 'Teste incompleto'", async () => {
    let { cookie } = await startLead();
    cookie = (await answerPage(cookie, 1, "AAAAA")).cookie;
    cookie = (await answerPage(cookie, 2, "BBBBB")).cookie;
    const { result } = await answerPage(cookie, 4, "CC-CC", "resultado");
    expect(initOf(result).status).toBe(400);
    expect(payload(result).error).toMatchObject({
      title: "Teste incompleto",
      description: "Você respondeu 14 de 20 perguntas. Por favor, complete o teste.",
    });
  });

  it("the analysis needs all answers: with a lead but without them it sends to the questions", async () => {
    const { cookie } = await startLead();
    const response = (await run(() => analysisLoader(args(getRequest("/teste-vocacional/analise", { cookie }))))) as Response;
    expect(response.headers.get("Location")).toBe("/teste-vocacional/perguntas");
    const result = (await run(() =>
      resultLoader(args(getRequest("/teste-vocacional/resultado/saude", { cookie }), { perfil: "saude" })),
    )) as Response;
    expect(result.headers.get("Location")).toBe("/teste-vocacional");
  });

  it("completing the test writes answers, profile and time to the lead row and routes to the right result", async () => {
    const lead = await startLead();
    const email = lead.email;
    let cookie = lead.cookie;
    // 6 x B, 5 x C, 5 x D, 4 x A → negocios
    for (const [page, letters] of [
      [1, "BBBBB"],
      [2, "CCCCC"],
      [3, "DDDDD"],
      [4, "BAAAA"],
    ] as const) {
      const step = await answerPage(cookie, page, letters, page === 4 ? "resultado" : "proximo");
      cookie = step.cookie;
      if (page === 4) expect((step.result as Response).headers.get("Location")).toBe("/teste-vocacional/analise");
    }
    const [row] = leadRows(email);
    expect(row.perfil_resultado).toBe("negocios");
    expect(JSON.parse(row.respostas!)).toMatchObject({ "1": "B", "6": "C", "11": "D", "16": "B", "20": "A" });
    expect(Object.keys(JSON.parse(row.respostas!))).toHaveLength(20);
    expect(row.teste_concluido_em).toBeTruthy();

    const analysis = payload(await analysisLoader(args(getRequest("/teste-vocacional/analise", { cookie }))));
    expect(analysis.resultUrl).toBe("/teste-vocacional/resultado/negocios");

    // No personal 24 h timer (decision 081): the countdown is the running campaign's real end.
    const first = await resultLoader(
      args(getRequest("/teste-vocacional/resultado/negocios", { cookie }), { perfil: "negocios" }),
    );
    const view = payload(first);
    expect(view).toMatchObject({ slug: "negocios", nome: "Maria", perfil: "negocios", letter: "B" });
    expect(view.tally).toEqual({ A: 4, B: 6, C: 5, D: 5 });
    expect(view.countdownEnd).toBe(runningCampaignEnd(new Date(view.now)));
    expect(view.countdownEnd - view.now).not.toBe(COUNTDOWN_MS);
    cookie = cookieFrom(new Response(null, { headers: initOf(first).headers }), cookie);
    const again = await genericLoader(args(getRequest("/teste-vocacional/resultado", { cookie })));
    expect(payload(again).countdownEnd).toBe(view.countdownEnd);
    // Each result page's share picture is its profile's (decision 102): the same for everyone, nothing of Maria.
    expect(view.shareImage).toBe(resultSharePath("negocios"));
    expect(payload(again).shareImage).toBe(resultSharePath("B"));
    expect(resultShareImage("negocios")!.svg).not.toMatch(/Maria|Silva/);
    expect(new Headers(initOf(again).headers).get("Set-Cookie")).toBeNull();

    const missing = (await run(() =>
      resultLoader(args(getRequest("/teste-vocacional/resultado/medicina", { cookie }), { perfil: "medicina" })),
    )) as any;
    expect(missing.init?.status ?? missing.status).toBe(404);
  });
});

describe("submissions log and graduation picture", () => {
  it("lists only this session's submissions, with pt-BR labels and dates", async () => {
    const empty = payload(await submissionsLoader(args(getRequest("/teste-vocacional/submissoes"))));
    expect(empty.rows).toEqual([]);

    const { cookie, email } = await startLead();
    await startLead({ fullName: "Outra Pessoa Qualquer" });
    const { rows } = payload(await submissionsLoader(args(getRequest("/teste-vocacional/submissoes", { cookie }))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nome: "Maria da Silva", email, telefone: "(31)99999-8888" });
    expect(rows[0].survey[0]).toBe("Trabalho com carteira assinada");
    expect(rows[0].enviadoEm).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/);
  });

  it("draws the visitor's name (escaped) in the SVG picture, and refuses without a lead", async () => {
    const none = (await graduationImage(args(getRequest("/teste-vocacional/simulacao-formatura/imagem.svg")))) as Response;
    expect(none.status).toBe(404);
    // Markup never passes the lead form (letters only); an apostrophe does, and must be escaped.
    const { cookie } = await startLead({ fullName: "Ana D'Ávila Souza" });
    const response = (await graduationImage(
      args(getRequest("/teste-vocacional/simulacao-formatura/imagem.svg?download=1", { cookie })),
    )) as Response;
    expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(response.headers.get("Content-Disposition")).toContain("minha-formatura-");
    const svg = await response.text();
    expect(svg).toContain('width="800" height="600"');
    expect(svg).toContain("Ana D&apos;Ávila Souza");
    expect(svg).not.toContain("D'Ávila");
  });
});
