import { describe, expect, it } from "vitest";

import { clubHubs } from "~/features/club/club.seed";
import { polos } from "~/features/polos/polos.seed";

describe("club page hubs", () => {
  it("are 14 Minas Gerais polos, each with the address and phone of the study-centre list", () => {
    expect(clubHubs).toHaveLength(14);
    for (const hub of clubHubs) {
      // The page shows "<location> - MG"; that is the polo's own location.
      const polo = polos.find((p) => p.location === `${hub.location} - MG`);
      expect(polo, hub.location).toBeDefined();
      expect(hub.phone, hub.location).toBe(polo!.phone);
    }
  });

  it("never give one phone to two hubs", () => {
    expect(new Set(clubHubs.map((h) => h.phone)).size).toBe(clubHubs.length);
    expect(new Set(clubHubs.map((h) => h.location)).size).toBe(clubHubs.length);
  });
});
