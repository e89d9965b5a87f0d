import { beforeEach, describe, expect, it } from "vitest";

import { action as leadAction } from "~/features/vocational/form";
import { action as questionsAction } from "~/features/vocational/questions";
import { readTestState } from "~/features/vocational/vocational.server";
import { resetAllRateLimits, testAnswersLimiter } from "~/platform/rate-limit.server";
import { getVisitorSession } from "~/platform/session.server";

import { VOCATIONAL_LEAD } from "../../../../tests/support/lead-forms";
import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../../tests/support/route-calls";

/** The vocational test's answer pages refuse spam: a filled honeypot field, and too many posts from one IP. */

const LEAD = VOCATIONAL_LEAD;
const PAGE_ONE = { pagina: "1", intent: "proximo", q1: "A", q2: "B", q3: "C", q4: "D", q5: "A" };

async function leadCookie() {
  const response = (await leadAction(
    args(formRequest("/teste-vocacional", { ...LEAD, email: `abuso.${Math.random()}@example.com` })),
  )) as Response;
  expect(response.status).toBe(303);
  return cookieFrom(response);
}

beforeEach(() => resetAllRateLimits());

describe("vocational questions: spam and flooding", () => {
  it("a post with the honeypot filled in goes back to the page and saves no answer", async () => {
    const cookie = await leadCookie();
    const result = (await settle(() =>
      questionsAction(
        args(formRequest("/teste-vocacional/perguntas", { ...PAGE_ONE, website: "https://spam.example" }, { cookie })),
      ),
    )) as Response;
    expect(result.status).toBe(303);
    expect(result.headers.get("Location")).toBe("/teste-vocacional/perguntas?pagina=1");
    expect(result.headers.get("Set-Cookie")).toBeNull();
    const state = readTestState(await getVisitorSession(getRequest("/", { cookie })));
    expect(state.answers).toEqual({});
  });

  it("the same post without the honeypot is saved (the check above can fail)", async () => {
    const cookie = await leadCookie();
    const result = (await settle(() =>
      questionsAction(args(formRequest("/teste-vocacional/perguntas", PAGE_ONE, { cookie }))),
    )) as Response;
    expect(result.status).toBe(303);
    const state = readTestState(await getVisitorSession(getRequest("/", { cookie: cookieFrom(result, cookie) })));
    expect(Object.keys(state.answers)).toHaveLength(5);
  });

  it("limits answer posts per IP (four times the lead forms' budget), with Retry-After", async () => {
    const cookie = await leadCookie();
    const headers = { "X-Client-Ip": "203.0.113.77" };
    const limit = Number(process.env.RATE_LIMIT_PUBLIC_FORMS ?? 30) * 4;
    for (let i = 0; i < limit; i++) {
      const result = await settle(() =>
        questionsAction(args(formRequest("/teste-vocacional/perguntas", PAGE_ONE, { cookie, headers }))),
      );
      expect(statusOf(result)).toBe(303);
    }
    const blocked = await settle(() =>
      questionsAction(args(formRequest("/teste-vocacional/perguntas", PAGE_ONE, { cookie, headers }))),
    );
    expect(statusOf(blocked)).toBe(429);
    expect(payload(blocked).error.title).toBe("Muitas tentativas");
    expect(Number(new Headers((blocked as any).init.headers).get("Retry-After"))).toBeGreaterThan(0);
    // Another address still gets through.
    const other = await settle(() =>
      questionsAction(
        args(formRequest("/teste-vocacional/perguntas", PAGE_ONE, { cookie, headers: { "X-Client-Ip": "203.0.113.78" } })),
      ),
    );
    expect(statusOf(other)).toBe(303);
    expect(await testAnswersLimiter.isLimited("203.0.113.78")).toBe(false);
  });
});
