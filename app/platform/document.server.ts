import { islandsIn, SPECULATION_RULES } from "~/shared/page-scripts";

import { criticalCss } from "./critical-css.server";

/**
 * Final touches to every server-rendered document (entry.server.tsx), for the first view on a slow
 * phone (docs/performance.md):
 *
 * 1. Critical CSS: the stylesheet link becomes a <style> holding only the rules this page uses
 *    (critical-css.server.ts), so the first paint needs nothing but the HTML. The full stylesheet
 *    is added back right after the first paint, for what scripts and client navigations show later.
 * 2. The JavaScript starts after the first paint: React Router's module preloads and its inline
 *    module script are held back, and a small inline script adds them once the browser has painted
 *    (PerformanceObserver 'paint'). A page without React Router (decision 092) names its islands in
 *    that same script, which adds them then (decision 114). Every page is complete and usable
 *    without JavaScript, so starting the scripts earlier would only make them compete with what the
 *    first view needs.
 *
 * Hydration is unaffected: the stylesheet link is back in its place before React starts, React 19
 * skips the extra <style> and <script> in <head>, and the held-back module script keeps its place
 * (only its `type` differs, and it loses `async`, which a data block may not carry; hydration ignores both).
 */

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b([^>]*?)\stype="module"([^>]*)>/;
const STYLESHEET = /<link\b[^>]*\srel="stylesheet"[^>]*>/g;
const HELD_TYPE = "text/x-held-module";
const CRITICAL_ID = "critical-css";
const TEMPLATES = /<template\b[\s\S]*?<\/template>/g;

/** After the first contentful paint; without paint timing, one frame after the load event; a page that never paints (a background tab) starts when it is shown or 5 s after load. */
const AFTER_FIRST_PAINT =
  "var p=0;try{new PerformanceObserver(function(l,ob){if(l.getEntriesByName('first-contentful-paint').length){ob.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true});p=1}catch(e){}" +
  "addEventListener('load',function(){if(p)setTimeout(go,5000);else requestAnimationFrame(function(){setTimeout(go,0)})})";

/**
 * The full stylesheet goes right after the inline one (so it wins the cascade, and React finds its
 * link where it rendered it); the inline copy stays, removing it would restyle the page again.
 */
const RESTORE_STYLESHEET =
  `var c=d.getElementById('${CRITICAL_ID}');if(c){var k=d.createElement('link');k.rel='stylesheet';k.href=c.getAttribute('data-href');` +
  "c.parentNode.insertBefore(k,c.nextSibling)}";

/** What the starter adds after the first paint: React Router's held scripts, or a page's islands. */
type Start = { preloads?: string[]; islands?: IslandTag[] };
type IslandTag = { src: string; integrity: string };

const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The inline script that, after the first paint and once the document is parsed, restores the
 * stylesheet and starts the JavaScript: React Router's held module (with its preloads), or the
 * islands of a page without it (decision 114), each a module with its integrity and the nonce.
 * With neither, it only restores the stylesheet.
 */
export function starterScript({ preloads, islands = [] }: Start = {}): string {
  if (!preloads && islands.length === 0)
    return `(function(){var d=document,s=0;function go(){if(s)return;s=1;${RESTORE_STYLESHEET}}${AFTER_FIRST_PAINT}})()`;
  const start = preloads
    ? `var h=${json(preloads)};` +
      "for(var i=0;i<h.length;i++){var l=d.createElement('link');l.rel='modulepreload';l.href=h[i];d.head.appendChild(l)}" +
      `var o=d.querySelector('script[type="${HELD_TYPE}"]');if(!o)return;var m=d.createElement('script');m.type='module';if(n)m.nonce=n;m.textContent=o.textContent;d.head.appendChild(m)`
    : `var h=${json(islands.map(({ src, integrity }) => [src, integrity]))};` +
      "for(var i=0;i<h.length;i++){var m=d.createElement('script');m.type='module';m.src=h[i][0];m.integrity=h[i][1];if(n)m.nonce=n;d.body.appendChild(m)}";
  return (
    "(function(){var d=document,n=d.currentScript&&d.currentScript.nonce,s=0;" +
    "function go(){if(s)return;if(d.readyState==='loading'){d.addEventListener('DOMContentLoaded',go);return}s=1;" +
    RESTORE_STYLESHEET +
    start +
    "}" +
    AFTER_FIRST_PAINT +
    "})()"
  );
}

const dropAsync = (attributes: string) => attributes.replace(/\sasync(?:="[^"]*")?(?=\s|$)/g, "");

/**
 * The islands a page without React Router's scripts starts (decision 092): one module per island its
 * markup names (`data-island="…"`), from `islands` (the build's { name: { src, integrity } }).
 */
export function pageIslands(html: string, islands: Islands): IslandTag[] {
  return islandsIn(html).flatMap((name) => (islands[name] ? [islands[name]] : []));
}

type Islands = Record<string, IslandTag>;

/** The Speculation Rules block of a page without React Router (lib/page-scripts.ts); the CSP admits it by its nonce. */
export function speculationRulesScript(nonce?: string): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return `<script type="speculationrules"${nonceAttribute}>${json(SPECULATION_RULES)}</script>`;
}

/**
 * What only React Router's client reads, dropped from a page without it (decision 104): React's text
 * separators (`<!-- -->`, for hydration) and `data-discover` on links (route discovery); and the
 * marks of its completed Suspense boundaries (`<!--$-->…<!--/$-->`, decision 112), unless a boundary
 * is still pending or failed (its script would look for them). lucide writes on every icon an
 * `xmlns` that an `<svg>` inside an HTML document does not need (the parser gives it its namespace)
 * and the classes `lucide lucide-<name>`, which no rule or script of ours reads.
 */
export function withoutHydrationMarks(html: string): string {
  const marks = html
    .replaceAll("<!-- -->", "")
    .replaceAll(' data-discover="true"', "")
    .replaceAll(SVG_NAMESPACE, "<svg")
    .replace(LUCIDE_CLASSES, (_all, others: string) => (others ? ` class="${others}"` : ""));
  return marks.includes("<!--$?-->") || marks.includes("<!--$!-->") ? marks : marks.replace(SUSPENSE_MARK, "");
}

const SVG_NAMESPACE = '<svg xmlns="http://www.w3.org/2000/svg"';
const LUCIDE_CLASSES = / class="lucide lucide-[a-z0-9-]+ ?([^"]*)"/g;
const SUSPENSE_MARK = /<!--\/?\$-->/g;

const FRAGMENT_OPEN = '<template data-fragment="">';

/**
 * A page that rendered `<template data-fragment>` (the home's parts for its island, decision 104)
 * answers with that template's content only: no head, no layout. The parts hold no template of their own.
 */
export function pageFragment(html: string): string | undefined {
  const start = html.indexOf(FRAGMENT_OPEN);
  if (start < 0) return undefined;
  const end = html.indexOf("</template>", start);
  return end < 0 ? undefined : withoutHydrationMarks(html.slice(start + FRAGMENT_OPEN.length, end));
}

/** Applies the critical CSS and the deferred start (see above) to a rendered document. */
export function optimiseDocument(
  input: string,
  { css, nonce, islands }: { css?: string; nonce?: string; islands?: Islands },
): string {
  if (!islands || MODULE_SCRIPT.test(input)) return withCriticalCssAndDeferredStart(input, { css, nonce });
  // A page without React Router: its islands start after the first paint, and the next page is
  // prefetched without a client router.
  const html = withCriticalCssAndDeferredStart(withoutHydrationMarks(input), {
    css,
    nonce,
    islands: pageIslands(input, islands),
  });
  const bodyEnd = html.lastIndexOf("</body>");
  return bodyEnd >= 0 ? html.slice(0, bodyEnd) + speculationRulesScript(nonce) + html.slice(bodyEnd) : html;
}

function withCriticalCssAndDeferredStart(
  html: string,
  { css, nonce, islands = [] }: { css?: string; nonce?: string; islands?: IslandTag[] },
): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd);
  let rest = html.slice(headEnd);

  const stylesheets = head.match(STYLESHEET) ?? [];
  const stylesheet: string | undefined = stylesheets.length === 1 ? stylesheets[0] : undefined;
  const stylesheetHref = stylesheet?.match(/\shref="([^"]+)"/)?.[1];
  const deferScripts = MODULE_SCRIPT.test(rest);
  if (!deferScripts && islands.length === 0 && !(css && stylesheetHref)) return html;

  if (css && stylesheet && stylesheetHref) {
    // What a <template> holds is shown only by an island (the assistant's sheet), after the full
    // stylesheet has come: its classes need no critical rule.
    const critical = criticalCss(css, html.replace(TEMPLATES, "")).replace(/<\/style/gi, "<\\/style");
    head = head.replace(stylesheet, () => `<style id="${CRITICAL_ID}" data-href="${stylesheetHref}">${critical}</style>`);
  }
  const preloads: string[] = [];
  if (deferScripts) {
    const collect = (tag: string) => {
      const href = tag.match(/\shref="([^"]+)"/)?.[1];
      if (href) preloads.push(href);
      return "";
    };
    head = head.replace(MODULEPRELOAD, collect);
    rest = rest.replace(MODULEPRELOAD, collect);
    // A held script is a data block: `async` (valid only with src or type="module") goes too.
    const held = (_tag: string, before: string, after: string) =>
      `<script${dropAsync(before)} type="${HELD_TYPE}"${dropAsync(after)}>`;
    rest = rest.replace(MODULE_SCRIPT, held);
  }
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return `${head}<script${nonceAttribute}>${starterScript(deferScripts ? { preloads } : { islands })}</script>${rest}`;
}
