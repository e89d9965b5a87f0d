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
      { line: 2, text: "Joe, 1 415 555 2671", reason: NUMBER_PROBLEMS.notBrazilian },
      { line: 5, text: "X, +1 555 555 5555", reason: NUMBER_PROBLEMS.badInternational },
      { line: 6, text: "Zé, 31 1234-5678", reason: NUMBER_PROBLEMS.notBrazilian },
    ]);
    expect(NUMBER_PROBLEMS.notBrazilian).toMatch(/não é um número brasileiro válido/);
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
