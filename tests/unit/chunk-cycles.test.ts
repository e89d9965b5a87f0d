// The build's guard against chunks that import each other in a circle (decision 112): such a
// circle broke hydration on every hydrated page ("Cannot access 'De' before initialization").
import { describe, expect, it } from "vitest";

import { findChunkCycle } from "../../scripts/chunk-cycles.mjs";

const chunk = (...imports: string[]) => ({ type: "chunk", imports });

describe("findChunkCycle", () => {
  it("finds the frame and an icon that imports lucide's runtime back from it", () => {
    const bundle = {
      "entry.js": chunk("framework.js", "frame.js"),
      "framework.js": chunk(),
      "frame.js": chunk("framework.js", "icon-search.js"),
      "icon-search.js": chunk("frame.js"),
    };
    expect(findChunkCycle(bundle)).toEqual(["frame.js", "icon-search.js", "frame.js"]);
  });

  it("accepts shared chunks imported from many places, and ignores assets", () => {
    const bundle = {
      "a.js": chunk("framework.js", "frame.js"),
      "b.js": chunk("framework.js", "frame.js", "icon-x.js"),
      "frame.js": chunk("framework.js"),
      "icon-x.js": chunk("frame.js"),
      "framework.js": chunk(),
      "style.css": { type: "asset" },
    };
    expect(findChunkCycle(bundle)).toBeNull();
  });
});
