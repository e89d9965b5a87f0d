import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { isOptOutText, OptOutList } from "../src/optout.js";
import { jidToE164, jidToNumber, normalizeNumber, numberKey, numberProblem, toE164 } from "../src/phone.js";
import { personalise } from "../src/queue.js";

describe("normalizeNumber", () => {
  it("adds 55 to 10 and 11-digit Brazilian numbers", () => {
    expect(normalizeNumber("31999998888")).toBe("5531999998888");
    expect(normalizeNumber("(31) 3333-4444")).toBe("553133334444");
  });
  it("keeps numbers that already have a country code or other lengths", () => {
    expect(normalizeNumber("5531999998888")).toBe("5531999998888");
    expect(normalizeNumber("12345678")).toBe("12345678");
  });
});

describe("numbers: Brazilian, or + and a country code (decision 064)", () => {
  it("never adds 55 to a number written with +", () => {
    expect(normalizeNumber("+1 415 555 2671")).toBe("14155552671");
    expect(normalizeNumber("+34 912 345 678")).toBe("34912345678");
    expect(normalizeNumber("+55 31 99999-0001")).toBe("5531999990001");
  });
  it("accepts Brazilian numbers with or without 55 and the ninth digit, and valid +CC numbers", () => {
    for (const ok of ["31999990001", "3199990001", "(31) 3333-4444", "5531999990001", "+1 415 555 2671", "+34 612 345 678"]) {
      expect(numberProblem(ok), ok).toBeNull();
    }
  });
  it("refuses foreign-looking digits without +, numbers without DDD and invalid +CC numbers, in pt-BR", () => {
    expect(numberProblem("14155552671")).toMatch(/não é um número brasileiro válido/); // +1 lost
    expect(numberProblem("12345678")).toMatch(/não é um número brasileiro válido/);
    expect(numberProblem("20 9999-0001")).toMatch(/não é um número brasileiro válido/); // no DDD 20
    expect(numberProblem("+1 555 555 5555")).toMatch(/número internacional inválido/);
    expect(numberProblem("+55 31 1234-5678")).toMatch(/não é um número brasileiro válido/);
  });
});

describe("numberKey", () => {
  it("matches Brazilian mobiles with and without the ninth digit", () => {
    expect(numberKey("5531999998888")).toBe(numberKey("553199998888"));
    expect(numberKey("5531999998888")).not.toBe(numberKey("5531999997777"));
  });
});

describe("every number in E.164: one person's number never names another", () => {
  it.each([
    ["(31) 99999-8888", "+5531999998888"],
    ["31999998888", "+5531999998888"],
    ["5531999998888", "+5531999998888"],
    ["+55 31 99999-8888", "+5531999998888"],
    ["(31) 3333-4444", "+553133334444"],
    ["(14) 95555-0100", "+5514955550100"],
    // an American's number with or without its +: never 55 + 14 + 155550100
    ["14155550100", "+14155550100"],
    ["+14155550100", "+14155550100"],
    ["+1 (415) 555-0100", "+14155550100"],
    ["34612345678", "+34612345678"],
    ["", ""],
  ])("%s is %s", (written, e164) => {
    expect(toE164(written)).toBe(e164);
  });

  it("an American's STOP and the Brazilian lead (14) 95555-0100 are two people", () => {
    expect(numberKey(toE164("14155550100"))).toBe("14155550100");
    expect(numberKey(toE164("(14) 95555-0100"))).toBe("551455550100");
    expect(numberKey("14155550100")).not.toBe(numberKey(toE164("(14) 95555-0100")));
    // the number as the site once stored it (55 prepended) is no Brazilian number: its own key
    expect(numberKey("5514155550100")).not.toBe(numberKey("5514955550100"));
  });

  it("a WhatsApp id's digits are international as they are", () => {
    expect(jidToE164("14155550100@s.whatsapp.net")).toBe("+14155550100");
    expect(jidToE164("5531999998888:3@s.whatsapp.net")).toBe("+5531999998888");
    expect(jidToE164(null)).toBe("");
  });
});

describe("jidToNumber", () => {
  it("takes the user part of a WhatsApp id", () => {
    expect(jidToNumber("5531999998888:12@s.whatsapp.net")).toBe("5531999998888");
    expect(jidToNumber(null)).toBe("");
  });
});

describe("isOptOutText", () => {
  it.each([
    "SAIR",
    "sair",
    " Sair ",
    "PARAR",
    "parar!",
    "Párar.",
    "  SAÍR  ",
    "Pare",
    "PARA",
    "STOP",
    "stop.",
    "Cancelar",
    "DESCADASTRAR",
    "SAIR 🙏",
    "sair sair",
    "Sair, por favor",
    "Oi, quero sair",
    "quero sair",
    "Quero sair da lista",
    "Gostaria de ser removida da lista",
    "Não quero mais",
    "eu não quero mais",
    "nao quero mais receber",
    "Não quero receber mais mensagens",
    "não quero mais receber essas mensagens",
    "me tire da lista",
    "Me tira dessa lista!",
    "tire-me da lista",
    "remova meu número",
    "me remova",
    "pare de enviar",
    "Parem de me mandar mensagens",
    "Por favor, pare de enviar mensagens. Obrigado",
    "não me mande mais mensagens",
    "nao envie mais",
    "sair da lista",
    "cancelar inscrição",
    "Me descadastre, por favor",
    "descadastre-me da lista",
    "Remover",
    "Parem!",
  ])("'%s' opts out", (text) => {
    expect(isOptOutText(text)).toBe(true);
  });
  it.each([
    "vou sair mais cedo hoje",
    "Posso sair às 18h?",
    "quero sair com a turma",
    "sair de casa",
    "sair agora",
    "quero saber mais",
    "pode parar aqui",
    "pare no portão",
    "para quando é a aula?",
    "para mim está ótimo",
    "não quero perder a matrícula",
    "Não quero mais esperar, quero matricular",
    "não quero",
    "não, obrigado",
    "stop motion é legal",
    "cancelar a matrícula do meu filho",
    "quero cancelar a matrícula",
    "me manda mais informações",
    "parei",
    "ok",
    "por favor",
    "",
  ])("'%s' does not", (text) => {
    expect(isOptOutText(text)).toBe(false);
  });
  it("ignores what is not text", () => {
    expect(isOptOutText(undefined)).toBe(false);
    expect(isOptOutText(null)).toBe(false);
  });
});

/**
 * Real phrasings people sent after a campaign (outside testers, 2026-12), each read as the helper
 * reads it: an opt-out recorded at once, or not. Complaints and data requests ("Vou denunciar no
 * Procon", "Exclua meus dados") are no automatic opt-out: the site holds the person ("parece pedido
 * de saída") until a staff member decides (app/features/whatsapp/replies/replies.server.ts).
 */
describe("isOptOutText over real phrasings", () => {
  it.each([
    "Chega de mensagem!!!",
    "chega de mensagens",
    "CHEGA!",
    "Chega disso",
    "chega de spam",
    "Parem de me mandar isso",
    "para de me mandar isso",
    "parem de mandar essas coisas",
    "me tirem da lista",
    "Me tirem dessa lista, por favor!!",
    "me tirem da lista de transmissão de vocês",
    "tira meu número da lista",
    "Não tenho interesse, parem de mandar mensagem",
    "não tenho interesse, me tire da lista",
    "Não me mandem mais nada",
    "não mandem mais mensagens",
    "Não quero receber nada",
    "não quero receber mensagens",
    "Nao quero receber mais nada de voces",
    "me deixem em paz",
    "Me esquece",
    "parem",
    "PARE DE MANDAR MENSAGEM!!!",
    "não me envie mais mensagens por favor",
    "quero sair dessa lista",
    "Sai fora",
    "Para de mandar msg",
  ])("'%s' is an opt-out", (text) => {
    expect(isOptOutText(text)).toBe(true);
  });
  it.each([
    "Chegou?",
    "Chega amanhã?",
    "quando chega o boleto?",
    "chega de ônibus no polo?",
    "quero sair da lista de espera",
    "Parem de enrolar e me mandem o boleto",
    "não me mande o boleto por e-mail, manda aqui",
    "Me manda mais informações sobre o curso",
    "me tira uma dúvida",
    "tira a dúvida: tem aula sábado?",
    "não quero receber o boleto pelo correio",
    "Não tenho interesse",
    "Vou denunciar no Procon",
    "Exclua meus dados",
    "isso é spam",
    "me deixa pensar",
    "esquece, já achei",
  ])("'%s' is not (an answer, or held for a staff member)", (text) => {
    expect(isOptOutText(text)).toBe(false);
  });
});

describe("OptOutList", () => {
  it("persists numbers and matches ninth-digit variants", () => {
    const file = join(mkdtempSync(join(tmpdir(), "optout-")), "opt-out.json");
    const list = new OptOutList(file);
    expect(list.add("553199998888", new Date())).toBe(true);
    expect(list.add("553199998888", new Date())).toBe(false);
    const reloaded = new OptOutList(file);
    expect(reloaded.has("5531999998888")).toBe(true);
    expect(reloaded.has("5531999997777")).toBe(false);
    expect(JSON.parse(readFileSync(file, "utf8")).entries[0].number).toBe("553199998888");
  });
});

describe("an opt-out is never lost, whatever the order (OptOutList)", () => {
  const newList = () => new OptOutList(join(mkdtempSync(join(tmpdir(), "optout-")), "opt-out.json"));

  it("a SAIR after the site's undo but before this helper reloads the list stays, and is reported again", () => {
    const list = newList();
    list.add("5531999998888", new Date("2026-12-01T05:00:00.000Z"));
    list.markReported(list.unreported());
    // undone on the site at 05:14:54; the person writes SAIR at 05:14:59; the reload comes after
    list.add("5531999998888", new Date("2026-12-01T05:14:59.000Z"));
    expect(list.forget([{ number: "+5531999998888", at: "2026-12-01T05:14:54.000Z" }])).toBe(0);
    expect(list.has("5531999998888")).toBe(true);
    expect(list.unreported()).toEqual([expect.objectContaining({ number: "5531999998888", at: "2026-12-01T05:14:59.000Z" })]);
  });

  it("a SAIR from someone the site's list named is a new request of hers, kept after that entry is undone", () => {
    const list = newList();
    list.merge(["+5531999998888"], new Date("2026-12-01T05:00:00.000Z"));
    expect(list.add("5531999998888", new Date("2026-12-01T05:20:00.000Z"))).toBe(true);
    list.forget([{ number: "+5531999998888", at: "2026-12-01T05:10:00.000Z" }]);
    expect(list.has("5531999998888")).toBe(true);
    expect(list.unreported()).toHaveLength(1);
  });

  it("a report that finishes after a new SAIR marks only what it sent", () => {
    const list = newList();
    list.add("5531999998888", new Date("2026-12-01T05:00:00.000Z"));
    const sent = list.unreported().map((entry) => ({ ...entry }));
    list.markReported(sent);
    list.add("5531999998888", new Date("2026-12-01T05:30:00.000Z")); // after the undo, while a report of the old one ends
    list.markReported(sent);
    expect(list.unreported()).toEqual([expect.objectContaining({ at: "2026-12-01T05:30:00.000Z" })]);
  });
});

describe("personalise", () => {
  it("replaces every {nome}", () => {
    expect(personalise("Olá {nome}! Tudo bem, {NOME}? { nome }", "Ana")).toBe("Olá Ana! Tudo bem, Ana? Ana");
    expect(personalise("Olá $& {nome}", "$1")).toBe("Olá $& $1");
  });
});
