import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkToken, generateKey, keyHash, parseKey, signProof } from "whatsapp-helper/token";

import { addAccessPassword, removeAccessPassword } from "~/features/whatsapp/access/access.server";
import { keyCheckApi, sendLogApi } from "~/features/whatsapp/helper-api/helper-api.server";
import { listHelperKeys, listRevokedHelpers, revokeHelperKey } from "~/features/whatsapp/helper-api/helper-keys.server";
import { action as verifyAction, loader as challengeLoader } from "~/features/whatsapp/helper-api/verification";
import { loader as zipLoader } from "~/features/whatsapp/start-scripts/mac.zip";
import { loader as shLoader } from "~/features/whatsapp/start-scripts/sh";
import { action as gateAction } from "~/features/whatsapp/tool/page";
import { HELPER_IMPOSTOR_TEXT, HELPER_KEY_REVOKED_TEXT, HELPER_NOT_YOURS_TEXT } from "~/features/whatsapp/tool/tool";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { args, cookieFrom, getRequest, payload, settle, statusOf } from "../../../../tests/support/route-calls";
import { signedInStaff } from "../../../../tests/support/staff-login";

/**
 * Per-helper keys (decision 070), against a real SQLite file: every start script downloaded carries a
 * key of its own, stored hashed and owned by who downloaded it; the site API takes only live keys; the
 * page gets a token only for a helper that proved it holds a live key.
 */

/** A role change, as the users page makes it. */
const setRole = (id: number, role: string) =>
  db.update(schema.adminUsers).set({ role }).where(eq(schema.adminUsers.id, id)).run();

let passwordSeq = 0;
async function operator(label = "Senha da equipe do polo Centro") {
  passwordSeq += 1;
  const password = `senha-chaves-${passwordSeq}`;
  const passwordId = (await addAccessPassword(password, label))!;
  const body = new URLSearchParams({ intent: "entrar", password });
  const response = (await gateAction(
    args(
      new Request("http://localhost/whatsapp", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `10.9.0.${passwordSeq}` },
        body,
      }),
    ),
  )) as Response;
  const cookie = cookieFrom(response)
    .split("; ")
    .find((c) => c.startsWith("__operador="))!;
  return { cookie, passwordId };
}

/** The key inside a downloaded .sh. */
async function downloadKey(cookie: string): Promise<string> {
  const script = await (
    (await shLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.sh", { cookie })))) as Response
  ).text();
  return /^HELPER_KEY='([^']+)'$/m.exec(script)![1];
}

const apiRequest = (key: string | null, path = "/api/whatsapp-helper/chave", init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, {
    ...init,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...init.headers },
  });

/** What a helper holding `key` answers on its port to the page's challenge. */
async function challengeFor(cookie: string): Promise<string> {
  return payload<{ challenge: string }>(await challengeLoader(args(getRequest("/whatsapp/ajudante", { cookie })))).challenge;
}

async function verify(cookie: string, body: unknown, origin = "http://localhost") {
  const result = await settle(() =>
    verifyAction(
      args(
        new Request("http://localhost/whatsapp/ajudante", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json", Origin: origin },
          body: JSON.stringify(body),
        }),
      ),
    ),
  );
  return { status: statusOf(result), body: payload(result) };
}

beforeEach(() => {
  resetAllRateLimits();
  db.delete(schema.whatsappHelperKeys).run();
  db.delete(schema.whatsappHelperRevocations).run();
  db.delete(schema.whatsappPasswords).run();
});
afterEach(() => resetClock());

describe("a key per downloaded start script", () => {
  it("is new on every download, stored only as its hash, named after who downloaded it", async () => {
    const { cookie, passwordId } = await operator();
    const first = parseKey(await downloadKey(cookie))!;
    const second = parseKey(await downloadKey(cookie))!;
    const zip = Buffer.from(
      await (
        (await zipLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper-mac.zip", { cookie })))) as Response
      ).arrayBuffer(),
    );
    expect(first.id).not.toBe(second.id);
    const rows = db.select().from(schema.whatsappHelperKeys).all();
    expect(rows).toHaveLength(3);
    const row = rows.find((r) => r.id === first.id)!;
    expect(row.secretHash).toBe(keyHash(first.secret));
    expect(JSON.stringify(rows)).not.toContain(first.secret);
    expect(row).toMatchObject({
      passwordId,
      userId: null,
      createdBy: `senha:${passwordId}:Senha da equipe do polo Centro`,
      platform: "Linux",
    });
    expect(rows.map((r) => r.platform).sort()).toEqual(["Linux", "Linux", "Mac"]);
    expect(zip.includes(Buffer.from("HELPER_KEY='"))).toBe(true);
    expect(listHelperKeys().map((k) => k.owner)).toEqual(
      Array(3).fill("Senha #" + passwordId + " (Senha da equipe do polo Centro)"),
    );
  });
});

describe("the site API takes only live keys", () => {
  it("answers /chave while the key lives, 401 at once after 'Revogar', after removing its password", async () => {
    const { cookie, passwordId } = await operator();
    const key = await downloadKey(cookie);
    const other = await downloadKey(cookie);
    expect(await (await keyCheckApi(apiRequest(key))).json()).toEqual({ ok: true, keyId: key.split(".")[0] });
    expect(
      db
        .select()
        .from(schema.whatsappHelperKeys)
        .where(eq(schema.whatsappHelperKeys.id, key.split(".")[0]))
        .get()?.lastUsedAt,
    ).not.toBeNull();

    expect(revokeHelperKey(key.split(".")[0])).toBe(true);
    expect((await keyCheckApi(apiRequest(key))).status).toBe(401);
    expect((await keyCheckApi(apiRequest(other))).status).toBe(200);

    removeAccessPassword(passwordId);
    expect((await keyCheckApi(apiRequest(other))).status).toBe(401);
    expect(db.select().from(schema.whatsappHelperKeys).all()).toHaveLength(0);
  });

  it("a staff user's key dies with the user's permission, and names the user in the send log", async () => {
    const { user, cookie } = await signedInStaff("comercial", "comercial.chaves@example.com", "senha-forte-comercial-1");
    const key = await downloadKey(cookie);
    const row = db.select().from(schema.whatsappHelperKeys).get()!;
    expect(row).toMatchObject({
      userId: user.id,
      passwordId: null,
      createdBy: `usuario:${user.id}:comercial.chaves@example.com`,
    });

    const log = await sendLogApi(
      apiRequest(key, "/api/whatsapp-helper/registro", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          entries: [
            {
              jobId: "job-chave",
              number: "5531999990001",
              status: "Enviado",
              name: "Ana",
              message: "Olá",
              sentAt: "2026-11-20T12:00:00.000Z",
            },
          ],
        }),
      }),
    );
    expect(log.status).toBe(200);
    expect(db.select().from(schema.whatsappSendLog).where(eq(schema.whatsappSendLog.jobId, "job-chave")).get()?.sentBy).toBe(
      `usuario:${user.id}:comercial.chaves@example.com`,
    );

    setRole(user.id, "marketing");
    expect((await keyCheckApi(apiRequest(key))).status).toBe(401);
    expect(listHelperKeys()[0]).toMatchObject({ live: false });
  });

  it("refuses anyone without a download: anonymous script requests make no key", async () => {
    const result = await settle(() => shLoader(args(getRequest("/whatsapp/iniciar-whatsapp-helper.sh"))));
    expect([302, 401]).toContain(statusOf(result));
    expect(db.select().from(schema.whatsappHelperKeys).all()).toHaveLength(0);
  });
});

describe("unused keys expire (decision 116)", () => {
  it("keeps at most 3 never-used keys per owner; a key never used within 7 days dies, a used one lives", async () => {
    const { cookie } = await operator("Senha da equipe Leste");
    const other = await operator("Senha da equipe Oeste");
    const otherKey = await downloadKey(other.cookie);
    const keys: string[] = [];
    const start = Date.now();
    for (let i = 0; i < 4; i += 1) {
      setClockForTests(() => start + i * 1000);
      keys.push(await downloadKey(cookie));
    }
    // the oldest unused one went with the fourth download; another owner's key is untouched
    expect((await keyCheckApi(apiRequest(keys[0]))).status).toBe(401);
    expect(listHelperKeys().map((k) => k.id)).toEqual(
      expect.arrayContaining([keys[1], keys[2], keys[3], otherKey].map((k) => k.split(".")[0])),
    );
    expect(listHelperKeys()).toHaveLength(4);
    expect(listRevokedHelpers()).toEqual([]);

    // keys[1] is used (its helper asked the site); the others never are
    expect((await keyCheckApi(apiRequest(keys[1]))).status).toBe(200);
    setClockForTests(() => start + 8 * 86_400_000);
    expect((await keyCheckApi(apiRequest(keys[1]))).status).toBe(200);
    for (const unused of [keys[2], keys[3], otherKey]) expect((await keyCheckApi(apiRequest(unused))).status).toBe(401);
    expect(listHelperKeys().map((k) => k.id)).toEqual([keys[1].split(".")[0]]);
  });
});

describe("a revoked helper (decision 115)", () => {
  const logRow = (key: string, jobId: string) =>
    sendLogApi(
      apiRequest(key, "/api/whatsapp-helper/registro", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          entries: [
            { jobId, number: "5531999990002", status: "Enviado", name: "Bia", message: "Olá", sentAt: new Date().toISOString() },
          ],
        }),
      }),
    );
  const confirm = (key: string, whatsappLoggedOut: boolean) =>
    keyCheckApi(
      apiRequest(key, "/api/whatsapp-helper/chave", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ unlinked: true, whatsappLoggedOut }),
      }),
    );

  it("posts its last results for 24 h, confirms its unlink, and the admin's list shows when", async () => {
    const { cookie, passwordId } = await operator("Senha da equipe Sul");
    const key = await downloadKey(cookie);
    const id = key.split(".")[0];
    removeAccessPassword(passwordId);
    expect((await keyCheckApi(apiRequest(key))).status).toBe(401);
    expect(listRevokedHelpers()).toEqual([
      expect.objectContaining({
        id,
        owner: `Senha #${passwordId} (Senha da equipe Sul)`,
        unlinkedAt: null,
        whatsappLoggedOut: null,
      }),
    ]);

    // what it sent before it learnt of the revocation reaches the log, named after its owner
    expect((await logRow(key, "job-revogado")).status).toBe(200);
    expect(db.select().from(schema.whatsappSendLog).where(eq(schema.whatsappSendLog.jobId, "job-revogado")).get()?.sentBy).toBe(
      `senha:${passwordId}:Senha da equipe Sul`,
    );
    // its word that it logged out of WhatsApp and deleted its session
    expect((await confirm(key, true)).status).toBe(200);
    expect(listRevokedHelpers()[0]).toMatchObject({ id, whatsappLoggedOut: true, unlinkedAt: expect.any(String) });
    // still nothing else: the key itself is dead
    expect((await keyCheckApi(apiRequest(key))).status).toBe(401);
    expect((await confirm(generateKey().key, true)).status).toBe(401);

    setClockForTests(() => Date.now() + 25 * 3600_000);
    expect((await logRow(key, "job-tarde")).status).toBe(401);
  });

  it("a live key confirms nothing; a staff key that lost the permission is revoked by its confirmation", async () => {
    const { cookie } = await operator();
    const live = await downloadKey(cookie);
    expect((await confirm(live, true)).status).toBe(405);
    expect(listRevokedHelpers()).toEqual([]);

    const { user, cookie: staff } = await signedInStaff(
      "comercial",
      "comercial.desvinculo@example.com",
      "senha-forte-comercial-5",
    );
    const staffKey = await downloadKey(staff);
    setRole(user.id, "marketing");
    expect((await confirm(staffKey, false)).status).toBe(200);
    expect(listRevokedHelpers()[0]).toMatchObject({ id: staffKey.split(".")[0], whatsappLoggedOut: false });
    expect(listHelperKeys().map((k) => k.id)).not.toContain(staffKey.split(".")[0]);
  });
});

describe("the page gets a token only for a helper that proves a live key", () => {
  it("a real helper's proof gets a 12 h token made for its key only", async () => {
    const { cookie } = await operator();
    const key = parseKey(await downloadKey(cookie))!;
    const challenge = await challengeFor(cookie);
    const { status, body } = await verify(cookie, { challenge, keyId: key.id, proof: signProof(key, challenge) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, keyId: key.id });
    expect(checkToken(body.token, key)).toEqual({ ok: true });
    expect(checkToken(body.token, generateKey())).toMatchObject({ ok: false });
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
  });

  it("an impostor (no key, an invented key, another key's proof, a replayed proof) gets nothing", async () => {
    const { cookie } = await operator();
    const key = parseKey(await downloadKey(cookie))!;
    const challenge = await challengeFor(cookie);
    const invented = generateKey();
    const earlier = await challengeFor(cookie);
    for (const [label, answer] of Object.entries({
      "nothing in its answer": {},
      "an invented key": { keyId: invented.id, proof: signProof(invented, challenge) },
      "a live key's id with a made-up proof": { keyId: key.id, proof: signProof(invented, challenge) },
      "a proof of another challenge": { keyId: key.id, proof: signProof(key, earlier) },
    })) {
      const { status, body } = await verify(cookie, { challenge, ...answer });
      expect(status, label).toBe(409);
      expect(body, label).toEqual({ ok: false, code: "impostor", message: HELPER_IMPOSTOR_TEXT });
    }
  });

  it("operator B gets no token for A's helper, nor a staff user for another's", async () => {
    const a = await operator("Senha da equipe A");
    const b = await operator("Senha da equipe B");
    const keyA = parseKey(await downloadKey(a.cookie))!;
    const challenge = await challengeFor(b.cookie);
    const { status, body } = await verify(b.cookie, { challenge, keyId: keyA.id, proof: signProof(keyA, challenge) });
    expect(status).toBe(409);
    expect(body).toEqual({ ok: false, code: "not-yours", message: HELPER_NOT_YOURS_TEXT });
    expect(JSON.stringify(body)).not.toMatch(/token/);

    const { cookie: ana } = await signedInStaff("comercial", "ana.chaves@example.com", "senha-forte-comercial-3");
    const { cookie: bia } = await signedInStaff("comercial", "bia.chaves@example.com", "senha-forte-comercial-4");
    const keyAna = parseKey(await downloadKey(ana))!;
    const fresh = await challengeFor(bia);
    expect((await verify(bia, { challenge: fresh, keyId: keyAna.id, proof: signProof(keyAna, fresh) })).body.code).toBe(
      "not-yours",
    );
    // a staff user's key is not a password's, nor the other way round
    expect((await verify(bia, { challenge: fresh, keyId: keyA.id, proof: signProof(keyA, fresh) })).body.code).toBe("not-yours");
    // each owner still gets a token for their own helper
    expect((await verify(a.cookie, { challenge, keyId: keyA.id, proof: signProof(keyA, challenge) })).body.ok).toBe(true);
    expect((await verify(ana, { challenge: fresh, keyId: keyAna.id, proof: signProof(keyAna, fresh) })).body.ok).toBe(true);
  });

  it("a revoked key's helper is told so; an expired or forged challenge is refused", async () => {
    const { cookie } = await operator();
    const key = parseKey(await downloadKey(cookie))!;
    const challenge = await challengeFor(cookie);
    revokeHelperKey(key.id);
    // a revoked key's own proof: "revoked", never "another program on the port"
    expect((await verify(cookie, { challenge, keyId: key.id, proof: signProof(key, challenge) })).body).toEqual({
      ok: false,
      code: "revoked-key",
      message: HELPER_KEY_REVOKED_TEXT,
    });
    // its id with a proof that is not its key's: an impostor
    expect((await verify(cookie, { challenge, keyId: key.id, proof: signProof(generateKey(), challenge) })).body.code).toBe(
      "impostor",
    );

    const { user, cookie: staff } = await signedInStaff("comercial", "comercial.revogado@example.com", "senha-forte-comercial-2");
    const staffKey = parseKey(await downloadKey(staff))!;
    setRole(user.id, "marketing");
    const fresh = await challengeFor(cookie);
    expect((await verify(cookie, { challenge: fresh, keyId: staffKey.id, proof: signProof(staffKey, fresh) })).body).toEqual({
      ok: false,
      code: "revoked-key",
      message: HELPER_KEY_REVOKED_TEXT,
    });

    const live = parseKey(await downloadKey(cookie))!;
    const start = Date.now();
    setClockForTests(() => start);
    const old = await challengeFor(cookie);
    setClockForTests(() => start + 11 * 60_000);
    expect((await verify(cookie, { challenge: old, keyId: live.id, proof: signProof(live, old) })).body.code).toBe("challenge");
    const forged = `${old.slice(0, -3)}AAA`;
    expect((await verify(cookie, { challenge: forged, keyId: live.id, proof: signProof(live, forged) })).body.code).toBe(
      "challenge",
    );
  });

  it("is only for the tool's users, from the site's own pages", async () => {
    expect(statusOf(await settle(() => challengeLoader(args(getRequest("/whatsapp/ajudante")))))).toBe(401);
    expect((await verify("", { challenge: "x" })).status).toBe(401);
    const { cookie } = await operator();
    expect((await verify(cookie, { challenge: "x" }, "https://evil.example")).status).toBe(403);
  });
});
