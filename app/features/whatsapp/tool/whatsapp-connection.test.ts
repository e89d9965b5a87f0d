import { describe, expect, it } from "vitest";

import { browserBlock, isLoopbackHost, pageNeedsHttps, readLocalNetworkPermission } from "~/features/whatsapp/tool/connection";
import { helperPageUrl } from "~/shared/helper-url";

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

describe("browserBlock", () => {
  const http = { protocol: "http:", hostname: "universidade.example" };
  const https = { protocol: "https:", hostname: "universidade.example" };
  it("a plain-http page: https is the cause, even though Chrome reports the permission denied there", () => {
    expect(browserBlock("denied", http, false)).toBe("https-required");
    expect(browserBlock("denied", http, true)).toBe("https-required");
    // A browser without the check gets its try; its failure is still told as https.
    expect(browserBlock("unsupported", http, false)).toBeNull();
    expect(browserBlock("unsupported", http, true)).toBe("https-required");
  });
  it("over https: only a denied permission blocks", () => {
    expect(browserBlock("denied", https, false)).toBe("permission-denied");
    expect(browserBlock("prompt", https, true)).toBeNull();
    expect(browserBlock("granted", https, true)).toBeNull();
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

describe("the helper's address for the page", () => {
  it("is 127.0.0.1 for a localhost name, never a name the browser resolves to [::1] first", () => {
    expect(helperPageUrl("http://localhost:3001")).toBe("http://127.0.0.1:3001");
    expect(helperPageUrl("http://LOCALHOST:4001/")).toBe("http://127.0.0.1:4001");
    expect(helperPageUrl("http://helper.localhost:3001")).toBe("http://127.0.0.1:3001");
    expect(helperPageUrl("http://127.0.0.1:3001")).toBe("http://127.0.0.1:3001");
  });
});
