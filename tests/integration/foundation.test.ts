import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { saveLead } from "~/features/leads/save.server";
import { loader as healthz } from "~/features/resources/healthz";
import { config } from "~/platform/config.server";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { createRateLimiter } from "~/platform/rate-limit.server";
import { commitVisitor, getAdminSession, getVisitorSession, visitorStorage } from "~/platform/session.server";
import { loader as rootLoader } from "~/root";

import { args, getRequest, payload } from "../support/route-calls";

describe("database", () => {
  it("is migrated, in WAL mode, with foreign keys and a busy timeout", () => {
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["leads", "admin_users", "whatsapp_passwords"]));
  });

  it("stores data_criacao as the São Paulo date, not the UTC one", () => {
    const id = saveLead(
      { origem: "inscricao", nome: "Maria da Silva", telefone: "(31)99999-8888", email: "madrugada@example.com" },
      new Date("2026-03-10T02:30:00Z"),
    );
    const row = db.select().from(schema.leads).where(eq(schema.leads.id, id)).get()!;
    expect(row.data_criacao).toBe("2026-03-09");
    expect(row.criado_em).toBe("2026-03-10T02:30:00.000Z");
  });

  it("updates the lead of the same origin and e-mail instead of duplicating it", () => {
    const first = saveLead({ origem: "inscricao", nome: "João Pereira", telefone: "(31)98888-7777", email: "Joao@Example.com" });
    const second = saveLead({
      origem: "inscricao",
      nome: "João Pereira Santos",
      telefone: "(31)98888-7777",
      email: "joao@example.com",
      curso_interesse: "Enfermagem",
    });
    expect(second).toBe(first);
    const rows = db.select().from(schema.leads).where(eq(schema.leads.email, "joao@example.com")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nome: "João Pereira Santos", curso_interesse: "Enfermagem", tentativas: 2 });
    expect(rows[0].busca).toContain("enfermagem");
  });
});

describe("configuration", () => {
  it("keeps a generated secret in a file beside the database when none is configured", async () => {
    const previous = process.env.SESSION_SECRET;
    delete process.env.SESSION_SECRET;
    const { vi } = await import("vitest");
    vi.resetModules();
    const fresh = (await import("~/platform/config.server")).config;
    const file = path.join(fresh.dataDir, ".session-secret");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").trim()).toBe(fresh.sessionSecret);
    vi.resetModules();
    const again = (await import("~/platform/config.server")).config;
    expect(again.sessionSecret).toBe(fresh.sessionSecret);
    process.env.SESSION_SECRET = previous;
  });

  it("a blank, zero or malformed number falls back to its default (never a limit of 0)", async () => {
    const { vi } = await import("vitest");
    const names = ["RATE_LIMIT_PUBLIC_FORMS", "RATE_LIMIT_LOGIN", "PORT", "LEAD_RETENTION_DAYS"] as const;
    const previous = names.map((name) => process.env[name]);
    const numbers = (c: typeof config) => [c.rateLimitPublicForms, c.rateLimitLogin, c.port, c.leadRetentionDays];
    try {
      for (const [forms, login, port, days] of [
        ["", " ", "", ""],
        ["0", "-3", "abc", "0"],
        ["2.5", "5x", "0", "-30"],
      ]) {
        Object.assign(process.env, {
          RATE_LIMIT_PUBLIC_FORMS: forms,
          RATE_LIMIT_LOGIN: login,
          PORT: port,
          LEAD_RETENTION_DAYS: days,
        });
        vi.resetModules();
        expect(numbers((await import("~/platform/config.server")).config)).toEqual([30, 5, 3000, 730]);
      }
      Object.assign(process.env, {
        RATE_LIMIT_PUBLIC_FORMS: "12",
        RATE_LIMIT_LOGIN: "3",
        PORT: "8080",
        LEAD_RETENTION_DAYS: "365",
      });
      vi.resetModules();
      expect(numbers((await import("~/platform/config.server")).config)).toEqual([12, 3, 8080, 365]);
    } finally {
      names.forEach((name, i) => (previous[i] === undefined ? delete process.env[name] : (process.env[name] = previous[i])));
      vi.resetModules();
    }
  });

  it("has defaults that need no environment", () => {
    expect(config.brandName).toBeTruthy();
    expect(config.helperUrl).toBe("http://127.0.0.1:3001");
    expect(config.adminPassword).toBeUndefined();
  });
});

describe("sessions", () => {
  it("reads a tampered or garbage cookie as an empty session", async () => {
    const session = await visitorStorage.getSession();
    session.set("leadId", 42);
    const good = await commitVisitor(session);
    const cookie = good.split(";")[0];
    expect((await getVisitorSession(getRequest("/", { cookie }))).get("leadId")).toBe(42);

    const [name, value] = cookie.split("=");
    const forged = `${name}=${value.replace(/^.{4}/, "AAAA")}`;
    for (const bad of [forged, "__visitante=garbage", "__visitante=%%%", "__admin=x.y.z"]) {
      const read = await getVisitorSession(getRequest("/", { cookie: bad }));
      expect(read.get("leadId")).toBeUndefined();
      const admin = await getAdminSession(getRequest("/", { cookie: bad }));
      expect(admin.data).toEqual({});
    }
  });

  it("cookie flags: httpOnly and SameSite=Lax", async () => {
    const header = await commitVisitor(await visitorStorage.getSession());
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
  });

  it("the root loader remembers UTM attribution and passes flash toasts once", async () => {
    const response = (await rootLoader(args(getRequest("/?utm_source=instagram&utm_campaign=vestibular")))) as any;
    const init = response.init as ResponseInit;
    const setCookie = new Headers(init.headers).get("Set-Cookie")!;
    expect(setCookie).toContain("__visitante=");
    const session = await getVisitorSession(getRequest("/", { cookie: setCookie.split(";")[0] }));
    expect(session.get("attribution")).toEqual({ utm_source: "instagram", utm_campaign: "vestibular" });
    expect(payload(response).site.brandName).toBe(config.brandName);
    // No secret leaves through the public configuration.
    expect(JSON.stringify(payload(response))).not.toContain(config.sessionSecret);
  });
});

describe("rate limiter", () => {
  // rate-limiter-flexible reads Date.now() and expires keys with setTimeout: fake timers move both, nothing waits.
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("allows the limit within a window and refuses after it", async () => {
    const limiter = createRateLimiter(3, 1000);
    expect([await limiter.hit("ip"), await limiter.hit("ip"), await limiter.hit("ip")]).toEqual([true, true, true]);
    vi.advanceTimersByTime(10);
    expect(await limiter.hit("ip")).toBe(false);
    expect(await limiter.isLimited("ip")).toBe(true);
    expect(await limiter.hit("other")).toBe(true);
  });

  it("frees the key once its window is over, and says how long until then", async () => {
    const limiter = createRateLimiter(1, 60_000);
    expect(await limiter.hit("ip")).toBe(true);
    expect(await limiter.hit("ip")).toBe(false);
    vi.advanceTimersByTime(58_500);
    expect(await limiter.retryAfterSeconds("ip")).toBe(2);
    expect(await limiter.hit("ip")).toBe(false);
    // The last millisecond of the window still counts; the next one starts a new window.
    vi.advanceTimersByTime(1_499);
    expect(await limiter.retryAfterSeconds("ip")).toBe(1);
    expect(await limiter.isLimited("ip")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(await limiter.retryAfterSeconds("ip")).toBe(0);
    expect(await limiter.attempts("ip")).toBe(0);
    expect(await limiter.hit("ip")).toBe(true);
    expect(await limiter.hit("ip")).toBe(false);
  });

  it("frees the key by the clock alone, before the store's expiry timer has run", async () => {
    const limiter = createRateLimiter(1, 1000);
    await limiter.hit("ip");
    vi.setSystemTime(1000);
    expect(await limiter.isLimited("ip")).toBe(false);
    expect(await limiter.retryAfterSeconds("ip")).toBe(0);
    expect(await limiter.hit("ip")).toBe(true);
  });

  it("gives back an attempt that succeeded", async () => {
    const limiter = createRateLimiter(2, 1000);
    await limiter.hit("ip");
    await limiter.hit("ip");
    expect(await limiter.isLimited("ip")).toBe(true);
    await limiter.release("ip");
    expect(await limiter.isLimited("ip")).toBe(false);
    expect(await limiter.hit("ip")).toBe(true);
    expect(await limiter.hit("ip")).toBe(false);
  });

  it("gives nothing back for a key without attempts (no credit for later)", async () => {
    const limiter = createRateLimiter(1, 1000);
    await limiter.release("ip");
    expect(await limiter.attempts("ip")).toBe(0);
    expect(await limiter.hit("ip")).toBe(true);
    expect(await limiter.hit("ip")).toBe(false);
  });

  it("logs a block once per window, with the seconds left", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const limiter = createRateLimiter(1, 60_000, "teste");
      for (let i = 0; i < 4; i++) await limiter.hit("198.51.100.9");
      expect(warn.mock.calls).toEqual([["rate-limit: teste bloqueado para 198.51.100.9 por 60 s (limite: 1)"]]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("/healthz", () => {
  it("answers a plain 200 'ok' when the database answers, with no lead count (decision 061)", async () => {
    saveLead({ origem: "inscricao", nome: "Pessoa Contada", telefone: "(31)98888-7777", email: "contada@example.com" });
    const response = healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("ok");
  });

  it("answers 503 without details when the database does not answer", async () => {
    const prepare = vi.spyOn(sqlite, "prepare").mockImplementation(() => {
      throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" });
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = healthz();
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = await response.text();
      expect(body).toBe("indisponível");
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
      logged.mockRestore();
    }
  });
});
