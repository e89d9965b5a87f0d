import { describe, expect, it } from "vitest";

import { hashPassword, lookupTagPrefix, needsRehash, passwordLookupTag, verifyPassword } from "~/features/staff/password.server";

describe("password hashing", () => {
  it("stores a self-describing scrypt string with a random salt", async () => {
    const a = await hashPassword("senha-forte-123");
    const b = await hashPassword("senha-forte-123");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("senha-forte-123");
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("Ação-çã 2025");
    expect(await verifyPassword("Ação-çã 2025", stored)).toBe(true);
    expect(await verifyPassword("Acao-ca 2025", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("never matches or throws on a malformed stored hash", async () => {
    for (const bad of ["", "plain", "scrypt$1$8$1$abc$def", "bcrypt$2$8$1$AAAA$BBBBBBBBBBBBBBBBBBBBBBBB", "scrypt$16384$8$1$$"]) {
      expect(await verifyPassword("x", bad)).toBe(false);
    }
  });

  it("flags hashes made with weaker parameters", async () => {
    const weak = await hashPassword("x", { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("x", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("x"))).toBe(false);
  });

  it("gives a keyed lookup tag: the same for the same password and key, another for another key, Unicode-normalised", () => {
    const key = Buffer.from("chave-de-teste");
    const tag = passwordLookupTag("Ação-çã 2025", key);
    expect(tag).toMatch(/^[\w-]{8}\.[\w-]{43}$/);
    expect(tag.startsWith(lookupTagPrefix(key))).toBe(true);
    expect(passwordLookupTag("Ação-çã 2025", key)).toBe(tag);
    expect(passwordLookupTag("Ação-çã 2025".normalize("NFD"), key)).toBe(tag);
    expect(passwordLookupTag("Acao-ca 2025", key)).not.toBe(tag);
    const other = passwordLookupTag("Ação-çã 2025", Buffer.from("outra-chave"));
    expect(other).not.toBe(tag);
    expect(other.startsWith(lookupTagPrefix(key))).toBe(false);
    expect(tag).not.toContain("Ação");
  });
});
