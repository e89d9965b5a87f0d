import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { action as leadAction, loader as leadLoader } from "~/features/vocational/form";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { VOCATIONAL_LEAD } from "../../../tests/support/lead-forms";
import { args, formRequest, getRequest, payload } from "../../../tests/support/route-calls";

/**
 * The consent notice of the vocational test after its text changed once: v1 is the old text, v2 the
 * one the form shows now. A visitor whose page still showed v1 (kept open, or cached) must have v1
 * stored, not the server's current version. The real content file has one version so far, so this
 * file gives the content module a second one; everything else (action, database) is real.
 */
vi.mock("~/features/vocational/vocational-form.seed", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/features/vocational/vocational-form.seed")>();
  const texts = {
    ...original.VOCATIONAL_CONSENT_TEXTS,
    "teste-vocacional-v2": "Texto novo do aviso de consentimento do teste vocacional.",
  };
  return {
    ...original,
    VOCATIONAL_CONSENT_TEXTS: texts,
    VOCATIONAL_CONSENT: { version: "teste-vocacional-v2", text: texts["teste-vocacional-v2"] },
  };
});

const GOOD = VOCATIONAL_LEAD;

let counter = 0;
const uniqueEmail = () => `consentimento.${Date.now()}.${counter++}@example.com`;

function versionStored(email: string) {
  const rows = db
    .select()
    .from(schema.leads)
    .where(and(eq(schema.leads.email, email), eq(schema.leads.origem, "teste_vocacional")))
    .all();
  return rows.map((row) => row.consentimento_versao);
}

async function post(fields: Record<string, string>) {
  const email = uniqueEmail();
  const result = await leadAction(args(formRequest("/teste-vocacional", { ...GOOD, ...fields, email })));
  return { email, result };
}

beforeEach(() => resetAllRateLimits());

describe("consent version of the vocational lead form, with an older version still known", () => {
  it("the form offers the current version", async () => {
    expect(payload(await leadLoader(args(getRequest("/teste-vocacional")))).consent).toEqual({
      version: "teste-vocacional-v2",
      text: "Texto novo do aviso de consentimento do teste vocacional.",
    });
  });

  it("stores the version the visitor saw, not the current one, with and without JavaScript", async () => {
    for (const js of [{}, { _js: "1" }] as Record<string, string>[]) {
      const old = await post({ ...js, consentVersion: "teste-vocacional-v1" });
      expect(versionStored(old.email)).toEqual(["teste-vocacional-v1"]);
      const current = await post({ ...js, consentVersion: "teste-vocacional-v2" });
      expect(versionStored(current.email)).toEqual(["teste-vocacional-v2"]);
    }
  });

  it("a post without the field is taken as the current notice", async () => {
    const { email, result } = await post({});
    expect((result as Response).status).toBe(303);
    expect(versionStored(email)).toEqual(["teste-vocacional-v2"]);
  });

  it("a version that was never shown is refused and stores nothing", async () => {
    const { email, result } = await post({ consentVersion: "teste-vocacional-v3" });
    expect(payload(result).result.error).toEqual({
      "": ["O aviso de privacidade deste formulário foi atualizado. Leia o aviso acima do botão e envie o formulário novamente."],
    });
    expect(versionStored(email)).toEqual([]);
  });
});
