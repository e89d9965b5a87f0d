import { beforeEach, describe, expect, it, vi } from "vitest";

// The management page's slug and master password come from the configuration, read once at import.
vi.hoisted(() => {
  process.env.WHATSAPP_MASTER_PASSWORD = "mestra-lookup-1";
  process.env.WHATSAPP_ADMIN_SLUG = "painel-lookup";
});

// Every scrypt the server runs goes through node:crypto's scrypt: the spy counts them (the real
// one still runs). Counting calls, never timing them.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

import { scrypt } from "node:crypto";

import { eq } from "drizzle-orm";

import { dummyPasswordHash, hashPassword, passwordLookupTag } from "~/features/staff/password.server";
import { accessPasswordTag, addAccessPassword, matchAccessPassword } from "~/features/whatsapp/access/access.server";
import { action as manageAction } from "~/features/whatsapp/passwords/page";
import { action as gateAction } from "~/features/whatsapp/tool/page";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { args, formRequest, statusOf } from "../../../../tests/support/route-calls";

const MANAGE = "/whatsapp/painel-lookup";
const STORED = Array.from({ length: 8 }, (_, i) => `senha-acesso-${i + 1}`);
const scrypts = vi.mocked(scrypt);

/** How many scrypts `run` performs. */
async function scryptsDuring(run: () => Promise<unknown>): Promise<number> {
  scrypts.mockClear();
  await run();
  return scrypts.mock.calls.length;
}

function rows() {
  return db.select().from(schema.whatsappPasswords).orderBy(schema.whatsappPasswords.id).all();
}

/** Stores a password the way the site did before lookup tags: a hash and nothing else. */
async function storeLegacy(password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.insert(schema.whatsappPasswords).values({ passwordHash }).returning().get().id;
}

const gate = (password: string) => gateAction(args(formRequest("/whatsapp", { intent: "entrar", password })));
/** The gate's answer to a password and how many scrypts it took. */
async function gateCost(password: string): Promise<{ scrypts: number; status: number }> {
  let status = 0;
  const scrypts = await scryptsDuring(async () => {
    status = statusOf(await gate(password));
  });
  return { scrypts, status };
}
const add = (newPassword: string) =>
  manageAction(
    args(formRequest(MANAGE, { intent: "adicionar", label: "Equipe de teste", masterPassword: "mestra-lookup-1", newPassword }), {
      slug: "painel-lookup",
    }),
  );

beforeEach(async () => {
  resetAllRateLimits();
  db.delete(schema.whatsappPasswords).run();
  for (const password of STORED) await addAccessPassword(password, "Equipe de teste");
  // The dummy hash is made once per process: made here, so it is not counted below.
  await dummyPasswordHash();
});

describe("WhatsApp access passwords: one scrypt per check, found by a keyed lookup tag", () => {
  it("stores a keyed tag beside each hash: not the password, not a plain hash of it, one per password", () => {
    const stored = rows();
    expect(stored).toHaveLength(STORED.length);
    expect(new Set(stored.map((row) => row.lookupTag)).size).toBe(STORED.length);
    stored.forEach((row, i) => {
      expect(row.lookupTag).toBe(accessPasswordTag(STORED[i]));
      expect(row.lookupTag).toMatch(/^[\w-]{8}\.[\w-]{43}$/);
      expect(row.lookupTag).not.toContain(STORED[i]);
      // Another key gives another tag: the tag needs the server's key.
      expect(row.lookupTag).not.toBe(passwordLookupTag(STORED[i], Buffer.from("outra-chave")));
    });
  });

  it(`the gate with ${STORED.length} stored passwords: the right one (first, middle, last) costs exactly one scrypt`, async () => {
    for (const password of [STORED[0], STORED[4], STORED[STORED.length - 1]]) {
      expect(await gateCost(password)).toEqual({ scrypts: 1, status: 303 });
      resetAllRateLimits();
    }
  });

  it(`the gate with ${STORED.length} stored passwords: a wrong one costs exactly one scrypt too (a dummy hash)`, async () => {
    for (const password of ["errada", "senha-acesso-9", "SENHA-ACESSO-1"]) {
      expect(await gateCost(password)).toEqual({ scrypts: 1, status: 401 });
    }
  });

  it("a row whose tag matches but whose hash does not is refused (the scrypt decides, not the tag)", async () => {
    const [first, second] = rows();
    // Point the second row's hash at another password: its tag still says senha-acesso-2.
    db.update(schema.whatsappPasswords)
      .set({ passwordHash: first.passwordHash })
      .where(eq(schema.whatsappPasswords.id, second.id))
      .run();
    expect(await scryptsDuring(async () => expect(await matchAccessPassword(STORED[1])).toBeNull())).toBe(1);
  });

  it(`adding a password with ${STORED.length} stored costs exactly one scrypt, and so does refusing a duplicate`, async () => {
    expect(await scryptsDuring(async () => expect(statusOf(await add("senha-nova-1"))).toBe(303))).toBe(1);
    expect(rows()).toHaveLength(STORED.length + 1);
    expect(rows().at(-1)!.lookupTag).toBe(accessPasswordTag("senha-nova-1"));

    for (const duplicate of ["senha-nova-1", STORED[3]]) {
      expect(await scryptsDuring(async () => expect(statusOf(await add(duplicate))).toBe(409))).toBe(1);
    }
    expect(rows()).toHaveLength(STORED.length + 1);
  });

  it("the same password spelt in another Unicode form is the same password (tag and scrypt both normalise)", async () => {
    const composed = "Ação-çã 2025";
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    expect(await addAccessPassword(composed, "Equipe de teste")).not.toBeNull();
    expect(await addAccessPassword(decomposed, "Equipe de teste")).toBeNull();
    expect(await matchAccessPassword(decomposed)).toBe(rows().at(-1)!.id);
  });

  it("two concurrent additions of the same password store it once (the unique tag index)", async () => {
    const results = await Promise.all([
      addAccessPassword("senha-corrida", "Equipe de teste"),
      addAccessPassword("senha-corrida", "Equipe de teste"),
    ]);
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(rows().filter((row) => row.lookupTag === accessPasswordTag("senha-corrida"))).toHaveLength(1);
  });
});

describe("WhatsApp access passwords stored before lookup tags", () => {
  it("a legacy row (no tag) still opens the gate, and gets its tag on that first use", async () => {
    const id = await storeLegacy("senha-antiga");
    expect(rows().find((row) => row.id === id)!.lookupTag).toBeNull();

    // First use: the tag finds nothing, the untagged row is tried (one scrypt) and gets its tag.
    expect(await scryptsDuring(async () => expect(await matchAccessPassword("senha-antiga")).toBe(id))).toBe(1);
    expect(rows().find((row) => row.id === id)!.lookupTag).toBe(accessPasswordTag("senha-antiga"));

    // From then on, through the gate too, it is found by its tag.
    expect(await gateCost("senha-antiga")).toEqual({ scrypts: 1, status: 303 });
  });

  it("while legacy rows remain, only they are tried one by one; the tagged ones never are", async () => {
    await storeLegacy("senha-antiga-1");
    await storeLegacy("senha-antiga-2");
    // A wrong password: each untagged row once (2), no tagged row, no dummy on top.
    expect(await scryptsDuring(async () => expect(await matchAccessPassword("errada")).toBeNull())).toBe(2);
    // A tagged password: its own row only.
    expect(await scryptsDuring(async () => expect(await matchAccessPassword(STORED[6])).not.toBeNull())).toBe(1);
    // Once both have been used, a wrong password is back to one scrypt.
    await matchAccessPassword("senha-antiga-1");
    await matchAccessPassword("senha-antiga-2");
    expect(await scryptsDuring(async () => expect(await matchAccessPassword("errada")).toBeNull())).toBe(1);
  });

  it("adding a password that a legacy row already holds is refused, and tags that row", async () => {
    const id = await storeLegacy("senha-antiga");
    expect(statusOf(await add("senha-antiga"))).toBe(409);
    expect(
      rows()
        .filter((row) => row.lookupTag === accessPasswordTag("senha-antiga"))
        .map((row) => row.id),
    ).toEqual([id]);
    expect(rows()).toHaveLength(STORED.length + 1);
  });

  it("a tag made under another key (SESSION_SECRET changed) counts as missing: the row still opens and is re-tagged", async () => {
    const [row] = rows();
    const stale = passwordLookupTag(STORED[0], Buffer.from("chave-de-antes"));
    db.update(schema.whatsappPasswords).set({ lookupTag: stale }).where(eq(schema.whatsappPasswords.id, row.id)).run();
    expect(await matchAccessPassword(STORED[0])).toBe(row.id);
    expect(rows()[0].lookupTag).toBe(accessPasswordTag(STORED[0]));
    // And a duplicate of it could not have been added meanwhile.
    db.update(schema.whatsappPasswords).set({ lookupTag: stale }).where(eq(schema.whatsappPasswords.id, row.id)).run();
    expect(await addAccessPassword(STORED[0], "Equipe de teste")).toBeNull();
  });
});
