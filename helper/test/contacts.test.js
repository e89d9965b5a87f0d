import { describe, expect, it } from "vitest";

import { MIN_CONTACT_DIGITS, parseContactLines, parseContacts, personalise, UNKNOWN_CONTACT_NAME } from "../src/contacts.js";
import { NUMBER_PROBLEMS } from "../src/phone.js";

describe("parseContacts (spec 02 section 5)", () => {
  it("splits by lines, one contact per 'Nome, Número' line", () => {
    expect(parseContacts("Ana, 31999998888\nBruno, 31988887777")).toEqual([
      { name: "Ana", number: "31999998888" },
      { name: "Bruno", number: "31988887777" },
    ]);
  });

  it("accepts Windows and old Mac line endings", () => {
    expect(parseContacts("Ana, 31999998888\r\nBruno, 31988887777\rCarla, 31977776666")).toHaveLength(3);
  });

  it("skips blank and whitespace-only lines", () => {
    expect(parseContacts("\n\nAna, 31999998888\n   \n\t\nBruno, 31988887777\n\n")).toEqual([
      { name: "Ana", number: "31999998888" },
      { name: "Bruno", number: "31988887777" },
    ]);
  });

  it("takes the name from the first part and the number from the second", () => {
    expect(parseContacts("  Maria da Silva  ,  (31) 9 9999-8888  ")).toEqual([{ name: "Maria da Silva", number: "31999998888" }]);
    // a third part is ignored: the number is the second part only
    expect(parseContacts("João, 31 99999-8888, observação 123")).toEqual([{ name: "João", number: "31999998888" }]);
  });

  it("without a comma the name is 'Desconhecido' and the whole line is the number", () => {
    expect(UNKNOWN_CONTACT_NAME).toBe("Desconhecido");
    expect(parseContacts("+55 (31) 99999-8888")).toEqual([{ name: "Desconhecido", number: "5531999998888" }]);
  });

  it("a blank name before the comma is 'Desconhecido'", () => {
    expect(parseContacts(" , 31999998888")).toEqual([{ name: "Desconhecido", number: "31999998888" }]);
  });

  it("strips every non-digit from numbers", () => {
    expect(parseContacts("Ana, +55 (31) 9.9999-8888 ramal")).toEqual([{ name: "Ana", number: "5531999998888" }]);
  });

  it("drops contacts with fewer than 8 digits, and numbers without DDD (decision 064)", () => {
    expect(MIN_CONTACT_DIGITS).toBe(8);
    expect(parseContacts("Ana, 1234567\nBia, 12345678\nCaio, abc\nDani,\nsem numero\nEla, 31 3333-4444")).toEqual([
      { name: "Ela", number: "3133334444" },
    ]);
  });

  it("Brazilian numbers only, unless written with + and a country code (decision 064)", () => {
    const result = parseContactLines(
      "Ann, +1 415 555 2671\nJoe, 1 415 555 2671\nPablo, +34 912 345 678\nLia, +55 (31) 99999-0001\nX, +1 555 555 5555\nZé, 31 1234-5678",
    );
    expect(result.contacts).toEqual([
      { name: "Ann", number: "+14155552671" },
      { name: "Pablo", number: "+34912345678" },
      { name: "Lia", number: "5531999990001" },
    ]);
    expect(result.dropped).toEqual([
      {
        line: 2,
        text: "Joe, 1 415 555 2671",
        reason:
          "não é um número brasileiro válido: depois do DDD vêm 9 dígitos, e um celular de 9 dígitos começa com 9; de outro país, escreva + e o código do país",
      },
      { line: 5, text: "X, +1 555 555 5555", reason: NUMBER_PROBLEMS.badInternational },
      {
        line: 6,
        text: "Zé, 31 1234-5678",
        reason:
          "não é um número brasileiro válido: depois do DDD vêm 8 dígitos começando com 1, e um número de 8 dígitos começa com 2 a 9; de outro país, escreva + e o código do país",
      },
    ]);
  });

  it("returns an empty list for empty or non-string input", () => {
    expect(parseContacts("")).toEqual([]);
    expect(parseContacts(/** @type {any} */ (undefined))).toEqual([]);
  });
});

describe("parseContactLines: the dropped lines and why", () => {
  it("lists each non-blank line that gave no contact, with its line number and a pt-BR reason", () => {
    const result = parseContactLines("Ana, 31999998888\n\nBruno, 123\nCarla\n  sem vírgula 31988887777  \n");
    expect(result.contacts).toEqual([
      { name: "Ana", number: "31999998888" },
      { name: "Desconhecido", number: "31988887777" },
    ]);
    expect(result.dropped).toEqual([
      { line: 3, text: "Bruno, 123", reason: "número com menos de 8 dígitos" },
      { line: 4, text: "Carla", reason: "sem número" },
    ]);
  });

  it("parseContacts gives the same contacts", () => {
    const text = "Ana, 31999998888\nx\nBruno, 31988887777";
    expect(parseContacts(text)).toEqual(parseContactLines(text).contacts);
  });
});

describe("parseContactLines: rows pasted from a spreadsheet, names with commas, 0 + DDD", () => {
  /** @type {[string, string, { name: string, number: string }][]} */
  const accepted = [
    ["a Tab between name and number", "Maria Souza\t(31) 99999-8888", { name: "Maria Souza", number: "31999998888" }],
    ["a Tab, the number first", "31999998888\tMaria", { name: "Maria", number: "31999998888" }],
    ["a Tab, more columns after", "Ana\t31 98888-7777\tana@exemplo.com\tEnfermagem", { name: "Ana", number: "31988887777" }],
    ["a Tab, an empty first column", "\tAna\t31 98888-7777", { name: "Ana", number: "31988887777" }],
    ["a Tab and a comma in the name", "Silva, Maria\t31 99999-8888", { name: "Silva, Maria", number: "31999998888" }],
    ["a ; (CSV in pt-BR)", "João Pedro;31 97777-6666", { name: "João Pedro", number: "31977776666" }],
    ["a ; and a comma in the name", "Souza, João; 31 97777-6666; obs", { name: "Souza, João", number: "31977776666" }],
    ["a comma in the name, the number after", "Silva, Maria, 31 99999-8888", { name: "Silva, Maria", number: "31999998888" }],
    ["a comma, the number first", "31 99999-8888, Maria", { name: "Maria", number: "31999998888" }],
    ["0 + DDD", "Bia, 011 98765-4321", { name: "Bia", number: "11987654321" }],
    ["0 + DDD, a landline", "Bia, (011) 3333-4444", { name: "Bia", number: "1133334444" }],
    ["0xx + DDD", "Bia, 0xx11 98765-4321", { name: "Bia", number: "11987654321" }],
    ["0XX + DDD in a spreadsheet row", "Bia\t0XX11 98765-4321", { name: "Bia", number: "11987654321" }],
    ["0 + carrier + DDD", "Bia, 0 21 11 98765-4321", { name: "Bia", number: "11987654321" }],
    ["55 and no 0", "Bia, 55 11 98765-4321", { name: "Bia", number: "5511987654321" }],
    [
      "the spec's rule: second part is the number",
      "João, 31 99999-8888, observação 123",
      { name: "João", number: "31999998888" },
    ],
  ];
  it.each(accepted)("accepts %s", (_label, line, contact) => {
    expect(parseContactLines(line)).toEqual({ contacts: [contact], dropped: [] });
  });

  const foreign = "; de outro país, escreva + e o código do país";
  /** @type {[string, string, string][]} */
  const skipped = [
    ["a spreadsheet's header row", "Nome\tTelefone", "sem número"],
    ["a name and no number", "Silva, Maria", "sem número"],
    ["too few digits", "Ana; 9999-888", "número com menos de 8 dígitos"],
    ["a DDD that does not exist", "Ana, 20 99999-8888", `não é um número brasileiro válido: o DDD 20 não existe${foreign}`],
    [
      "a 9-digit number not starting with 9",
      "Ana, 31 89999-8888",
      `não é um número brasileiro válido: depois do DDD vêm 9 dígitos, e um celular de 9 dígitos começa com 9${foreign}`,
    ],
    [
      "a number without DDD",
      "Ana, 99999-8888",
      `não é um número brasileiro válido: tem 9 dígitos, e um número brasileiro tem DDD + 8 ou 9 dígitos (10 ou 11, ou 12 ou 13 com o 55)${foreign}`,
    ],
    [
      "too many digits",
      "Ana\t31 99999-8888-77",
      `não é um número brasileiro válido: tem 13 dígitos, e um número brasileiro tem DDD + 8 ou 9 dígitos (10 ou 11, ou 12 ou 13 com o 55)${foreign}`,
    ],
    ["a foreign number with a bad country code", "Ann;+1 555 555 5555", NUMBER_PROBLEMS.badInternational],
  ];
  it.each(skipped)("skips %s and says exactly why", (_label, line, reason) => {
    expect(parseContactLines(line)).toEqual({ contacts: [], dropped: [{ line: 1, text: line.trim(), reason }] });
  });

  it("a pasted sheet of 300 rows loses no row that has a number", () => {
    const rows = ["Nome\tTelefone"];
    for (let i = 0; i < 300; i++) {
      const n = String(1000 + i);
      const number = [`(31) 9${n}-${n}`, `011 9${n}-${n}`, `0xx21 9${n}${n}`][i % 3];
      rows.push(i % 2 ? `Silva, Pessoa ${i}\t${number}` : `Pessoa ${i};${number}`);
    }
    const result = parseContactLines(rows.join("\n"));
    expect(result.contacts).toHaveLength(300);
    expect(result.contacts.every((c) => c.name.includes("Pessoa"))).toBe(true);
    expect(result.dropped).toEqual([{ line: 1, text: "Nome\tTelefone", reason: "sem número" }]);
  });
});

describe("personalise: {nome}", () => {
  it("puts the name in", () => {
    expect(personalise("Olá {nome}, tudo bem?", "Ana")).toBe("Olá Ana, tudo bem?");
    expect(personalise("Oi { NOME }!", "Bruno")).toBe("Oi Bruno!");
  });

  it("a contact without a name gets a natural greeting, not 'Olá Desconhecido'", () => {
    expect(personalise("Olá {nome}, tudo bem?", UNKNOWN_CONTACT_NAME)).toBe("Olá, tudo bem?");
    expect(personalise("Olá, {nome}, tudo bem?", UNKNOWN_CONTACT_NAME)).toBe("Olá, tudo bem?");
    expect(personalise("Oi {nome}! Temos uma bolsa.", UNKNOWN_CONTACT_NAME)).toBe("Oi! Temos uma bolsa.");
    expect(personalise("{nome}, temos uma vaga", UNKNOWN_CONTACT_NAME)).toBe("Temos uma vaga");
    expect(personalise("Bom dia {nome}.\n{nome}, veja", UNKNOWN_CONTACT_NAME)).toBe("Bom dia.\nVeja");
  });
});
