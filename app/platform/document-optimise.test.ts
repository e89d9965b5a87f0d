// The finishing of rendered documents: critical CSS and the JavaScript started after the first paint.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";

import { describe, expect, it } from "vitest";

import {
  criticalCss,
  documentClasses,
  documentElements,
  selectorClasses,
  selectorElements,
} from "~/platform/critical-css.server";
import { optimiseDocument, starterScript, withoutHydrationMarks } from "~/platform/document.server";

describe("selectorClasses", () => {
  it("unescapes Tailwind class names and ignores attribute values", () => {
    expect(selectorClasses(".sm\\:px-6")).toEqual(["sm:px-6"]);
    expect(selectorClasses(".top-\\[100px\\]")).toEqual(["top-[100px]"]);
    expect(selectorClasses(".mt-0\\.5")).toEqual(["mt-0.5"]);
    expect(selectorClasses(".hover\\:bg-brand-700:hover")).toEqual(["hover:bg-brand-700"]);
    expect(selectorClasses(":is(:where(.group):hover .group-hover\\:underline)")).toEqual(["group", "group-hover:underline"]);
    expect(selectorClasses('a[href$=".pdf"]')).toEqual([]);
    expect(selectorClasses(".\\[\\&\\>svg\\]\\:size-4>svg")).toEqual(["[&>svg]:size-4"]);
    expect(selectorClasses("*,:before,:after")).toEqual([]);
  });
});

describe("selectorElements", () => {
  it("names the elements a selector requires, not those inside brackets, parentheses or class names", () => {
    expect(selectorElements("h1")).toEqual(["h1"]);
    expect(selectorElements("ul li>a+p~SPAN")).toEqual(["ul", "li", "a", "p", "span"]);
    expect(selectorElements('input:where([type=button],[type="re set"])')).toEqual(["input"]);
    expect(selectorElements(":where(select:is([multiple],[size])) optgroup")).toEqual(["optgroup"]);
    expect(selectorElements(":-moz-focusring:where(:not(iframe))")).toEqual([]);
    expect(selectorElements("*,:before,::file-selector-button,:host")).toEqual([]);
    expect(selectorElements(".\\[\\&\\>svg\\]\\:size-4>svg")).toEqual(["svg"]);
    expect(selectorElements(".\\[\\&_p\\]\\:mt-2 p")).toEqual(["p"]);
  });
});

describe("documentClasses", () => {
  it("reads class attributes, decoding HTML entities", () => {
    const classes = documentClasses('<div class="a  sm:b"><svg class="[&amp;&gt;svg]:size-4"></svg><p class=""></p></div>');
    expect([...classes].sort()).toEqual(["[&>svg]:size-4", "a", "sm:b"]);
  });

  it("reads element names, in lower case", () => {
    expect([...documentElements("<DIV><my-card><svg><linearGradient/></svg></my-card><p>a < b</p></DIV>")].sort()).toEqual([
      "div",
      "lineargradient",
      "my-card",
      "p",
      "svg",
    ]);
  });
});

describe("criticalCss", () => {
  const css =
    "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-x:0;--tw-unused:0}}}" +
    "@layer theme{:root{--color-x:red;--color-unused:blue;--font:var(--font-base);--font-base:Inter}}" +
    "@layer base{*,:before{box-sizing:border-box}h1{margin:0;font-family:var(--font)}}@layer components;" +
    "@layer utilities{.a{color:var(--color-x);--tw-x:1}.b{color:blue}.sm\\:a{}@media(width>=40rem){.sm\\:a{color:green}.sm\\:b{color:pink}}" +
    ".x,.a-list{top:0}:is(:where(.group):hover .group-hover\\:u){text-decoration:underline}.content-\\[\\'\\}\\'\\]{content:'}'}}" +
    '@property --tw-x{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}' +
    "@keyframes spin{to{transform:rotate(360deg)}}.mobile-menu:target{display:block}";

  it("keeps class-less rules and the rules of the classes the page uses, media variants included", () => {
    const out = criticalCss(css, '<h1 class="a sm:a mobile-menu a-list">x</h1>');
    expect(out).toContain("*,:before{box-sizing:border-box}h1{margin:0;font-family:var(--font)}");
    expect(out).toContain("@layer components;");
    expect(out).toContain(".a{color:var(--color-x);--tw-x:1}");
    expect(out).not.toContain(".b{");
    expect(out).toContain("@media(width>=40rem){.sm\\:a{color:green}}");
    expect(out).not.toContain("pink");
    // Of a selector list, only the selectors the page has.
    expect(out).toContain("}.a-list{top:0}");
    expect(out).not.toContain("group-hover");
    expect(out).toContain("@keyframes spin{to{transform:rotate(360deg)}}");
    expect(out).toContain(".mobile-menu:target{display:block}");
  });

  it("keeps only the variables the kept rules use, following the theme's own references", () => {
    const out = criticalCss(css, '<h1 class="a">x</h1>');
    expect(out).toContain("@layer theme{:root{--color-x:red;--font:var(--font-base);--font-base:Inter}}");
    expect(out).toContain("@layer properties{@supports (-moz-orient:inline){*,:before{--tw-x:0}}}");
    expect(out).toContain('@property --tw-x{syntax:"*";inherits:false}');
    expect(out).not.toContain("--color-unused");
    expect(out).not.toContain("--tw-unused");
    // A variable used only in a style attribute of the page is kept too.
    expect(criticalCss(css, '<p style="color:var(--color-unused)">x</p>')).toContain("--color-unused:blue");
  });

  it("keeps a group variant only when both classes are there, and survives braces in strings", () => {
    const out = criticalCss(css, `<a class="group"><span class="group-hover:u content-['}']"></span></a>`);
    expect(out).toContain(":is(:where(.group):hover .group-hover\\:u){text-decoration:underline}");
    expect(out).toContain(".content-\\[\\'\\}\\'\\]{content:'}'}");
    expect(out).not.toContain(".a{");
    // The '}' inside the string did not end the utilities layer: what follows it is still parsed.
    expect(out).toContain("@keyframes spin");
    expect(out).not.toContain(".mobile-menu:target");
  });

  it("leaves out the selectors of elements the page does not have", () => {
    const preflight = "@layer base{h1,h2,h3{font-size:inherit}hr{height:0}input:where([type=button]),button{cursor:pointer}}";
    const out = criticalCss(preflight, "<h2>x</h2><button>y</button>");
    expect(out).toBe("@layer base{h2{font-size:inherit}button{cursor:pointer}}");
  });

  // What beasties left out of the same pages (decision 036): the first screen changed (fallback font,
  // list spacing), and pages without JavaScript lost the focus ring and the open state of <details>.
  it("keeps what the first screen and a page without JavaScript need beyond the matched elements", () => {
    const tailwind =
      "@font-face{font-family:Inter;src:url(/inter.woff2)}@layer theme{:root{--font-sans:Inter,sans-serif}}" +
      "@layer base{html{font-family:var(--font-sans)}:focus-visible{outline:2px solid}}" +
      "@layer utilities{:where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}}" +
      "@layer utilities{:is(:where(.group):is([open],:popover-open,:open) .group-open\\:rotate-45){rotate:45deg}}";
    const out = criticalCss(
      tailwind,
      '<ul class="space-y-2"><li>a</li><li>b</li></ul><details class="group"><summary class="group-open:rotate-45">+</summary></details>',
    );
    expect(out).toContain("@font-face{font-family:Inter;src:url(/inter.woff2)}");
    expect(out).toContain(":focus-visible{outline:2px solid}");
    expect(out).toContain(":where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}");
    expect(out).toContain(":is(:where(.group):is([open],:popover-open,:open) .group-open\\:rotate-45){rotate:45deg}");
  });

  it("cuts the site's real stylesheet down for a small page", () => {
    const real = readFileSync("app/app.css", "utf8");
    // The source (not the built file) still parses: @import/@theme/@font-face are kept, rules filtered.
    const out = criticalCss(real, '<nav class="mobile-menu"></nav>');
    expect(out).toContain("@font-face");
    expect(out).toContain(".mobile-menu:target");
  });
});

const page = (body: string) =>
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" href="/assets/font.woff2" as="font"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="N1"/><link rel="modulepreload" href="/assets/root.js" nonce="N1"/>' +
  '<link nonce="N1" rel="stylesheet" href="/assets/root-abc.css"/><title>x</title></head><body>' +
  body +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  '<script nonce="N1" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script></body></html>';

describe("optimiseDocument", () => {
  const css = "@layer utilities{.a{color:red}.b{color:blue}}";

  it("replaces the stylesheet link with the page's critical CSS, in place", () => {
    const html = optimiseDocument(page('<p class="a">x</p>'), { css, nonce: "N1" });
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      '<style id="critical-css" data-href="/assets/root-abc.css">@layer utilities{.a{color:red}}</style><title>',
    );
    expect(html).toContain('<link rel="preload" href="/assets/font.woff2" as="font"/>');
  });

  it("holds back the module preloads and the module script, and adds the starter with the nonce", () => {
    const html = optimiseDocument(page("<p>x</p>"), { css, nonce: "N1" });
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    // Without async: on a data block (neither src nor type="module") the HTML standard forbids it.
    expect(html).toContain('<script nonce="N1" type="text/x-held-module">import "/assets/manifest.js";');
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
    const starter = html.match(/<script nonce="N1">(\(function\(\)[\s\S]*?)<\/script><\/head>/)?.[1];
    expect(starter).toBe(starterScript({ preloads: ["/assets/entry.client.js", "/assets/root.js"] }));
  });

  it("leaves documents without head, stylesheet or module script alone", () => {
    expect(optimiseDocument("plain text", { css })).toBe("plain text");
    const bare = "<html><head><title>x</title></head><body><p>x</p></body></html>";
    expect(optimiseDocument(bare, { css })).toBe(bare);
  });

  it("the starter restores the stylesheet before the scripts, once the page has painted", () => {
    const html = optimiseDocument(page('<p class="a">x</p>'), { css, nonce: "N1" });
    const starter = html.match(/<script nonce="N1">(\(function\(\)[\s\S]*?)<\/script><\/head>/)![1];
    // A minimal DOM: enough for the starter's calls.
    const log: string[] = [];
    let observer: ((list: { getEntriesByName(name: string): unknown[] }, ob: { disconnect(): void }) => void) | undefined;
    const held = { textContent: 'import "/assets/manifest.js";' };
    const critical = {
      getAttribute: () => "/assets/root-abc.css",
      nextSibling: "next",
      parentNode: {
        insertBefore: (node: { rel: string; href: string }, before: string) =>
          log.push(`insert ${node.rel} ${node.href} before ${before}`),
      },
    };
    const document = {
      readyState: "complete",
      currentScript: { nonce: "N1" },
      getElementById: (id: string) => (id === "critical-css" ? critical : null),
      querySelector: () => held,
      createElement: () => ({}) as Record<string, unknown>,
      head: {
        appendChild: (node: Record<string, unknown>) =>
          log.push(`append ${node.rel ?? node.type} ${node.href ?? node.textContent} ${node.nonce ?? ""}`.trim()),
      },
      addEventListener() {},
    };
    const timers: (() => void)[] = [];
    runInNewContext(starter, {
      document,
      addEventListener: () => {},
      requestAnimationFrame: (f: () => void) => timers.push(f),
      setTimeout: (f: () => void) => timers.push(f),
      PerformanceObserver: class {
        constructor(callback: typeof observer) {
          observer = callback;
        }
        observe() {}
      },
    });
    expect(log).toEqual([]); // nothing before the first paint
    observer!({ getEntriesByName: () => [{}] }, { disconnect() {} });
    timers.shift()!();
    expect(log).toEqual([
      "insert stylesheet /assets/root-abc.css before next",
      "append modulepreload /assets/entry.client.js",
      "append modulepreload /assets/root.js",
      'append module import "/assets/manifest.js"; N1',
    ]);
  });
});

describe("withoutHydrationMarks", () => {
  it("drops text separators, route discovery, completed Suspense marks, the inline SVG namespace and lucide's classes", () => {
    const html =
      '<p>Olá<!-- -->, Ana</p><a href="/x" data-discover="true">x</a><!--$--><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" class="lucide lucide-map-pin size-4"><path d="M1 1"></path></svg><svg class="lucide lucide-x"></svg><!--/$-->';
    expect(withoutHydrationMarks(html)).toBe(
      '<p>Olá, Ana</p><a href="/x">x</a><svg viewBox="0 0 24 24" class="size-4"><path d="M1 1"></path></svg><svg></svg>',
    );
  });

  it("keeps the Suspense marks while a boundary is pending or failed: its script finds it by them", () => {
    const pending = '<!--$?--><template id="B:0"></template><!--/$--><!--$--><p>a</p><!--/$-->';
    expect(withoutHydrationMarks(pending)).toBe(pending);
    const failed = "<!--$!--><p>b</p><!--/$-->";
    expect(withoutHydrationMarks(failed)).toBe(failed);
  });
});
