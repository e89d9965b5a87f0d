import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { sqlite } from "~/platform/db/client.server";

import { args, getRequest, payload } from "../../../tests/support/route-calls";
import { insertLeads } from "../../../tests/support/seed";
import { signedInStaff } from "../../../tests/support/staff-login";
import { EMPTY_FILTERS } from "./filters";
import { LEAD_ORIGINS } from "./origins";
import { loader as panelLoader } from "./panel";
import { countAllLeads, leadQueryPlan } from "./queries.server";

/**
 * The panel must stay fast with 100 000 leads: 100 000 leads in the test's own SQLite
 * file, and the query plans of every statement the panel's loader runs. No timings: the plan says
 * whether a query walks an index in display order (and stops after a page) or reads and sorts the
 * whole table. Then the first and the last page come back with the right rows.
 */

const TOTAL = 100_000;
const ORIGINS = Object.keys(LEAD_ORIGINS);
/** Lead i is created at START + i × 10 minutes: the newest is the highest i. */
const START = Date.UTC(2024, 0, 1, 12);
const RARE_CITY = "São Sebastião do Paraíso"; // every 1 000th lead: 100 matches, a sparse search

/** YYYY-MM-DD in São Paulo (UTC-3 all year since 2019), without a date formatter per row. */
const saoPauloDay = (instant: number) => new Date(instant - 3 * 3600_000).toISOString().slice(0, 10);
const name = (i: number) => `Lead ${String(i).padStart(6, "0")}`;

function seed() {
  insertLeads(
    sqlite,
    Array.from({ length: TOTAL }, (_, i) => {
      const when = START + i * 10 * 60_000;
      const iso = new Date(when).toISOString();
      const telefone = `(31)9${10_000_000 + i}`;
      const email = `lead${i}@example.com`;
      const cidade = i % 1000 === 0 ? RARE_CITY : "Belo Horizonte";
      return {
        origem: ORIGINS[i % ORIGINS.length],
        nome: name(i),
        telefone,
        email,
        cidade,
        data_criacao: saoPauloDay(when),
        criado_em: iso,
        perfil_resultado: i % 3 === 0 ? "saude" : null,
      };
    }),
  );
}

type Captured = { sql: string; params: unknown[] };

/** Records every statement (and its parameters) the site's connection runs during `run`. */
async function captureQueries(run: () => Promise<unknown>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  const spy = vi.spyOn(sqlite, "prepare").mockImplementation(((source: string) => {
    const statement = prepare(source);
    const proxy: any = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        return (...callArgs: unknown[]) => {
          if (["all", "get", "run", "iterate"].includes(String(key))) captured.push({ sql: source, params: callArgs });
          const result = value.apply(target, callArgs);
          return result === target ? proxy : result;
        };
      },
    });
    return proxy;
  }) as any);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return captured.filter((q) => /\bfrom "leads"/i.test(q.sql));
}

/** The plan lines SQLite reports for a statement. */
function planOf(query: Captured): string[] {
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.params as any[])) as { detail: string }[];
  return rows.map((row) => row.detail);
}

const isCount = (q: Captured) => /^select count\(\*\) from "leads"/i.test(q.sql);
// The list's page (not the "Aguardando primeiro contato" box, which is ordered by due time).
const isPage = (q: Captured) => /\blimit \?/i.test(q.sql) && !/order by "leads"\."first_contact_due_at"/i.test(q.sql);
const fullScan = (plan: string[]) => plan.some((line) => /^SCAN leads$/.test(line));
const sortsInTempTree = (plan: string[]) => plan.some((line) => /USE TEMP B-TREE FOR ORDER BY/.test(line));

describe("the leads panel with 100 000 leads", () => {
  let cookie = "";
  const panel = async (query = "") => payload(await panelLoader(args(getRequest(`/contato${query}`, { cookie }))));

  beforeAll(async () => {
    seed();
    expect(countAllLeads()).toBe(TOTAL);
    cookie = (await signedInStaff("admin", "escala@example.com", "senha-de-escala-123")).cookie;
  }, 120_000);

  afterEach(() => vi.restoreAllMocks());

  it("default listing: the count reads an index and the page walks the date index in order (no sort of the table)", async () => {
    const queries = await captureQueries(() => panel());
    const counts = queries.filter(isCount);
    const page = queries.filter(isPage);
    expect(counts.length).toBeGreaterThan(0);
    expect(page).toHaveLength(1);

    // COUNT(*) reads an index alone, never the table's rows: the total scans the smallest one, the
    // unassigned queue (Novo, no owner; decision 096) searches the owner and status index.
    // The box's "atrasados" (decision 142) is an OR of two indexed rules: two index searches.
    for (const count of counts) {
      const plan = planOf(count);
      if (plan[0] === "MULTI-INDEX OR") {
        for (const line of plan.slice(1)) expect(line).toMatch(/^(INDEX \d+|SEARCH leads USING (COVERING )?INDEX \w+ \(.*\))$/);
        continue;
      }
      expect(plan).toEqual([expect.stringMatching(/^(SCAN leads|SEARCH leads) USING COVERING INDEX \w+( \(.*\))?$/)]);
    }

    const pagePlan = planOf(page[0]);
    expect(pagePlan).toEqual(["SCAN leads USING INDEX leads_data_idx"]);
    expect(sortsInTempTree(pagePlan)).toBe(false);

    // Every other statement of the loader (dashboard, profile options) searches an index too.
    for (const query of queries) {
      const plan = planOf(query);
      expect(fullScan(plan), `${query.sql}\n${plan.join("\n")}`).toBe(false);
    }
  });

  it("a comercial user's listing (her wall: her own and the unowned leads, decision 138) walks the date index too", async () => {
    const comercial = (await signedInStaff("comercial", "escala.comercial@example.com", "senha-de-escala-123")).cookie;
    const queries = await captureQueries(async () =>
      payload(await panelLoader(args(getRequest("/contato", { cookie: comercial })))),
    );
    const page = queries.filter(isPage);
    expect(page).toHaveLength(1);
    expect(planOf(page[0])).toEqual(["SCAN leads USING INDEX leads_data_idx"]);
    for (const query of queries) {
      const plan = planOf(query);
      expect(fullScan(plan), `${query.sql}\n${plan.join("\n")}`).toBe(false);
    }
  });

  it("filters by origin, profile and dates: found through an index; only a small match set is ever sorted", async () => {
    const cases: [query: string, walksDateIndex: boolean][] = [
      ["?origem=inscricao", true], // a fifth of the leads
      ["?perfil=saude", true], // a third
      ["?perfil=sem_resultado", true], // two thirds
      ["?de=2024-06-01&ate=2024-06-30", false], // one month: 4 %, sought by date, then sorted
      ["?origem=bolsa&de=2025-01-01", false],
    ];
    for (const [query, walksDateIndex] of cases) {
      const captured = await captureQueries(() => panel(query));
      const total = (await panel(query)).page.total;
      const countPlan = planOf(captured.find(isCount)!);
      expect(countPlan.join("\n"), query).toMatch(/USING (COVERING )?INDEX leads_(origem|perfil|data)_idx/);
      expect(fullScan(countPlan), query).toBe(false);
      const pagePlan = planOf(captured.find(isPage)!);
      const detail = `${query} (${total} matches)\n${pagePlan.join("\n")}`;
      expect(fullScan(pagePlan), detail).toBe(false);
      expect(pagePlan.join("\n"), detail).toMatch(/(SCAN|SEARCH) leads USING INDEX leads_\w+_idx/);
      if (walksDateIndex) {
        expect(pagePlan, detail).toEqual(["SCAN leads USING INDEX leads_data_idx"]);
      } else {
        // Sorting is allowed only for a small set of matches found through an index.
        expect(total * 10, detail).toBeLessThan(TOTAL);
        expect(pagePlan[0], detail).toMatch(/^SEARCH leads USING INDEX/);
      }
    }
  });

  it("search: a common term walks the date index without sorting; a rare one sorts only its few matches", async () => {
    // A substring search (LIKE '%term%') cannot seek in a B-tree: its count reads the rows' search
    // text. The listing must still never sort the whole table.
    const common = await captureQueries(() => panel("?busca=belo+horizonte"));
    const commonPage = planOf(common.find(isPage)!);
    expect(commonPage).toEqual(["SCAN leads USING INDEX leads_data_idx"]);
    expect((await panel("?busca=belo+horizonte")).page.total).toBe(TOTAL - TOTAL / 1000);

    const rare = await captureQueries(() => panel("?busca=sebastiao"));
    const rarePage = planOf(rare.find(isPage)!);
    const matches = (await panel("?busca=sebastiao")).page.total;
    expect(matches).toBe(TOTAL / 1000);
    // The sorted plan is chosen only when the matches are under a tenth of the table.
    expect(leadQueryPlan({ ...EMPTY_FILTERS, busca: "sebastiao" }, matches).orderBy).not.toEqual(
      leadQueryPlan(EMPTY_FILTERS, TOTAL).orderBy,
    );
    expect(matches * 10).toBeLessThan(TOTAL);
    expect(sortsInTempTree(rarePage)).toBe(true);
    // …and with a filter as well, the sort is over the filtered matches found through an index.
    const rareOrigin = await captureQueries(() => panel("?busca=sebastiao&origem=inscricao"));
    expect(planOf(rareOrigin.find(isCount)!).join("\n")).toMatch(/SEARCH leads USING INDEX leads_origem_idx \(origem=\?\)/);
  });

  it("loads page 1 and the last page with the right rows, newest first", async () => {
    const first = await panel();
    expect(first.error).toBeNull();
    expect(first.page.total).toBe(TOTAL);
    expect(first.page.pages).toBe(TOTAL / 25);
    expect(first.page.rows.map((r: any) => r.nome)).toEqual(Array.from({ length: 25 }, (_, k) => name(TOTAL - 1 - k)));

    const last = await panel(`?pagina=${TOTAL / 25}`);
    expect(last.page.page).toBe(TOTAL / 25);
    expect(last.page.rows.map((r: any) => r.nome)).toEqual(Array.from({ length: 25 }, (_, k) => name(24 - k)));

    // Page 2 of a search, and the last page of a filter.
    const search = await panel("?busca=sebastiao&pagina=2");
    expect(search.page.rows.map((r: any) => r.nome)).toEqual(Array.from({ length: 25 }, (_, k) => name((74 - k) * 1000)));
    const inscricao = await panel("?origem=inscricao&pagina=9999");
    expect(inscricao.page.page).toBe(TOTAL / 5 / 25);
    expect(inscricao.page.rows.at(-1).nome).toBe(name(1)); // origin index 1 = inscricao
  });
});
