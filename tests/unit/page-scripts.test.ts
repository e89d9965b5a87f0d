import { describe, expect, it } from "vitest";

import { islandsIn, loadsFramework, SPECULATION_RULES } from "~/lib/page-scripts";
import { islandScripts, optimiseDocument } from "~/server/platform/document.server";

describe("which pages load the framework (decision 092)", () => {
  it("hydrates unless a matched route says framework: false", () => {
    expect(loadsFramework([{ handle: undefined }, { handle: { embeddable: true } }])).toBe(true);
    expect(loadsFramework([{ handle: undefined }, { handle: { framework: false } }])).toBe(false);
  });

  it("finds each island a document names, once, in order", () => {
    const html = '<header data-island="header"></header><p data-island="toasts"></p><i data-island="header"></i>';
    expect(islandsIn(html)).toEqual(["header", "toasts"]);
  });

  it("adds the islands with the nonce to a page without React Router's scripts, and only there", () => {
    const islands = {
      header: { src: "/assets/islands/header-abcdefgh.js", integrity: "sha384-h" },
      toasts: { src: "/assets/islands/toasts-abcdefgh.js", integrity: "sha384-t" },
    };
    const plain = '<html><head></head><body><header data-island="header"></header><i data-island="nope"></i></body></html>';
    const out = optimiseDocument(plain, { nonce: "n0", islands });
    expect(out).toContain(
      '<script type="module" src="/assets/islands/header-abcdefgh.js" integrity="sha384-h" nonce="n0"></script>',
    );
    expect(out).not.toContain("toasts-abcdefgh");
    expect(islandScripts(plain, islands)).not.toContain("nope");

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
