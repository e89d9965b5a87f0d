import { afterEach, describe, expect, it, vi } from "vitest";

import {
  CONNECTION_LOST,
  isConnectionLost,
  isNetworkError,
  keptFormKey,
  sendKeepingForm,
  skipRevalidationAfterConnectionLost,
  splitConnectionLost,
} from "~/ui/forms/offline-submit";

describe("sending a form when the connection drops", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("recognises the browsers' fetch failures, and any TypeError while the browser is offline", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(isNetworkError(new TypeError(message)), message).toBe(true);
    }
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isNetworkError(new Error("Failed to fetch"))).toBe(false);
    expect(isNetworkError(new Response(null, { status: 500 }))).toBe(false);
    vi.stubGlobal("navigator", { onLine: false });
    expect(isNetworkError(new TypeError("anything"))).toBe(true);
  });

  it("returns the server action's answer, turns a lost connection into data, and lets every other error through", async () => {
    await expect(sendKeepingForm(async () => ({ ok: 1 }))).resolves.toEqual({ ok: 1 });
    const lost = await sendKeepingForm(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(lost).toEqual({ connectionLost: CONNECTION_LOST });
    expect(isConnectionLost(lost)).toBe(true);
    const redirect = new Response(null, { status: 302, headers: { Location: "/x" } });
    await expect(sendKeepingForm(() => Promise.reject(redirect))).rejects.toBe(redirect);
    await expect(sendKeepingForm(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });

  it("skips revalidation only after a lost connection", () => {
    expect(
      skipRevalidationAfterConnectionLost({ actionResult: { connectionLost: CONNECTION_LOST }, defaultShouldRevalidate: true }),
    ).toBe(false);
    expect(skipRevalidationAfterConnectionLost({ actionResult: { error: null }, defaultShouldRevalidate: true })).toBe(true);
    expect(skipRevalidationAfterConnectionLost({ defaultShouldRevalidate: false })).toBe(false);
    expect(CONNECTION_LOST.title).toBe("Sem conexão com a internet");
  });

  it("keeps a form's key across lost connections, and follows the location again after an answer", () => {
    const lost = { connectionLost: CONNECTION_LOST };
    // Renders in order: the page (k1), a lost send (new location k2), another lost send (k3),
    // a refused send (k4), a lost send again (k5): [location key, action data] → the form's key.
    const renders: [string, unknown, string][] = [
      ["k1", undefined, "k1"],
      ["k2", lost, "k1"],
      ["k3", { connectionLost: CONNECTION_LOST }, "k1"],
      ["k4", { result: {}, alert: { title: "Senha incorreta" } }, "k4"],
      ["k5", lost, "k4"],
    ];
    let kept = "k1";
    for (const [locationKey, actionData, expected] of renders) {
      kept = keptFormKey(kept, locationKey, actionData);
      expect(kept, locationKey).toBe(expected);
    }
  });

  it("splits an answer into the lost-connection message or the server's answer", () => {
    const refused = { result: { status: "error" as const }, alert: { title: "Credenciais inválidas" } };
    expect(splitConnectionLost(refused)).toEqual({ lost: null, answer: refused });
    expect(splitConnectionLost({ connectionLost: CONNECTION_LOST })).toEqual({ lost: CONNECTION_LOST, answer: undefined });
    expect(splitConnectionLost(undefined)).toEqual({ lost: null, answer: undefined });
  });
});
