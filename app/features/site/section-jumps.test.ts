import { describe, expect, it } from "vitest";

import { fragmentId } from "~/features/site/section-jumps";

describe("fragmentId: the element a jump's fragment names", () => {
  it("drops the # and decodes escapes", () => {
    expect(fragmentId("#faq")).toBe("faq");
    expect(fragmentId("#onde-estudar")).toBe("onde-estudar");
    expect(fragmentId("#se%C3%A7%C3%A3o")).toBe("seção");
  });

  it("takes a malformed escape as written instead of throwing (it would take the page down)", () => {
    expect(fragmentId("#%E0%A4%A")).toBe("%E0%A4%A");
  });
});
