import { createHmac } from "node:crypto";

import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { campaignContent } from "~/features/campaign/campaign.server";
import { activeCourses, activePolos } from "~/features/courses/courses.server";
import { createEmailWorker, smtpTransport } from "~/features/email/outbox.server";
import { isOptedOut, recordOptOut } from "~/features/email/person-emails.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/features/email/unsubscribe-page";
import { siteClaims } from "~/features/home/home.server";
import { getInstitution, institutionContent } from "~/features/institution/institution.server";
import { action as enrolmentAction } from "~/features/leads/forms/enrolment-page";
import { saveLead } from "~/features/leads/save.server";
import { getSingleton, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";
import { action as leadAction } from "~/features/vocational/form";
import { action as questionsAction } from "~/features/vocational/questions";
import { loader as resultLinkLoader } from "~/features/vocational/result-link";
import { loader as resultLoader } from "~/features/vocational/result-profile";
import { saveTestResult } from "~/features/vocational/vocational.server";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

import { brokenRules, PROMISE_OVER, RECOGNITION_WITHOUT_ACTS, UNFILLED } from "../../../tests/support/claim-rules";
import { type LocalSmtp, startLocalSmtp } from "../../../tests/support/local-smtp";
import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { insertStaffUser } from "../../../tests/support/seed";

/**
 * E-mails to the person (decision 100) against a real SMTP server (smtp-server on a free port),
 * parsed with mailparser: the confirmation after /inscricao, the vocational result with its signed
 * 30-day link (opened through the loaders; tampered and expired links refused), the unsubscribe
 * link's one-click post, and the consent rule. The clock is pinned (decision 059).
 */

let now = Date.parse("2026-11-24T12:00:00Z");
const arrived: ParsedMail[] = [];
let smtp: LocalSmtp;

beforeAll(async () => {
  setClockForTests(() => now);
  smtp = await startLocalSmtp({
    onMessage(mail) {
      arrived.push(mail);
    },
  });
  // A brand the studio names, not the configured default: the e-mails carry the studio's.
  const stored = getSingleton(institutionContent);
  const saved = saveEntry(institutionContent, {
    id: SINGLETON_ID,
    data: { ...stored.data, brandName: "Instituto Teste Ômega", companyName: "Ômega Educação Ltda." },
    expectedVersion: stored.version,
    by: "teste",
  });
  expect(saved.ok).toBe(true);
  // The only available comercial user, whose account reads as a name: distribution gives every lead to her.
  const sqlite = new Database(config.databasePath);
  sqlite.prepare("UPDATE admin_users SET away = 1 WHERE role = 'comercial'").run();
  await insertStaffUser(sqlite, "comercial", { email: "joana.pereira@equipe.example.org" });
  sqlite.close();
});
afterAll(async () => {
  resetClock();
  await smtp.close();
});
beforeEach(() => {
  now = Date.parse("2026-11-24T12:00:00Z");
  db.delete(schema.emailOutbox).run();
  arrived.length = 0;
  resetAllRateLimits();
  process.env.SMTP_URL = "smtp://127.0.0.1:1";
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

/** Sends what the outbox holds to the local SMTP server; every message that arrived, staff alerts included. */
async function deliverAll(): Promise<ParsedMail[]> {
  const worker = createEmailWorker({
    transport: smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }),
  });
  await worker.runDue();
  await worker.stop();
  return arrived.splice(0);
}

async function deliver(): Promise<ParsedMail[]> {
  // The staff alerts of distribution (decision 086) go to the team's addresses: not the subject here.
  return (await deliverAll()).filter((mail) => !JSON.stringify(mail.to).includes("@equipe.example.org"));
}

/** A raw header line, unfolded (RFC 5322: a long line is folded at a space). */
const header = (mail: ParsedMail, name: string) =>
  (mail.headerLines.find((line) => line.key === name)?.line ?? "").replace(/\r\n/g, "");
const personRows = (email: string) =>
  db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, email)).orderBy(schema.emailOutbox.id).all();

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@example.com`;

function enrol(email: string, origem = "inscricao") {
  const fields = {
    nome: "Maria Aparecida da Silva",
    telefone: "31 98765-4321",
    email,
    cidade: "Belo Horizonte",
    curso: activeCourses()[0].name,
    polo: activePolos()[0].location,
    consentimento: "on",
    origem,
    [HONEYPOT_FIELD]: "",
  };
  return enrolmentAction(args(formRequest("/inscricao", fields, { headers: { "X-Client-Ip": "203.0.113.20" } })));
}

/** The lead form, then the 20 answers (all "C": the technology profile), without JavaScript. */
async function finishTest(email: string): Promise<void> {
  const lead = {
    fullName: "Maria da Silva",
    phone: "31 98765-4321",
    email,
    workStatus: "carteira_assinada",
    workArea: "saude",
    workSatisfaction: "gosto_muito",
    careerGoal: "nova_area",
    desiredArea: "saude_bem_estar",
  };
  const started = (await leadAction(args(formRequest("/teste-vocacional", lead)))) as Response;
  expect(started.status).toBe(303);
  let cookie = cookieFrom(started);
  for (let page = 1; page <= 4; page++) {
    const fields: Record<string, string> = { pagina: String(page), intent: page === 4 ? "resultado" : "proximo" };
    for (let i = 1; i <= 5; i++) fields[`q${(page - 1) * 5 + i}`] = "C";
    const result = await settle(() =>
      questionsAction(args(formRequest(`/teste-vocacional/perguntas?pagina=${page}`, fields, { cookie }))),
    );
    expect(result).toBeInstanceOf(Response);
    cookie = cookieFrom(result as Response, cookie);
  }
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`${config.siteUrl}${path}/(\\S+)`).exec(text);
  expect(match, `a link to ${path} in the e-mail`).not.toBeNull();
  return match![1];
};

describe("the confirmation after /inscricao", () => {
  it("arrives with the studio's brand, the owner's first name, pt-BR text and HTML parts and one-click unsubscribe", async () => {
    const email = uniqueEmail("confirmacao");
    expect(statusOf(await settle(() => enrol(email)))).toBe(303);
    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    const brand = getInstitution().brandName;
    expect(brand).toBe("Instituto Teste Ômega");
    expect(mail.subject).toBe(`${brand}: recebemos seus dados`);
    expect(JSON.stringify(mail.to)).toContain(email);
    expect(mail.from?.value[0].name).toBe(brand);
    expect(header(mail, "content-language")).toBe("Content-Language: pt-BR");
    expect(mail.text).toContain("Olá, Maria!");
    expect(mail.text).toContain(`Recebemos seus dados na ${brand}.`);
    expect(mail.text).toContain("Joana, da nossa equipe, vai entrar em contato com você");
    expect(mail.text).toContain("Instituto Teste Ômega · Ômega Educação Ltda.");
    expect(mail.text).toContain(`Curso de interesse: ${activeCourses()[0].name}`);
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain("Joana, da nossa equipe");
    // No one's phone or e-mail: not the owner's, not even the person's own phone.
    for (const part of [mail.text, mail.html as string]) {
      expect(part).not.toContain("joana.pereira@");
      expect(part).not.toContain("98765");
    }
    const token = linkIn(mail.text ?? "", "/e-mail/descadastrar");
    expect(header(mail, "list-unsubscribe")).toBe(`List-Unsubscribe: <${config.siteUrl}/e-mail/descadastrar/${token}>`);
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.html).toContain(`/e-mail/descadastrar/${token}`);
  });

  it("a repeated post of the same form sends no second confirmation", async () => {
    const email = uniqueEmail("repetida");
    await settle(() => enrol(email));
    await settle(() => enrol(email));
    expect(personRows(email).filter((row) => row.kind === "person.confirmation")).toHaveLength(1);
  });
});

describe("the confirmation after the vocational test's lead form", () => {
  it("a person who stops before the result still gets the confirmation", async () => {
    const email = uniqueEmail("vocacional.parou");
    const started = (await leadAction(
      args(
        formRequest("/teste-vocacional", {
          fullName: "Maria da Silva",
          phone: "31 98765-4321",
          email,
          workStatus: "carteira_assinada",
          workArea: "saude",
          workSatisfaction: "gosto_muito",
          careerGoal: "nova_area",
          desiredArea: "saude_bem_estar",
        }),
      ),
    )) as Response;
    expect(started.status).toBe(303);
    // No answer posted: the test stops here.
    const mails = (await deliver()).filter((mail) => JSON.stringify(mail.to).includes(email));
    expect(mails.map((mail) => mail.subject)).toEqual([`${getInstitution().brandName}: recebemos seus dados`]);
    expect(mails[0].text).toContain("Olá, Maria!");
  });

  it("without the e-mail consent, or for an address that opted out, the lead's history says why none was sent", () => {
    const noConsent = uniqueEmail("vocacional.sem.consentimento");
    const noConsentId = saveLead({
      origem: "teste_vocacional",
      nome: "Pedro Souza",
      telefone: "31 91234-5678",
      email: noConsent,
    });
    expect(personRows(noConsent)).toEqual([]);
    const optedOut = uniqueEmail("vocacional.descadastrado");
    recordOptOut(optedOut, "page", new Date(now));
    const optedOutId = saveLead({
      origem: "teste_vocacional",
      nome: "Pedro Souza",
      telefone: "31 91234-5678",
      email: optedOut,
      consentimento_versao: "teste-vocacional-v1",
    });
    expect(personRows(optedOut)).toEqual([]);
    const notes = (leadId: number) =>
      db
        .select()
        .from(schema.leadNotes)
        .where(eq(schema.leadNotes.leadId, leadId))
        .all()
        .map((note) => note.text);
    expect(notes(noConsentId)).toContain("Confirmação por e-mail não enviada: sem o consentimento para receber e-mails.");
    expect(notes(optedOutId)).toContain("Confirmação por e-mail não enviada: este endereço pediu para não receber e-mails.");
  });
});

describe("the unsubscribe link", () => {
  it("the page asks first; the mail client's one-click post (no Origin) records it and nothing more is queued", async () => {
    const email = uniqueEmail("descadastro");
    await settle(() => enrol(email));
    const [mail] = await deliver();
    const token = linkIn(mail.text ?? "", "/e-mail/descadastrar");
    const path = `/e-mail/descadastrar/${token}`;

    const page = payload(await unsubscribeLoader(args(getRequest(path), { token })));
    expect(page).toMatchObject({ state: "confirm", address: "de***@example.com" });
    expect(isOptedOut(email)).toBe(false);

    // RFC 8058: the provider's servers post the body, with no Origin header and no cookie.
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const answer = await settle(() => unsubscribeAction(args(request, { token })));
    expect(statusOf(answer)).toBe(200);
    expect(payload(answer)).toMatchObject({ state: "done" });
    expect(isOptedOut(email)).toBe(true);
    expect(payload(await unsubscribeLoader(args(getRequest(path), { token })))).toMatchObject({ state: "done" });

    // The next form of the same person (another origin: a new lead) queues no e-mail to them.
    expect(statusOf(await settle(() => enrol(email, "bolsa")))).toBe(303);
    expect(personRows(email)).toHaveLength(1);
    expect(await deliver()).not.toContainEqual(expect.objectContaining({ subject: expect.stringContaining("recebemos") }));
  });

  it("the link carries no personal data (the lead's id and a signature); a link of the older format still works", async () => {
    const email = uniqueEmail("opaco");
    await settle(() => enrol(email));
    const row = personRows(email)[0];
    const token = linkIn(row.textBody, "/e-mail/descadastrar");
    expect(token).toMatch(/^[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
    expect(token.split(".")[0]).toBe(String(row.leadId));
    for (const text of [row.textBody, row.htmlBody, row.unsubscribeUrl ?? ""]) {
      expect(text).not.toContain(Buffer.from(email).toString("base64url"));
      expect(text).not.toContain(`descadastrar/${encodeURIComponent(email)}`);
    }
    expect(payload(await unsubscribeLoader(args(getRequest("/"), { token })))).toMatchObject({ state: "confirm" });
    // Another lead's id with this signature opens nothing.
    const forged = `${row.leadId! + 1}.${token.split(".")[1]}`;
    expect(statusOf(await unsubscribeLoader(args(getRequest("/"), { token: forged })))).toBe(400);

    // Links in e-mails sent before this format (the address in base64url, signed) keep working.
    const legacyEmail = uniqueEmail("antigo");
    const legacy = `${Buffer.from(legacyEmail).toString("base64url")}.${createHmac(
      "sha256",
      createHmac("sha256", config.sessionSecret).update("email-links/v1").digest(),
    )
      .update(["unsubscribe", legacyEmail].join("\n"))
      .digest("base64url")}`;
    expect(payload(await unsubscribeLoader(args(getRequest("/"), { token: legacy })))).toMatchObject({ state: "confirm" });
  });

  it("the page's button (a plain form post) records it and comes back to the page; a tampered token changes nothing", async () => {
    const email = uniqueEmail("botao");
    await settle(() => enrol(email));
    const token = linkIn(personRows(email)[0].textBody, "/e-mail/descadastrar");
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const refused = await settle(() =>
      unsubscribeAction(args(formRequest(`/e-mail/descadastrar/${tampered}`, { [HONEYPOT_FIELD]: "" }), { token: tampered })),
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).message).toMatch(/link de descadastro não é válido/);
    expect(statusOf(await unsubscribeLoader(args(getRequest("/"), { token: tampered })))).toBe(400);
    expect(isOptedOut(email)).toBe(false);

    const answer = await settle(() =>
      unsubscribeAction(args(formRequest(`/e-mail/descadastrar/${token}`, { [HONEYPOT_FIELD]: "" }), { token })),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe(`/e-mail/descadastrar/${token}`);
    expect(isOptedOut(email)).toBe(true);
    // The confirmation still waiting in the outbox is not sent.
    expect(personRows(email)[0]).toMatchObject({ status: "failed" });
    expect(await deliver()).toEqual([]);
  });
});

describe("the claims rules over every e-mail, with the campaign running and after it ended", () => {
  /** Every message the site sent (person and staff), as the words a reader sees: subject, text and HTML without tags. */
  async function everyMailRead(): Promise<{ subject: string; words: string }[]> {
    return (await deliverAll()).map((mail) => ({
      subject: mail.subject ?? "",
      words: [mail.subject, mail.text, String(mail.html || "").replace(/<[^>]+>/g, " ")].join("\n").replace(/\s+/g, " "),
    }));
  }

  it("no unfilled {token}, no sentence whose figure was removed, and no 24-hour promise once it ended", async () => {
    const running = getSingleton(campaignContent);
    for (const state of ["running", "ended"] as const) {
      if (state === "ended") {
        const current = getSingleton(campaignContent);
        const ended = saveEntry(campaignContent, {
          id: SINGLETON_ID,
          data: { ...current.data, endMode: "ended" },
          expectedVersion: current.version,
          by: "teste",
        });
        expect(ended.ok).toBe(true);
      }
      await enrol(uniqueEmail(`walk.${state}.inscricao`));
      await finishTest(uniqueEmail(`walk.${state}.teste`));
      const mails = await everyMailRead();
      // The confirmation after /inscricao, the test's confirmation and result, and the team's alerts.
      expect(mails.length, `${state}: ${mails.map((mail) => mail.subject).join(" | ")}`).toBeGreaterThanOrEqual(3);
      expect(mails.some((mail) => mail.subject.startsWith("Seu resultado no teste vocacional"))).toBe(true);
      for (const mail of mails) {
        // The seed enters no recognition act: no e-mail may claim one.
        const always = [...UNFILLED, ...RECOGNITION_WITHOUT_ACTS];
        const rules = state === "ended" ? [...always, ...PROMISE_OVER] : always;
        expect(brokenRules(mail.words, rules), `${state}: ${mail.subject}`).toEqual([]);
      }
    }
    const current = getSingleton(campaignContent);
    saveEntry(campaignContent, { id: SINGLETON_ID, data: running.data, expectedVersion: current.version, by: "teste" });
  });
});

describe("the vocational result e-mail", () => {
  it("carries the profile, the courses with links, the studio's scholarship and a signed link that opens the result", async () => {
    const email = uniqueEmail("resultado");
    await finishTest(email);
    const mails = await deliver();
    const mail = mails.find((m) => m.subject?.startsWith("Seu resultado no teste vocacional"));
    expect(mail, mails.map((m) => m.subject).join(", ")).toBeDefined();
    expect(mail!.subject).toBe("Seu resultado no teste vocacional: perfil Tecnologia & Engenharias");
    expect(mail!.text).toContain("Olá, Maria!");
    expect(mail!.text).toContain(`Seu perfil no teste vocacional da ${getInstitution().brandName}: Tecnologia & Engenharias.`);
    expect(mail!.text).toContain(`com bolsas de até ${siteClaims(new Date(now)).selectedBolsa}.`);
    expect(mail!.text).toMatch(new RegExp(`- .+: ${config.siteUrl}/`));
    expect(mail!.text).toContain("funciona até 24/12/2026");
    expect(header(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    const token = linkIn(mail!.text ?? "", "/teste-vocacional/resultado/acesso");
    // Another browser (no cookie) opens the link: it lands on the result page with this test.
    const opened = (await resultLinkLoader(
      args(getRequest(`/teste-vocacional/resultado/acesso/${token}`), { token }),
    )) as Response;
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/teste-vocacional/resultado/tecnologia");
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = cookieFrom(opened);
    const result = payload(
      await resultLoader(args(getRequest("/teste-vocacional/resultado/tecnologia", { cookie }), { perfil: "tecnologia" })),
    );
    expect(result).toMatchObject({ nome: "Maria", perfil: "tecnologia", slug: "tecnologia" });

    // Altered: another lead's id with this signature, a changed signature.
    const [id, expires, signature] = token.split(".");
    for (const bad of [`${Number(id) - 1}.${expires}.${signature}`, `${id}.${expires}.${signature.slice(0, -2)}xx`, "x"]) {
      const refused = await resultLinkLoader(args(getRequest(`/teste-vocacional/resultado/acesso/${bad}`), { token: bad }));
      expect(statusOf(refused), bad).toBe(400);
      expect(payload(refused)).toMatchObject({ title: "Link inválido" });
    }
    // 31 days later the link has expired.
    now += 31 * 24 * 60 * 60 * 1000;
    const expired = await resultLinkLoader(args(getRequest(`/teste-vocacional/resultado/acesso/${token}`), { token }));
    expect(statusOf(expired)).toBe(410);
    expect(payload(expired)).toMatchObject({ title: "Link expirado" });
    expect(JSON.stringify(payload(expired))).not.toContain("Maria");
  });

  it("without the consent stored with the lead no result e-mail is queued (it carries offers)", async () => {
    const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i + 1, "A" as const]));
    for (const consent of [undefined, "versao-desconhecida"]) {
      const email = uniqueEmail("sem.consentimento");
      const leadId = saveLead({
        origem: "teste_vocacional",
        nome: "Pedro Souza",
        telefone: "31 91234-5678",
        email,
        consentimento_versao: consent,
      });
      expect(saveTestResult(leadId, answers)).toBe("saude");
      expect(personRows(email)).toEqual([]);
    }
  });
});
