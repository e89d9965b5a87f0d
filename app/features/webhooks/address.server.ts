import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

import { config } from "~/platform/config.server";

/**
 * Where a webhook may be sent (decision 073). An admin's URL must not reach the
 * server's own network: loopback, link-local (the cloud metadata address 169.254.169.254), private,
 * shared (CGNAT), unspecified, multicast and reserved addresses are refused when the URL is saved
 * (a literal address in any spelling, or a "localhost" name) and again at delivery time, after DNS
 * resolution, on every address the name resolves to. The address that was checked is the one the
 * connection uses (webhooks.server.ts pins it), so a DNS answer that changes in between cannot slip
 * through. Hosts named in WEBHOOK_ALLOW_HOSTS (a name or an address) are let through on purpose.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all of its addresses (tests inject one; production asks the system resolver). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Each kind of internal address, with the words the admin and the log see. */
const RANGES: { kind: string; v4: [string, number][]; v6: [string, number][] }[] = [
  { kind: "não especificado", v4: [["0.0.0.0", 8]], v6: [["::", 128]] },
  { kind: "loopback", v4: [["127.0.0.0", 8]], v6: [["::1", 128]] },
  { kind: "link local (como o de metadados da nuvem)", v4: [["169.254.0.0", 16]], v6: [["fe80::", 10]] },
  {
    kind: "rede privada",
    v4: [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
    ],
    v6: [
      ["fc00::", 7],
      ["fec0::", 10],
    ],
  },
  { kind: "rede compartilhada do provedor (CGNAT)", v4: [["100.64.0.0", 10]], v6: [] },
  { kind: "multicast", v4: [["224.0.0.0", 4]], v6: [["ff00::", 8]] },
  {
    kind: "reservado",
    v4: [
      ["192.0.0.0", 24],
      ["198.18.0.0", 15],
      ["240.0.0.0", 4],
    ],
    v6: [],
  },
];

const LISTS = RANGES.map(({ kind, v4, v6 }) => {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, "ipv4");
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, "ipv6");
  return { kind, list };
});

/** The 8 groups of 16 bits of an IPv6 address (any valid spelling, with or without a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const [a, b, c, d] = tail[1].split(".").map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(rest);
  const zeros = rest === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * The IPv4 address an IPv6 one carries, or null: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (SIIT, ::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32, whose client address is stored inverted).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]);
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6], g[7]);
  if (zero(0, 6)) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && (zero(2, 6) || g[2] === 1)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  if (g[0] === 0x2001 && g[1] === 0) return v4(g[6] ^ 0xffff, g[7] ^ 0xffff);
  return null;
}

/** The kind of internal address `address` is (an IP address, either family), or null for a public one. */
export function internalAddressKind(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return null;
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const { kind, list } of LISTS) if (list.check(bare, type)) return kind;
  if (family === 4 && bare === "255.255.255.255") return "reservado";
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner) return internalAddressKind(inner);
  }
  return null;
}

/** A host as the URL parser writes it (IPv4 in any spelling becomes dotted decimal), lower case, no brackets or final dot. */
function normalHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  let parsed = trimmed;
  try {
    parsed = new URL(`http://${isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed}/`).hostname;
  } catch {
    // Not a host the URL parser accepts: compared as written.
  }
  return parsed.replace(/^\[|\]$/g, "").replace(/\.$/, "");
}

/** WEBHOOK_ALLOW_HOSTS: comma-separated host names or addresses, each in its normal spelling. */
export function parseAllowHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter(Boolean)
      .map(normalHost),
  );
}

let allowed: Set<string> | undefined;
function configuredAllowHosts(): Set<string> {
  allowed ??= parseAllowHosts(config.webhookAllowHosts);
  return allowed;
}

/** Names that mean this machine whatever DNS says. */
function isLocalName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "localhost.localdomain";
}

export type AddressCheck = { ok: true } | { ok: false; reason: string };

const ALLOW_HINT = "Para permitir um servidor interno de propósito, inclua o host em WEBHOOK_ALLOW_HOSTS.";

function refusal(shown: string, kind: string): { ok: false; reason: string } {
  return { ok: false, reason: `O endereço ${shown} é interno (${kind}) e não recebe webhooks. ${ALLOW_HINT}` };
}

/**
 * The check when a URL is saved (no DNS: a name is checked again, resolved, at each delivery): a
 * literal address in any spelling (hex, decimal, octal, short forms, IPv4 inside IPv6) and the
 * "localhost" names are refused unless allowed.
 */
export function checkWebhookUrl(url: string, allow: Set<string> = configuredAllowHosts()): AddressCheck {
  let host: string;
  try {
    host = normalHost(new URL(url).hostname);
  } catch {
    return { ok: true }; // The URL rule itself refuses it, with its own message.
  }
  if (allow.has(host)) return { ok: true };
  if (isLocalName(host)) return refusal(host, "loopback");
  const kind = internalAddressKind(host);
  return kind ? refusal(host, kind) : { ok: true };
}

/**
 * The check at delivery time: the address to connect to, after DNS resolution. Every address the
 * name resolves to must be public (or allowed), else the delivery is refused; the first one is
 * returned for the connection to use, so what was checked is what is reached.
 */
export async function resolveWebhookHost(
  hostname: string,
  lookup: HostLookup = systemLookup,
  allow: Set<string> = configuredAllowHosts(),
): Promise<{ ok: true; address: ResolvedAddress } | { ok: false; reason: string }> {
  const host = normalHost(hostname);
  const family = isIP(host);
  if (family !== 0) {
    const kind = allow.has(host) ? null : internalAddressKind(host);
    return kind ? refusal(host, kind) : { ok: true, address: { address: host, family: family === 6 ? 6 : 4 } };
  }
  const hostAllowed = allow.has(host);
  if (isLocalName(host) && !hostAllowed) return refusal(host, "loopback");
  const addresses = await lookup(host);
  if (addresses.length === 0) return { ok: false, reason: `O nome ${host} não tem endereço.` };
  if (!hostAllowed) {
    for (const { address } of addresses) {
      const kind = allow.has(normalHost(address)) ? null : internalAddressKind(address);
      if (kind) return refusal(`${host} (${address})`, kind);
    }
  }
  return { ok: true, address: addresses[0] };
}
