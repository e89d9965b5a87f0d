import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { leadIdIn, type Snapshot, snapshot } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { downloadHelperKey } from "../support/helper-key";
import { exampleUrl, type RouteInfo, routeTable, urlFor } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";
import { adminSession, enrolment, openSessions, type SessionKind, type Sessions, vocationalLead } from "../support/sessions";

/**
 * Hostile input. Every route of app/routes.ts whose module exports an `action`
 * gets, against the real production server: empty bodies, missing and duplicated fields, 100 KB
 * strings, control characters and NUL bytes, invalid UTF-8, HTML/script tags, SQL fragments, wrong
 * content types and oversized bodies. Each answer must be a refusal (4xx with the page's message;
 * a bot that fills the honeypot may get the usual 303), never a 5xx, and no row of any table may
 * change (row counts and a SHA-256 of every table, before and after each request).
 */

type Fields = Record<string, string>;

type ActionSpec = {
  /** Which session the requests carry (operator and admin routes are attacked past their guard). */
  session: SessionKind;
  /** A submission the action refuses as it stands (a wrong password, a missing consent, ...). */
  refused: Fields;
  /**
   * For forms that store data: a submission it accepts. Each of its validated fields must refuse
   * each hostile value on its own, everything else being valid.
   */
  accepted?: { fields: Fields; validated: string[] };
  /** The route renders a hidden honeypot field: filling it must store nothing. */
  honeypot?: boolean;
  /** The action ignores its body (logout): any post just ends the session. */
  bodyIgnored?: boolean;
  /** A message the re-rendered page shows for a refused submission. */
  message: RegExp;
  /** The helpers' API: the requests carry a valid helper token (`Authorization: Bearer`), its only credential. */
  bearer?: boolean;
  /**
   * JSON APIs: a valid item and the body that carries it. Each validated field of the item must refuse
   * each hostile value on its own (those the API would store as text are left out of `validated`).
   */
  json?: { item: Record<string, unknown>; body: (item: Record<string, unknown>) => unknown; validated: string[] };
};

const lead = vocationalLead("hostil.vocacional@example.com");
const { desiredArea: _omitted, ...leadWithoutArea } = lead;
const enrol = enrolment("hostil.inscricao@example.com");
const { consentimento: _consent, ...enrolWithoutConsent } = enrol;

/** The enrolment form, posted to /inscricao and to a polo's page alike. */
const ENROLMENT_SPEC: ActionSpec = {
  session: "visitor",
  refused: enrolWithoutConsent,
  accepted: { fields: enrol, validated: ["nome", "telefone", "email", "cidade", "curso", "polo", "consentimento"] },
  honeypot: true,
  message: /obrigatório|inválido|Informe|selecione|aceite|Use apenas letras|Muitas tentativas/,
};

/** Keyed by the route's path in app/routes.ts. A new action without an entry fails the first test. */
const SPECS: Record<string, ActionSpec> = {
  inscricao: ENROLMENT_SPEC,
  // A polo's page posts the same enrolment form to itself (decision 085).
  "polos/:slug": ENROLMENT_SPEC,
  "teste-vocacional": {
    session: "visitor",
    refused: leadWithoutArea,
    accepted: {
      fields: lead,
      validated: ["fullName", "phone", "email", "workStatus", "workArea", "workSatisfaction", "careerGoal", "desiredArea"],
    },
    honeypot: true,
    message: /obrigatório|inválido|selecione|Use apenas letras|Muitas tentativas/,
  },
  "teste-vocacional/perguntas": {
    session: "visitorWithLead",
    // Page 1 with its last question unanswered: 'Próximo' is refused.
    refused: { pagina: "1", intent: "proximo", q1: "A", q2: "B", q3: "C", q4: "D" },
    honeypot: true,
    message: /Responda todas as perguntas|Teste incompleto|Muitas tentativas/,
  },
  // The unsubscribe link (decision 100): without a token this site signed, every post is refused.
  "e-mail/descadastrar/:token": {
    session: "anonymous",
    refused: { "List-Unsubscribe": "One-Click" },
    honeypot: true,
    message: /link de descadastro não é válido|Muitas tentativas/,
  },
  // 'Sair' before the login: each of its cases signs the admin in afresh, and after the login's hostile
  // cases (each a wrong password for the admin's e-mail) every sign-in of that e-mail waits up to 3 s
  // by design. In that order the test took over 2 minutes on a busy machine; in this one, 25 s.
  "contato/sair": { session: "admin", refused: {}, bodyIgnored: true, message: /./ },
  "login-admin": {
    session: "anonymous",
    refused: { email: E2E_ENV.ADMIN_EMAIL, password: "senha-errada-123", redirectTo: "/contato" },
    message: /Credenciais inválidas|Informe|inválido|longa demais|Muitas tentativas/,
  },
  // Contact buttons: a channel outside the list is refused before the attempt is recorded.
  "contato/lead/:id/contatar": {
    session: "admin",
    refused: { canal: "sms" },
    message: /Escolha como contatar|não é um celular válido|pediu para não receber|Lead não encontrado/,
  },
  // Owner of a filtered selection: an id that is no comercial user is refused before anything is written.
  "contato/atribuir-responsavel": {
    session: "admin",
    refused: { busca: "lote", novo_responsavel: "999999", intent: "confirmar" },
    message: /Escolha um responsável da lista|Confirme a atribuição|Nenhum lead filtrado/,
  },
  "contato/lead/:id/excluir": {
    session: "admin",
    // Only the confirmation button's intent deletes.
    refused: { intent: "cancelar" },
    message: /Confirme a exclusão|Lead não encontrado/,
  },
  // Lead follow-up: a status outside the list is refused before anything is written.
  "contato/lead/:id": {
    session: "admin",
    refused: { intent: "status", status: "arquivado" },
    message: /Escolha um status da lista|Escolha o motivo da perda|Ação desconhecida|Lead não encontrado/,
  },
  "contato/alterar-status": {
    session: "admin",
    refused: { busca: "lote", novo_status: "arquivado", intent: "confirmar" },
    message: /Escolha um status da lista|Escolha o motivo da perda|Confirme a alteração|Nenhum lead filtrado/,
  },
  // Hand-off to WhatsApp: only the confirmation button's intent creates a list.
  "contato/enviar-whatsapp": {
    session: "admin",
    refused: { busca: "lote", intent: "nada" },
    message: /Confirme com o botão|Nenhum contato para enviar/,
  },
  // Content studio: no version (or an old one) is refused before anything is written.
  "admin/conteudo/instituicao": {
    session: "admin",
    refused: { brandName: "", taxId: "11.222.333/0001-82" },
    message: /Campo obrigatório|CNPJ inválido|inválido|alterado por|caracteres/,
  },
  "admin/conteudo/inicio": {
    session: "admin",
    refused: { heroBadge: "", heroHighlight: "bolsa de até 99%", countdownMode: "date", countdownDate: "", version: "1" },
    message: /Campo obrigatório|O texto anuncia|Informe a data|inválid|caracteres|Escolha uma opção|alterado por/,
  },
  "admin/conteudo/faq": {
    session: "admin",
    refused: { intent: "salvar", item: "", version: "0", question: "", answer: "" },
    message: /Campo obrigatório|O texto anuncia|caracteres|não existe mais|Ação desconhecida|alterado por/,
  },
  "admin/conteudo/depoimentos": {
    session: "admin",
    refused: { intent: "salvar", item: "", version: "0", name: "", course: "", text: "" },
    message: /Campo obrigatório|caracteres|não existe mais|Ação desconhecida|alterado por/,
  },
  "admin/conteudo/historias": {
    session: "admin",
    refused: { intent: "salvar", item: "", version: "0", name: "", course: "", text: "", active: "on" },
    message: /Campo obrigatório|caracteres|consentimento|não existe mais|Ação desconhecida|alterado por/,
  },
  "admin/conteudo/cursos/novo": {
    session: "admin",
    refused: { name: "", path: "/contato", area: "Turismo", modality: "EAD", version: "0" },
    message: /Campo obrigatório|Este endereço já é|Endereço inválido|Escolha|Valor inválido|caracteres|alterado por/,
  },
  "admin/conteudo/cursos/:curso": {
    session: "admin",
    refused: { name: "", path: "/whatsapp", monthlyPrice: "grátis", version: "1" },
    message: /Campo obrigatório|Este endereço já é|Endereço inválido|Escolha|Valor inválido|caracteres|alterado por/,
  },
  "admin/conteudo/polos": {
    session: "admin",
    refused: { polo: "", location: "", state: "XX", phone: "abc", version: "0" },
    message: /Campo obrigatório|Escolha o estado|Telefone inválido|caracteres|não existe mais|alterado por/,
  },
  "admin/conteudo/campanha": {
    session: "admin",
    refused: { title: "", headlinePercent: "99", endMode: "date", endDate: "2020-01-01", version: "1" },
    message: /Campo obrigatório|O título promete|já passou|Informe|Valor inválido|cartões|caracteres|Escolha como|alterado por/,
  },
  "admin/conteudo/clube": {
    session: "admin",
    refused: { gamesIntro: "", "games[0].date": "2026-02-30", "games[0].time": "99:99", version: "1" },
    message: /Campo obrigatório|Data inválida|Horário inválido|caracteres|no máximo|alterado por/,
  },
  "admin/conteudo/historico": { session: "admin", refused: { revision: "999999" }, message: /Versão não encontrada/ },
  // Webhooks: only http(s) addresses are stored; the row buttons name a row that exists.
  "admin/webhooks": {
    session: "admin",
    refused: { intent: "adicionar", url: "ftp://crm.example.com/eventos" },
    message: /Informe|endereço pode ter|Ação desconhecida|não existe mais/,
  },
  // E-mails: the one post is the held-messages banner's confirmation (decision 139); anything else is refused.
  "admin/e-mails": { session: "admin", refused: { intent: "apagar-tudo" }, message: /Ação desconhecida/ },
  // Jobs: the one post tries a failed job again; anything else is refused.
  "admin/tarefas": { session: "admin", refused: { intent: "apagar-tudo" }, message: /Ação desconhecida/ },
  // Distribution: a rule with no name, an unknown field and no team is refused before anything is stored.
  "admin/distribuicao": {
    session: "admin",
    refused: { intent: "regra-nova", nome: "", campo: "cor", valor: "", equipe: "x" },
    message: /Informe|Escolha|Ação desconhecida|não existe mais/,
  },
  // Users and roles: a bad e-mail, an unknown role or a short password is refused before anything is stored.
  "admin/usuarios": {
    session: "admin",
    refused: { intent: "adicionar", email: "nao-e-email", role: "dono", password: "curta" },
    message: /Informe|e-mail válido|Escolha um perfil|pelo menos 8 caracteres|longa demais|Ação desconhecida|não existe mais/,
  },
  whatsapp: {
    session: "anonymous",
    refused: { intent: "entrar", password: "senha-errada-123" },
    message: /Senha incorreta|Informe a senha|longa demais|Muitas tentativas/,
  },
  "whatsapp/:slug": {
    session: "anonymous",
    refused: {
      intent: "adicionar",
      label: "Equipe de teste",
      masterPassword: "mestra-errada-123",
      newPassword: "nova-senha-123",
    },
    message: /Senha mestra incorreta|Ação inválida|Senha inválida|Senha sem nome|não encontrada|já cadastrada|Muitas tentativas/,
  },
  "whatsapp/registro": {
    session: "operator",
    // 'Talvez' is no status: the entry is refused.
    refused: {
      jobId: "job-hostil",
      operator: "Operador",
      name: "Contato",
      number: "5531999998888",
      message: "Olá",
      status: "Talvez",
      sentAt: "2025-01-01T12:00:00.000Z",
    },
    message: /inválid|Envie de 1 a 100/,
  },
  // The page's check of the helper's port (decision 070): a body that is no proof of a live key is refused.
  "whatsapp/ajudante": {
    session: "operator",
    refused: { challenge: "desafio", keyId: "chave-inventada", proof: "prova" },
    message: /./,
  },
  // Whether a helper's key lives: GET only; a post is a 405 past the key.
  "api/whatsapp-helper/chave": {
    session: "anonymous",
    bearer: true,
    refused: { entries: "5531999998888" },
    message: /./,
  },
  // The replies inbox and the opt-out screen (decision 071): a reply or an opt-out that is not there.
  "whatsapp/respostas": {
    session: "operator",
    refused: { intent: "marcar-lida", id: "999999" },
    message: /não existe mais|Ação desconhecida|Envie o formulário|Só uma resposta|não está ligada/,
  },
  "whatsapp/descadastros": {
    session: "operator",
    refused: { intent: "desfazer", id: "999999", motivo: "" },
    message: /não existe mais|Ação desconhecida|Informe o motivo|Envie o formulário/,
  },
  // The helpers' API (JSON, Bearer token): past the token, a body that is not the documented JSON is a 400.
  "api/whatsapp-helper/descadastros": {
    session: "anonymous",
    bearer: true,
    refused: { entries: "5531999998888" },
    json: {
      item: { number: "5531999998888", at: "2026-11-20T12:00:00.000Z", operator: "Operador" },
      body: (item) => ({ entries: [item] }),
      validated: ["number", "at"],
    },
    message: /./,
  },
  "api/whatsapp-helper/ja-enviados": {
    session: "anonymous",
    bearer: true,
    refused: { contacts: "5531999998888" },
    json: { item: { number: "5531999998888", text: "Olá" }, body: (item) => ({ contacts: [item] }), validated: ["number"] },
    message: /./,
  },
  "api/whatsapp-helper/respostas": {
    session: "anonymous",
    bearer: true,
    refused: { entries: "5531999998888" },
    json: {
      item: {
        messageId: "3EB0HOSTIL000001",
        number: "5531999998888",
        text: "Não tenho interesse",
        receivedAt: "2026-11-20T12:00:00.000Z",
      },
      body: (item) => ({ entries: [item] }),
      // the text and the WhatsApp name are stored as plain text (shown as React text)
      validated: ["messageId", "number", "receivedAt"],
    },
    message: /./,
  },
  "api/whatsapp-helper/apagados": {
    session: "anonymous",
    bearer: true,
    refused: { phones: "+5531999998888" },
    json: { item: { phone: "+5531999998888" }, body: (item) => ({ phones: [item.phone] }), validated: ["phone"] },
    message: /./,
  },
  "api/whatsapp-helper/registro": {
    session: "anonymous",
    bearer: true,
    refused: { entries: "5531999998888" },
    json: {
      item: {
        jobId: "job-hostil",
        operator: "Operador",
        name: "Contato",
        number: "5531999998888",
        message: "Olá",
        status: "sent",
        sentAt: "2026-11-20T12:00:00.000Z",
      },
      body: (item) => ({ entries: [item] }),
      validated: ["jobId", "number", "status"],
    },
    message: /./,
  },
};

/** The management page attacked a second time with an admin session (no master password needed). */
const ADMIN_MANAGEMENT: ActionSpec = {
  session: "admin",
  refused: { intent: "remover:999999" },
  message: SPECS["whatsapp/:slug"].message,
};

const HUNDRED_KB = "x".repeat(100 * 1024);
const XSS = `<script>alert("xss")</script><img src=x onerror=alert(1)>`;
const HOSTILE_VALUES: Record<string, string> = {
  "100 KB string": HUNDRED_KB,
  "control characters": "Maria\u0001\u0007\u001b[31m\u007f\u0085Silva\r\n\t",
  "NUL byte": "Maria\u0000Silva",
  "unicode tricks": "Maria\u202eavliS\u200b\ufeff",
  "HTML and script tags": XSS,
  "SQL fragment": "'; DROP TABLE leads; --",
  "SQL tautology": "' OR '1'='1' --",
  "replacement character": "Maria \ufffd Silva",
};
/** Bytes that are not UTF-8: a lone continuation byte, an overlong slash, 0xFF. */
const INVALID_UTF8 = Buffer.from([0xc3, 0x28, 0x80, 0xc0, 0xaf, 0xff, 0xfe]);

/** Refused before any parsing by server.js (this server's limit, below). */
const MAX_BODY_BYTES = 512 * 1024;

type Body = { body: BodyInit | null; contentType?: string | null; note?: string };
type Case = { name: string; spec: ActionSpec; body: Body; honeypotPath?: boolean; expectStatus?: number };

function encode(fields: Fields): string {
  return new URLSearchParams(fields).toString();
}

function urlencoded(fields: Fields | string): Body {
  return { body: typeof fields === "string" ? fields : encode(fields), contentType: "application/x-www-form-urlencoded" };
}

function casesFor(spec: ActionSpec): Case[] {
  const cases: Case[] = [];
  const add = (name: string, body: Body, extra: Partial<Case> = {}) => cases.push({ name, spec, body, ...extra });
  const base = spec.refused;
  const names = Object.keys(base);

  add("empty urlencoded body", urlencoded(""));
  add("empty body without a content type", { body: null, contentType: null });
  for (const field of names) {
    const { [field]: _dropped, ...rest } = base;
    add(`missing ${field}`, urlencoded(rest));
  }
  if (names.length) {
    const duplicated = new URLSearchParams();
    for (const [key, value] of Object.entries(base)) {
      duplicated.append(key, value);
      duplicated.append(key, `${value}-outro`);
    }
    add("every field twice", urlencoded(duplicated.toString()));
  }
  for (const field of names.length ? names : ["campo"]) {
    for (const [label, value] of Object.entries(HOSTILE_VALUES))
      add(`${label} in ${field}`, urlencoded({ ...base, [field]: value }));
    // Raw bytes that are not UTF-8, and their percent-encoded form.
    const rest = encode(Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)));
    const raw = Buffer.concat([Buffer.from(`${rest}${rest ? "&" : ""}${field}=Maria`), INVALID_UTF8]);
    add(`invalid UTF-8 bytes in ${field}`, { body: raw, contentType: "application/x-www-form-urlencoded" });
    add(`percent-encoded invalid UTF-8 in ${field}`, urlencoded(`${rest}${rest ? "&" : ""}${field}=Maria%C3%28%FF%FE`));
  }

  // Wrong content types.
  add("JSON body", { body: JSON.stringify(base), contentType: "application/json" });
  add("JSON body that does not parse", { body: '{"nome": "Maria",', contentType: "application/json" });
  add("text/plain body", { body: encode(base), contentType: "text/plain;charset=UTF-8" });
  add("XML body", { body: `<?xml version="1.0"?><form><nome>${XSS}</nome></form>`, contentType: "application/xml" });
  add("urlencoded fields without a content type", { body: encode(base), contentType: null });
  const multipart = new FormData();
  for (const [key, value] of Object.entries(base)) multipart.append(key, value);
  multipart.append(names[0] ?? "arquivo", new Blob([XSS], { type: "text/html" }), "ataque.html");
  add("multipart with a file in a text field", { body: multipart });
  add("multipart with a broken boundary", {
    body: `--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\nvalor\r\n--abc`,
    contentType: "multipart/form-data; boundary=outra-coisa",
  });
  add("multipart without a boundary", { body: "qualquer coisa", contentType: "multipart/form-data" });

  // Over the body limit: refused by server.js before any parsing.
  add("oversized body", urlencoded({ ...base, extra: "y".repeat(MAX_BODY_BYTES + 1024) }), { expectStatus: 413 });

  if (spec.accepted) {
    const good = spec.accepted.fields;
    for (const field of spec.accepted.validated) {
      for (const [label, value] of Object.entries(HOSTILE_VALUES)) {
        add(`otherwise valid, ${label} in ${field}`, urlencoded({ ...good, [field]: value }));
      }
      const { [field]: _dropped, ...rest } = good;
      add(`otherwise valid, missing ${field}`, urlencoded(rest));
    }
    const twice = new URLSearchParams(good);
    for (const field of spec.accepted.validated) twice.append(field, good[field]);
    add("otherwise valid, every validated field twice", urlencoded(twice.toString()));
  }
  if (spec.json) {
    const { item, body, validated } = spec.json;
    const json = (value: unknown): Body => ({ body: JSON.stringify(value), contentType: "application/json" });
    // Bodies of the wrong shape: no wrapper, an empty item, not an object at all.
    for (const value of [null, [], "texto", 42, item, body({})]) add(`JSON ${JSON.stringify(value).slice(0, 60)}`, json(value));
    for (const field of validated) {
      for (const [label, value] of Object.entries(HOSTILE_VALUES))
        add(`JSON, ${label} in ${field}`, json(body({ ...item, [field]: value })));
      for (const value of [null, 42, true, [], {}])
        add(`JSON, ${JSON.stringify(value)} in ${field}`, json(body({ ...item, [field]: value })));
      const { [field]: _dropped, ...rest } = item;
      add(`JSON, missing ${field}`, json(body(rest)));
    }
  }
  if (spec.honeypot) {
    add("honeypot filled in", urlencoded({ ...(spec.accepted?.fields ?? base), website: "https://spam.example" }), {
      honeypotPath: true,
    });
  }
  return cases;
}

let server: RunningServer;
let sessions: Sessions;
let actionRoutes: RouteInfo[];
/** A lead that exists (the one the sessions created), over the route table's example parameters. */
const params: Record<string, string> = {};

test.beforeAll(async () => {
  actionRoutes = routeTable().filter((route) => route.hasAction);
  server = await startServer(
    {
      ...E2E_ENV,
      MAX_BODY_BYTES: String(MAX_BODY_BYTES),
      RATE_LIMIT_PUBLIC_FORMS: "1000000",
      RATE_LIMIT_LOGIN: "1000000",
    },
    { quiet: true },
  );
  sessions = await openSessions(server.url);
  helperKey = await downloadHelperKey(server.url, sessions.operator);
  params.id = leadIdIn(server.databasePath);
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

test("every action in the route table has an entry in the hostile-input table", () => {
  const paths = actionRoutes.map((route) => route.path);
  expect(paths.length).toBeGreaterThanOrEqual(7);
  for (const path of paths) expect(SPECS[path], `add "${path}" to SPECS in tests/process/hostile-input.spec.ts`).toBeDefined();
});

/** The helper's key (decision 070), from a start script the operator downloaded. */
let helperKey = "";

/** Sends one case as a document request and as React Router's data request (/path.data). */
async function send(url: string, session: SessionKind, body: Body, cookie = sessions[session], bearer = false) {
  const headers: Record<string, string> = { Origin: server.url };
  if (bearer) headers.Authorization = `Bearer ${helperKey}`;
  if (body.contentType) headers["Content-Type"] = body.contentType;
  if (cookie) headers.Cookie = cookie;
  const init: RequestInit & { duplex?: string } = { method: "POST", headers, body: body.body, redirect: "manual" };
  if (body.contentType === null && body.body !== null) {
    // fetch would add text/plain for a string: send bytes, which carry no content type.
    init.body = new Uint8Array(Buffer.from(String(body.body)));
  }
  const response = await fetch(server.url + url, init);
  return { response, text: await response.text() };
}

const ACCEPTED_REFUSAL_TEXTS =
  /Envie o formulário pela página do site|Não foi possível ler o formulário|Requisição grande demais/;

async function attack(route: RouteInfo, spec: ActionSpec, url: string) {
  const failures: string[] = [];
  let before: Snapshot = snapshot(server.databasePath);
  for (const item of casesFor(spec)) {
    for (const target of [url, `${url}.data`]) {
      const label = `${target} · ${spec.session} · ${item.name}`;
      // Logout ends the session it is sent with: each case logs in afresh (so the shared admin
      // session stays open for the other routes), and only that session's own row may go.
      let cookie = sessions[spec.session];
      if (spec.bodyIgnored) {
        cookie = await adminSession(server.url);
        before = snapshot(server.databasePath);
      }
      let status: number;
      let text: string;
      let location: string | null;
      let contentType: string;
      try {
        const { response, text: body } = await send(target, spec.session, item.body, cookie, spec.bearer);
        status = response.status;
        text = body;
        location = response.headers.get("Location");
        contentType = response.headers.get("Content-Type") ?? "";
      } catch (error) {
        failures.push(`${label}: request failed (${(error as Error).message})`);
        continue;
      }
      const isData = target.endsWith(".data");
      if (status >= 500) failures.push(`${label}: ${status}`);
      else if (item.expectStatus && status !== item.expectStatus)
        failures.push(`${label}: ${status}, expected ${item.expectStatus}`);
      else if (spec.bodyIgnored) {
        // Logout: the body does not matter; the answer ends the session and goes to the login page.
        const ok = isData ? status === 202 || (status >= 400 && status < 500) : status === 303 && location === "/login-admin";
        if (!ok && !(status >= 400 && status < 500)) failures.push(`${label}: ${status} ${location ?? ""}`);
      } else if (item.honeypotPath) {
        if (![303, 202].includes(status) && !(status >= 400 && status < 500)) failures.push(`${label}: ${status}`);
      } else if (status < 400) {
        failures.push(`${label}: ${status} ${location ?? ""} (accepted, expected a refusal)`);
      } else if (!isData && contentType.includes("text/html") && !spec.message.test(text) && !ACCEPTED_REFUSAL_TEXTS.test(text)) {
        failures.push(`${label}: ${status} without a message on the page`);
      }
      // A page that shows what was typed must escape it (data responses are not HTML).
      if (contentType.includes("text/html") && (text.includes('<script>alert("xss")') || text.includes("<img src=x onerror"))) {
        failures.push(`${label}: hostile markup echoed unescaped`);
      }

      const after = snapshot(server.databasePath);
      const comparable = (tables: Snapshot) => (spec.bodyIgnored ? { ...tables, admin_sessions: undefined } : tables);
      if (JSON.stringify(comparable(after)) !== JSON.stringify(comparable(before))) {
        failures.push(`${label}: the database changed (${status})`);
        before = after;
      }
    }
  }
  return failures;
}

for (const [path, spec, variant] of [
  ...Object.entries(SPECS).map(([path, spec]) => [path, spec, ""] as const),
  ["whatsapp/:slug", ADMIN_MANAGEMENT, " (admin session)"] as const,
]) {
  test(`POST /${path}${variant}: hostile bodies are refused, never a 5xx, no row changes`, async () => {
    const route = actionRoutes.find((r) => r.path === path);
    test.skip(!route, `${path} has no action in this build`);
    // The admin login waits up to 3 s before each check once an e-mail's failures grow (by design),
    // and every hostile case here is a failure: that test is slow on any machine.
    test.slow(path === "login-admin", "the login's per-e-mail delay");
    const failures = await attack(route!, spec, exampleUrl(route!, params));
    expect(failures, failures.slice(0, 40).join("\n")).toEqual([]);
  });
}

test("a post to a route without an action is a 405, never a 5xx, and changes nothing", async () => {
  const before = snapshot(server.databasePath);
  const withoutAction = routeTable().filter((route) => !route.hasAction);
  expect(withoutAction.length).toBeGreaterThan(10);
  for (const route of withoutAction) {
    const url = exampleUrl(route);
    const { response } = await send(url, "anonymous", urlencoded({ nome: XSS }));
    expect(response.status, `POST ${url}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `POST ${url}`).toBeLessThan(500);
  }
  expect(snapshot(server.databasePath)).toEqual(before);
});

const HOSTILE_QUERY_NAMES = [
  "q",
  "busca",
  "pagina",
  "area",
  "origem",
  "perfil",
  "de",
  "ate",
  "tipo",
  "curso",
  "polo",
  "polos",
  "download",
  "embed",
  "enviado",
  "redirectTo",
  "formato",
];
const HOSTILE_QUERY_VALUES = [
  "%FF%FE",
  "%00",
  "%",
  encodeURIComponent(XSS),
  encodeURIComponent("'; DROP TABLE leads; --"),
  "-1e400",
  "9".repeat(40),
  "x".repeat(8 * 1024),
];

// One test per route with a loader: a slow machine fails no route for the time the others took,
// and a failure names its route.
for (const route of routeTable().filter((r) => r.hasLoader)) {
  test(`hostile query strings and path segments on /${route.path} [${route.id}], with every session, never give a 5xx`, async () => {
    const before = snapshot(server.databasePath);
    const urls = [exampleUrl(route, params)];
    // The route's own parameters, hostile too.
    if (/[:*]/.test(route.path)) {
      for (const value of ["%FF", "%3Cscript%3E", "..%2f..%2fetc%2fpasswd", "%00"]) {
        urls.push(urlFor(route, { slug: value, id: value, perfil: value, "*": value }));
      }
    }
    const failures: string[] = [];
    for (const session of ["anonymous", "visitorWithLead", "admin", "operator"] as const) {
      for (const base of urls) {
        for (const value of HOSTILE_QUERY_VALUES) {
          const url = `${base}?${HOSTILE_QUERY_NAMES.map((name) => `${name}=${value}`).join("&")}`;
          const response = await fetch(server.url + url, {
            redirect: "manual",
            headers: sessions[session] ? { Cookie: sessions[session] } : {},
          });
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`GET ${url.slice(0, 120)} (${session}): ${response.status}`);
        }
      }
    }
    expect(failures, failures.slice(0, 30).join("\n")).toEqual([]);
    // A start script's download makes its key (decision 070): the one write a GET is meant to make.
    const makesKeys = route.path.startsWith("whatsapp/iniciar-whatsapp-helper");
    const comparable = (tables: ReturnType<typeof snapshot>) =>
      makesKeys ? { ...tables, whatsapp_helper_keys: undefined } : tables;
    expect(comparable(snapshot(server.databasePath))).toEqual(comparable(before));
  });
}

test("the accepted submissions really are accepted (the table above can tell), each with its consent recorded", async () => {
  for (const [path, spec] of Object.entries(SPECS)) {
    if (!spec.accepted) continue;
    const email = `aceito.${path.replace(/\W/g, "")}@example.com`;
    const fields = { ...spec.accepted.fields, ...(spec.accepted.fields.email ? { email } : {}) };
    const before = snapshot(server.databasePath);
    const { response } = await send(exampleUrl({ path }, params), spec.session, urlencoded(fields));
    expect(response.status, path).toBe(303);
    expect(snapshot(server.databasePath).leads.rows, path).toBe(before.leads.rows + 1);
    // LGPD: the new lead carries when consent was given and which text version.
    const db = new Database(server.databasePath, { readonly: true });
    const row = db.prepare("SELECT consentimento_em, consentimento_versao FROM leads WHERE email = ?").get(email) as Record<
      string,
      string | null
    >;
    db.close();
    expect(row.consentimento_em, path).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.consentimento_versao, path).toBeTruthy();
  }
});
