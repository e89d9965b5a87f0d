import { describe, expect, it } from "vitest";

import {
  CSV_COLUMNS,
  csvDateTime,
  isPlainEmailAddress,
  leadCsvRecord,
  neutralizeFormula,
  SPEC_CSV_COLUMNS,
} from "~/features/leads/csv";
import { addDays, buildDashboard, lastDays, niceMax, percent } from "~/features/leads/dashboard";
import {
  EMPTY_FILTERS,
  escapeLike,
  hasActiveFilters,
  leadFiltersQuery,
  NO_PROFILE,
  pageCount,
  parseLeadFilters,
  profileLabel,
  searchTerms,
} from "~/features/leads/filters";

const ORIGINS = ["teste_vocacional", "inscricao"];
const parse = (query: string) => parseLeadFilters(new URLSearchParams(query), ORIGINS);

describe("lead filters", () => {
  it("reads valid filters and ignores invalid ones", () => {
    expect(parse("busca=%20Maria%20&origem=inscricao&perfil=saude&de=2025-01-01&ate=2025-01-31&pagina=3")).toEqual({
      busca: "Maria",
      origem: "inscricao",
      perfil: "saude",
      status: null,
      atrasados: false,
      aguardando: false,
      responsavel: null,
      de: "2025-01-01",
      ate: "2025-01-31",
      pagina: 3,
    });
    // every value refused: every filter off, the first page
    expect(parse("origem=outra&perfil=DROP%20TABLE&de=2025-02-30&ate=31/01/2025&pagina=-2")).toEqual(EMPTY_FILTERS);
    expect(EMPTY_FILTERS).toMatchObject({ busca: "", origem: null, perfil: null, de: null, ate: null, pagina: 1 });
    expect(parse(`perfil=${NO_PROFILE}`).perfil).toBe(NO_PROFILE);
    expect(parse("status=em_contato&atrasados=1")).toMatchObject({ status: "em_contato", atrasados: true });
    expect(parse("status=fechado&atrasados=sim")).toMatchObject({ status: null, atrasados: false });
    expect(parse("aguardando=1")).toMatchObject({ aguardando: true });
    expect(parse("responsavel=12").responsavel).toBe(12);
    expect(parse("responsavel=sem").responsavel).toBe("sem");
    for (const bad of ["0", "-3", "1.5", "abc", "12345678901"]) expect(parse(`responsavel=${bad}`).responsavel).toBeNull();
  });

  it("swaps a reversed date range", () => {
    expect(parse("de=2025-03-10&ate=2025-03-01")).toMatchObject({ de: "2025-03-01", ate: "2025-03-10" });
  });

  it("writes filters back to a query string without empty values or page 1", () => {
    expect(leadFiltersQuery(parse("busca=jo%C3%A3o&pagina=1"))).toBe("?busca=jo%C3%A3o");
    expect(leadFiltersQuery({ ...parse("origem=inscricao"), pagina: 2 })).toBe("?origem=inscricao&pagina=2");
    expect(leadFiltersQuery(parse(""))).toBe("");
    expect(hasActiveFilters(parse("pagina=4"))).toBe(false);
    expect(hasActiveFilters(parse("de=2025-01-01"))).toBe(true);
  });

  it("normalises search words like the busca column and escapes LIKE wildcards", () => {
    expect(searchTerms("  JOÃO   Conceição ")).toEqual(["joao", "conceicao"]);
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });

  it("counts pages and labels profiles", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(profileLabel("saude")).toBe("Saúde & Bem-Estar");
    expect(profileLabel(null)).toBe("Sem resultado");
    expect(profileLabel("desconhecido")).toBe("desconhecido");
  });
});

describe("dashboard numbers", () => {
  it("lists the last 30 days, oldest first, across month and year ends", () => {
    const days = lastDays("2025-01-10");
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2024-12-12");
    expect(days.at(-1)).toBe("2025-01-10");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("splits per day, by origin and by profile, and builds the test funnel", () => {
    const dashboard = buildDashboard(
      [
        { date: "2025-01-10", origem: "teste_vocacional", perfil: "saude", concluded: 1, n: 3 },
        { date: "2025-01-10", origem: "teste_vocacional", perfil: null, concluded: 0, n: 5 },
        { date: "2025-01-09", origem: "inscricao", perfil: null, concluded: 0, n: 2 },
        { date: "2025-01-09", origem: "teste_vocacional", perfil: "negocios", concluded: 1, n: 1 },
        { date: "2024-01-01", origem: "inscricao", perfil: null, concluded: 0, n: 99 }, // outside the window
      ],
      "2025-01-10",
    );
    expect(dashboard.total).toBe(11);
    expect(dashboard.days.at(-1)).toEqual({ date: "2025-01-10", total: 8, byOrigin: { teste_vocacional: 8 } });
    expect(dashboard.days.at(-2)).toEqual({ date: "2025-01-09", total: 3, byOrigin: { inscricao: 2, teste_vocacional: 1 } });
    expect(dashboard.days[0].total).toBe(0);
    expect(dashboard.byOrigin).toEqual([
      { key: "teste_vocacional", n: 9 },
      { key: "inscricao", n: 2 },
    ]);
    expect(dashboard.byProfile).toEqual([
      { key: "saude", n: 3 },
      { key: "negocios", n: 1 },
    ]);
    expect(dashboard.funnel).toEqual({ formLeads: 9, completed: 4 });
  });

  it("rounds axis maxima and percentages", () => {
    expect([0, 1, 3, 7, 10, 11, 180, 501].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000]);
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 0)).toBe(0);
  });
});

describe("leads CSV records", () => {
  it("puts the spec's 12 columns first, in the documented order", () => {
    expect(CSV_COLUMNS.slice(0, 12)).toEqual([...SPEC_CSV_COLUMNS]);
    expect(SPEC_CSV_COLUMNS).toHaveLength(12);
    expect(new Set(CSV_COLUMNS).size).toBe(CSV_COLUMNS.length);
  });

  it("neutralises cells that start a formula", () => {
    for (const value of ["=1+1", "+55 31", "-2", "@SUM(A1)", "\t=1", "\r=1"]) expect(neutralizeFormula(value)).toBe(`'${value}`);
    for (const value of ["Maria", "(31)99999-0000", " =1", "", "a=b"]) expect(neutralizeFormula(value)).toBe(value);
  });

  it("an e-mail column's valid address is never a formula; every other cell keeps the guard", () => {
    const record = (email: string, responsavel = "", nome = "") => leadCsvRecord({ email, responsavel, nome }, {});
    for (const address of ["+ana@example.com", "-beto@example.com.br", "+1@exemplo.org", "o'neil-@mail.example.net"]) {
      expect(isPlainEmailAddress(address), address).toBe(true);
      expect(record(address).email).toBe(address);
      expect(record("", address).responsavel).toBe(address);
      // The same text in another column is still guarded.
      if (/^[+-]/.test(address)) expect(record("", "", address).nome).toBe(`'${address}`);
    }
    for (const cell of [
      "-2+3+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0@example.com",
      "+SUM(1,2)@example.com",
      '=HYPERLINK("http://x")@example.com',
      "-a@b",
      "+a@@example.com",
      "-a b@example.com",
      "@example.com",
      "+a@example.com\r=1",
    ]) {
      expect(isPlainEmailAddress(cell), cell).toBe(false);
      expect(record(cell).email, cell).toBe(`'${cell}`);
    }
  });

  it("formats dates in pt-BR (São Paulo time) and origins in words", () => {
    expect(csvDateTime("2025-06-15T15:30:05.000Z")).toBe("15/06/2025 12:30:05");
    expect(csvDateTime(null)).toBe("");
    const record = leadCsvRecord(
      {
        nome: '=HYPERLINK("http://x")',
        data_criacao: "2025-06-15",
        origem: "inscricao",
        perfil_resultado: "saude",
        criado_em: "2025-06-15T15:30:05.000Z",
        tentativas: 2,
        utm_source: null,
      },
      { inscricao: "Formulário de inscrição" },
    );
    expect(record).toMatchObject({
      nome: `'=HYPERLINK("http://x")`,
      data_criacao: "15/06/2025",
      origem: "Formulário de inscrição",
      perfil_resultado: "Saúde & Bem-Estar",
      criado_em: "15/06/2025 12:30:05",
      tentativas: "2",
      utm_source: "",
      cidade: "",
    });
    expect(Object.keys(record)).toEqual(CSV_COLUMNS);
  });
});
