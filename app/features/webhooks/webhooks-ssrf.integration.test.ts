import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// This file runs with an allow-list naming one host, not 127.0.0.1 (tests/setup.ts allows that for
// the other files): set before the app's configuration is imported.
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_HOSTS = "crm.permitido.example";
});

import { saveLead } from "~/features/leads/save.server";
import { checkWebhookUrl, type HostLookup, internalAddressKind, parseAllowHosts } from "~/features/webhooks/address.server";
import { createWebhookEndpoint, createWebhookWorker } from "~/features/webhooks/outbox.server";
import { action as webhooksPageAction } from "~/features/webhooks/page";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { args, formRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * Webhooks never reach the server's own network (decision 073): every spelling of
 * loopback, link-local, private, shared, unspecified and multicast addresses is refused when an admin
 * saves the URL (the pt-BR reason next to the field, and in the log) and again when a delivery goes
 * out, after DNS resolution (a name that resolves inside is refused too), with the reason in the
 * delivery log; no request reaches the receiver, a real HTTP server on 127.0.0.1. A host named in
 * WEBHOOK_ALLOW_HOSTS is let through; the address checked is the one connected to; redirects are
 * never followed.
 */

type Receiver = { server: Server; port: number; hits: { url: string; host: string }[] };

async function startReceiver(answer: (response: import("node:http").ServerResponse) => void = (r) => r.end()) {
  const hits: Receiver["hits"] = [];
  const server = createServer((request, response) => {
    hits.push({ url: request.url ?? "", host: request.headers.host ?? "" });
    request.resume();
    request.on("end", () => answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, hits } satisfies Receiver;
}

async function closeReceiver(receiver: Receiver) {
  receiver.server.closeAllConnections();
  await new Promise((resolve) => receiver.server.close(resolve));
}

let receiver: Receiver;
let now = Date.parse("2026-11-25T12:00:00Z");
beforeAll(async () => {
  setClockForTests(() => now);
  receiver = await startReceiver();
});
afterAll(async () => {
  resetClock();
  await closeReceiver(receiver);
});
beforeEach(() => {
  db.delete(schema.webhookEndpoints).run();
  receiver.hits.length = 0;
  now += 60_000;
});
afterEach(() => vi.restoreAllMocks());

/** Every spelling of an internal address an admin could type, with the kind the message names. */
const SPELLINGS = (port: number): [string, RegExp][] => [
  [`http://127.0.0.1:${port}/crm`, /loopback/],
  [`http://0x7f000001:${port}/crm`, /loopback/],
  [`http://2130706433:${port}/crm`, /loopback/],
  [`http://0177.0.0.1:${port}/crm`, /loopback/],
  [`http://127.1:${port}/crm`, /loopback/],
  [`http://0x7f.0.0.1:${port}/crm`, /loopback/],
  [`http://localhost:${port}/crm`, /loopback/],
  [`http://LocalHost.:${port}/crm`, /loopback/],
  [`http://crm.localhost:${port}/crm`, /loopback/],
  [`http://[::1]:${port}/crm`, /loopback/],
  [`http://[::ffff:127.0.0.1]:${port}/crm`, /loopback/],
  [`http://[0:0:0:0:0:ffff:7f00:1]:${port}/crm`, /loopback/],
  [`http://[::127.0.0.1]:${port}/crm`, /loopback/],
  [`http://[64:ff9b::127.0.0.1]:${port}/crm`, /loopback/],
  // IPv4 inside IPv6 in every form a URL parser keeps: mapped, translated (SIIT), compatible, NAT64, Teredo.
  [`http://[::ffff:0:7f00:1]:${port}/crm`, /loopback/],
  [`http://[::ffff:0:127.0.0.1]:${port}/crm`, /loopback/],
  [`http://[0:0:0:0:ffff:0:7f00:1]:${port}/crm`, /loopback/],
  [`http://[::ffff:7f00:1]:${port}/crm`, /loopback/],
  [`http://[::7f00:1]:${port}/crm`, /loopback/],
  [`http://[64:ff9b::7f00:1]:${port}/crm`, /loopback/],
  [`http://[64:ff9b:1::7f00:1]:${port}/crm`, /loopback/],
  [`http://[2002:7f00:1::1]:${port}/crm`, /loopback/],
  [`http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${port}/crm`, /loopback/],
  ["http://[::ffff:0:a9fe:a9fe]/latest/meta-data/", /link local/],
  ["http://[::ffff:0:10.0.0.5]/", /rede privada/],
  ["http://[64:ff9b::c0a8:101]/", /rede privada/],
  ["http://[::ffff:0:0:0]/", /não especificado/],
  [`http://0.0.0.0:${port}/crm`, /não especificado/],
  [`http://0:${port}/crm`, /não especificado/],
  [`http://[::]:${port}/crm`, /não especificado/],
  ["http://169.254.169.254/latest/meta-data/", /link local/],
  ["http://[::ffff:169.254.169.254]/latest/meta-data/", /link local/],
  ["http://[fe80::1]/", /link local/],
  ["http://10.0.0.5/", /rede privada/],
  ["http://172.16.0.1/", /rede privada/],
  ["http://172.31.255.254/", /rede privada/],
  ["http://192.168.1.1/", /rede privada/],
  ["http://[fc00::1]/", /rede privada/],
  ["http://[fd12:3456::1]/", /rede privada/],
  ["http://100.64.0.1/", /CGNAT/],
  ["http://224.0.0.1/", /multicast/],
  ["http://[ff02::1]/", /multicast/],
];

describe("on save: /admin/webhooks refuses every internal spelling, the reason next to the URL field", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "ssrf@exemplo.com", "senha-do-teste-ssrf-1")).cookie;
  });

  it.each(SPELLINGS(8080))("refuses %s", async (url, kind) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const answer = await settle(() =>
      webhooksPageAction(args(formRequest("/admin/webhooks", { intent: "adicionar", url, tempo: "15" }, { cookie }))),
    );
    expect(statusOf(answer)).toBe(400);
    const [message] = payload(answer).result.error.url as string[];
    expect(message).toMatch(/^O endereço .+ é interno \(.+\) e não recebe webhooks\. /);
    expect(message).toMatch(kind);
    expect(message).toContain("WEBHOOK_ALLOW_HOSTS");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(message));
    expect(db.select().from(schema.webhookEndpoints).all()).toHaveLength(0);
  });

  it("accepts a public address and a host named in WEBHOOK_ALLOW_HOSTS, with its timeout", async () => {
    for (const url of ["https://crm.example.com/hooks", "http://crm.permitido.example:8080/hooks", "http://203.0.113.10/"]) {
      const answer = await settle(() =>
        webhooksPageAction(args(formRequest("/admin/webhooks", { intent: "adicionar", url, tempo: "20" }, { cookie }))),
      );
      expect(statusOf(answer)).toBe(200);
    }
    expect(db.select({ t: schema.webhookEndpoints.timeoutSeconds }).from(schema.webhookEndpoints).all()).toEqual([
      { t: 20 },
      { t: 20 },
      { t: 20 },
    ]);
  });
});

/** A resolver the test controls: names to addresses (no real DNS). */
function fakeLookup(table: Record<string, string[]>, calls: string[] = []): HostLookup {
  return async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const NAMES: Record<string, string[]> = {
  "crm.interno.example": ["127.0.0.1"],
  "misto.example": ["203.0.113.10", "127.0.0.1"],
  "metadados.example": ["169.254.169.254"],
  "v6.interno.example": ["::1"],
  "mapeado.example": ["::ffff:127.0.0.1"],
  "privado.example": ["10.1.2.3"],
  "crm.permitido.example": ["127.0.0.1"],
};

/** Each endpoint gets one event; returns the delivery rows, in the endpoints' order. */
async function deliverOnce(urls: string[], lookup: HostLookup, lines: string[]) {
  for (const url of urls) createWebhookEndpoint(url, "teste@example.com");
  saveLead({ origem: "contato", nome: "Sara Segura", telefone: "31 93333-1111", email: `sara.${now}@example.com` });
  await createWebhookWorker({ lookup, log: (line) => lines.push(line) }).runDue();
  return db.select().from(schema.webhookDeliveries).orderBy(schema.webhookDeliveries.endpointId).all();
}

describe("at delivery: after DNS resolution, an internal address is refused and nothing reaches it", () => {
  it("every internal spelling saved before this check (or written to the table) is refused when it is sent", async () => {
    const spellings = SPELLINGS(receiver.port);
    const lines: string[] = [];
    const rows = await deliverOnce(
      spellings.map(([url]) => url),
      fakeLookup(NAMES),
      lines,
    );
    expect(rows).toHaveLength(spellings.length);
    rows.forEach((row, i) => {
      expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: null });
      expect(row.lastError).toMatch(/^Bloqueado: O endereço .+ é interno/);
      expect(row.lastError).toMatch(spellings[i][1]);
      expect(lines).toContain(`webhooks: entrega ${row.id} falhou (${row.lastError}).`);
    });
    expect(receiver.hits).toEqual([]);
  });

  it.each([
    ["crm.interno.example", /loopback/],
    ["misto.example", /loopback/],
    ["metadados.example", /link local/],
    ["v6.interno.example", /loopback/],
    ["mapeado.example", /loopback/],
    ["privado.example", /rede privada/],
  ])("a name that resolves inside (%s) is refused", async (name, kind) => {
    const lines: string[] = [];
    const [row] = await deliverOnce([`http://${name}:${receiver.port}/crm`], fakeLookup(NAMES), lines);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toMatch(new RegExp(`^Bloqueado: O endereço ${name.replace(/\./g, "\\.")} \\(.+\\) é interno`));
    expect(row.lastError).toMatch(kind);
    expect(lines).toEqual([`webhooks: entrega ${row.id} falhou (${row.lastError}).`]);
    expect(receiver.hits).toEqual([]);
  });

  it("a host named in WEBHOOK_ALLOW_HOSTS is delivered to, at the address its one lookup gave", async () => {
    const calls: string[] = [];
    const lines: string[] = [];
    const [row] = await deliverOnce([`http://crm.permitido.example:${receiver.port}/crm`], fakeLookup(NAMES, calls), lines);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });
    expect(calls).toEqual(["crm.permitido.example"]);
    expect(receiver.hits).toEqual([{ url: "/crm", host: `crm.permitido.example:${receiver.port}` }]);
    expect(lines).toEqual([]);
  });

  it("the connection uses the address that was checked: a second DNS answer (a rebind to 127.0.0.1) is never asked", async () => {
    const calls: string[] = [];
    let answers = 0;
    // First answer public, every later one internal: a rebinding name.
    const rebinding: HostLookup = async (hostname) => {
      calls.push(hostname);
      answers++;
      return [{ address: answers === 1 ? "203.0.113.10" : "127.0.0.1", family: 4 }];
    };
    const timers: (() => void)[] = [];
    createWebhookEndpoint(`http://rebind.example:${receiver.port}/crm`, "teste@example.com");
    saveLead({ origem: "contato", nome: "Rita Rebind", telefone: "31 93333-2222", email: `rita.${now}@example.com` });
    const worker = createWebhookWorker({
      lookup: rebinding,
      log: () => {},
      startTimer: (fire) => {
        timers.push(fire);
        return () => {};
      },
    });
    const run = worker.runDue();
    // 203.0.113.10 (documentation range) answers nobody here: the test ends the wait itself.
    await expect.poll(() => timers.length).toBe(1);
    timers[0]();
    await run;
    expect(calls).toEqual(["rebind.example"]);
    expect(receiver.hits).toEqual([]);
  });
});

describe("redirects are never followed", () => {
  it("a 302 to another receiver is a refusal written to the log; the other receiver gets nothing", async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver((response) =>
      response.writeHead(302, { Location: `http://crm.permitido.example:${target.port}/roubado` }).end(),
    );
    try {
      const lines: string[] = [];
      const [row] = await deliverOnce([`http://crm.permitido.example:${redirecting.port}/crm`], fakeLookup(NAMES), lines);
      expect(redirecting.hits).toHaveLength(1);
      expect(target.hits).toEqual([]);
      expect(row).toMatchObject({
        status: "failed",
        attempts: 1,
        lastStatusCode: 302,
        lastError: "Recusado: HTTP 302 (redirecionamentos não são seguidos)",
      });
    } finally {
      await closeReceiver(target);
      await closeReceiver(redirecting);
    }
  });
});

describe("the address rules", () => {
  it("public addresses pass; the allow-list takes names and addresses in any spelling", () => {
    for (const address of ["8.8.8.8", "203.0.113.10", "2001:4860:4860::8888", "172.32.0.1", "100.128.0.1"]) {
      expect(internalAddressKind(address)).toBeNull();
    }
    const allow = parseAllowHosts(" CRM.Interno.example. , 0x7f000001, [::1] ");
    expect([...allow]).toEqual(["crm.interno.example", "127.0.0.1", "::1"]);
    expect(checkWebhookUrl("http://127.0.0.1:9/", allow)).toEqual({ ok: true });
    expect(checkWebhookUrl("http://[::1]:9/", allow)).toEqual({ ok: true });
    expect(checkWebhookUrl("http://10.0.0.1/", allow).ok).toBe(false);
  });
});
