import { describe, expect, it } from "vitest";

import { isLoopbackHost, pageNeedsHttps, readLocalNetworkPermission } from "~/lib/whatsapp-connection";

/** A navigator.permissions that knows some names (others throw a TypeError, as Chromium does). */
function permissions(known: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    async query({ name }: { name: string }) {
      asked.push(name);
      if (!(name in known)) throw new TypeError(`The provided value '${name}' is not a valid enum value of type PermissionName.`);
      return { state: known[name] };
    },
  };
}

describe("readLocalNetworkPermission", () => {
  it("asks under every name Chromium has used, tolerating the ones this browser does not know", async () => {
    const old = permissions({ "local-network-access": "denied" });
    expect(await readLocalNetworkPermission(old)).toBe("denied");
    expect(old.asked).toEqual(["local-network-access", "local-network", "loopback-network"]);
    expect(await readLocalNetworkPermission(permissions({ "loopback-network": "denied", "local-network": "granted" }))).toBe(
      "denied",
    );
    expect(await readLocalNetworkPermission(permissions({ "loopback-network": "granted", "local-network": "granted" }))).toBe(
      "granted",
    );
    expect(await readLocalNetworkPermission(permissions({ "loopback-network": "prompt", "local-network": "granted" }))).toBe(
      "prompt",
    );
  });

  it("unsupported when no name is known or there is no permissions API", async () => {
    expect(await readLocalNetworkPermission(permissions({}))).toBe("unsupported");
    expect(await readLocalNetworkPermission(undefined)).toBe("unsupported");
  });
});

describe("pageNeedsHttps", () => {
  it("plain http on another computer's address needs https; https, or this computer's address, does not", () => {
    expect(pageNeedsHttps({ protocol: "http:", hostname: "universidade.example" })).toBe(true);
    expect(pageNeedsHttps({ protocol: "http:", hostname: "192.168.0.10" })).toBe(true);
    expect(pageNeedsHttps({ protocol: "https:", hostname: "universidade.example" })).toBe(false);
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]"]) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(pageNeedsHttps({ protocol: "http:", hostname: host })).toBe(false);
    }
  });
});
