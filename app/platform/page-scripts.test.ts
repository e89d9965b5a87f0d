import { describe, expect, it } from "vitest";

import { optimiseDocument, pageIslands, starterScript } from "~/platform/document.server";
import { islandsIn, loadsFramework, SPECULATION_RULES } from "~/shared/page-scripts";

describe("which pages load the framework (decision 092)", () => {
  it("hydrates unless a matched route says framework: false", () => {
    expect(loadsFramework([{ handle: undefined }, { handle: { embeddable: true } }])).toBe(true);
    expect(loadsFramework([{ handle: undefined }, { handle: { framework: false } }])).toBe(false);
  });

  it("finds each island a document names, once, in order", () => {
    const html = '<header data-island="header"></header><p data-island="toasts"></p><i data-island="header"></i>';
    expect(islandsIn(html)).toEqual(["header", "toasts"]);
  });

  it("starts the islands of a page without React Router's scripts after the first paint, and only there", () => {
    const islands = {
      header: { src: "/assets/islands/header-abcdefgh.js", integrity: "sha384-h" },
      toasts: { src: "/assets/islands/toasts-abcdefgh.js", integrity: "sha384-t" },
    };
    const plain = '<html><head></head><body><header data-island="header"></header><i data-island="nope"></i></body></html>';
    expect(pageIslands(plain, islands)).toEqual([islands.header]);
    const out = optimiseDocument(plain, { nonce: "n0", islands });
    // No script tag the preload scanner would fetch before the first paint (decision 114): the
    // starter, admitted by the nonce, names the island and its integrity.
    expect(out).not.toMatch(/<script[^>]*\ssrc=/);
    const starter = out.match(/<script nonce="n0">(\(function\(\)[\s\S]*?)<\/script><\/head>/)?.[1];
    expect(starter).toBe(starterScript({ islands: [islands.header] }));
    expect(starter).toContain('[["/assets/islands/header-abcdefgh.js","sha384-h"]]');
    expect(out).not.toContain("toasts-abcdefgh");

    const hydrating =
      '<html><head></head><body><header data-island="header"></header><script type="module">import("/x.js")</script></body></html>';
    expect(optimiseDocument(hydrating, { nonce: "n0", islands })).not.toContain("/assets/islands/");
  });

  it("gives a page without React Router the Speculation Rules, with the nonce, and a hydrating page none", () => {
    const plain = "<html><head></head><body><main></main></body></html>";
    const out = optimiseDocument(plain, { nonce: "n0", islands: {} });
    const block = out.match(/<script type="speculationrules" nonce="n0">(.*?)<\/script><\/body>/)?.[1];
    expect(JSON.parse(block!)).toEqual(SPECULATION_RULES);
    const hydrating = '<html><head></head><body><script type="module">import("/x.js")</script></body></html>';
    expect(optimiseDocument(hydrating, { nonce: "n0", islands: {} })).not.toContain("speculationrules");
  });
});
