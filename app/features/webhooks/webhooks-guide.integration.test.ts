import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import { loader } from "~/features/webhooks/guide";
import { leadEventData, WEBHOOK_EVENT_TYPES } from "~/features/webhooks/outbox.server";

import { args, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * The admin's guide to the webhooks (/admin/webhooks/guia): for the webhooks permission only, every
 * event described, and an example whose signature a receiver can check its own code against.
 */

const open = (cookie?: string) => settle(() => loader(args(getRequest("/admin/webhooks/guia", cookie ? { cookie } : {}))));

describe("Como receber os webhooks", () => {
  it("is for who manages the webhooks only", async () => {
    expect([302, 303]).toContain(statusOf(await open()));
    for (const role of ["comercial", "marketing"] as const) {
      const { cookie } = await signedInStaff(role);
      expect([302, 303, 403, 404]).toContain(statusOf(await open(cookie)));
    }
  });

  it("describes every event the site sends, and its example signature is the HMAC a receiver computes", async () => {
    const { cookie } = await signedInStaff("admin");
    const guide = payload(await open(cookie));
    expect(guide.events.map((event: { type: string }) => event.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const event of guide.events) expect(event.description.length).toBeGreaterThan(40);
    const { rawBody, secret, timestamp, signature } = guide.example;
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(Buffer.from(rawBody)).digest("hex")}`;
    expect(signature).toBe(expected);
    // The example is a real lead.created body: the same fields every delivery carries.
    const body = JSON.parse(rawBody);
    expect(body).toMatchObject({ id: guide.example.eventId, type: "lead.created" });
    expect(Object.keys(body.data.lead).sort()).toEqual(
      Object.keys(
        (
          leadEventData({
            id: 1,
            origem: "inscricao",
            nome: "",
            email: "",
            telefone: "",
            criado_em: "",
            consentimento_em: null,
            consentimento_versao: null,
          }) as { lead: object }
        ).lead,
      ).sort(),
    );
    expect(JSON.parse(guide.example.body)).toEqual(body);
  });
});
