import { describe, expect, it } from "vitest";

import { carouselPosition, wrapIndex } from "~/ui/carousel-state";

describe("the carousel's position, shared by the React carousel and its island", () => {
  it("loops past the last full view to the first, and before the first to the last full view", () => {
    expect(wrapIndex(1, 9, 1)).toBe(1);
    expect(wrapIndex(9, 9, 1)).toBe(0);
    expect(wrapIndex(-1, 9, 1)).toBe(8);
    // Three side by side: the last full view starts at the seventh item.
    expect(wrapIndex(7, 9, 3)).toBe(0);
    expect(wrapIndex(-1, 9, 3)).toBe(6);
    expect(wrapIndex(-1, 2, 3)).toBe(0);
  });

  it("says where the visitor is as 'n de total'", () => {
    expect(carouselPosition(0, 3)).toBe("1 de 3");
    expect(carouselPosition(2, 3)).toBe("3 de 3");
  });
});
