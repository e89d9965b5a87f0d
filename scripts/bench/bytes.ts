// (1) Bytes each page really fetches on first view in Chromium, with the JavaScript chunks of each
// page, checked against the home page's byte budget.
import { chromium } from "@playwright/test";

import { BUDGET, type Bytes, type Chunk, failures, kb, PAGES, PLAYWRIGHT_ARGS } from "./settings";

/**
 * Bytes each page fetches on a first view (empty cache, no cookies) in Chromium over the real
 * server, read from the DevTools protocol: a response's transfer size is `encodedDataLength` of
 * Network.loadingFinished (compressed body plus response headers); the headers' share (from
 * Network.responseReceivedExtraInfo) is subtracted, so each figure is the compressed body as it
 * crossed the wire. Requests the page makes after load (prefetches, lazy images scrolled into
 * view later) count only if they happen before the network is idle.
 */
export async function measureBytes(
  baseUrl: string,
  executablePath: string,
): Promise<{ bytes: Record<string, Bytes>; chunks: Record<string, Chunk[]> }> {
  const browser = await chromium.launch({ executablePath, args: PLAYWRIGHT_ARGS });
  const result: Record<string, Bytes> = {};
  const chunks: Record<string, Chunk[]> = {};
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const bytes: Bytes = { html: 0, js: 0, css: 0, font: 0, image: 0, other: 0, requests: 0, transfer: 0 };
      const types = new Map<string, string>();
      const urls = new Map<string, string>();
      const headerBytes = new Map<string, number>();
      const scripts: Chunk[] = [];
      cdp.on("Network.responseReceived", (event) => {
        types.set(event.requestId, event.type);
        urls.set(event.requestId, event.response.url);
      });
      cdp.on("Network.responseReceivedExtraInfo", (event) =>
        headerBytes.set(event.requestId, event.headersText ? Buffer.byteLength(event.headersText) : 0),
      );
      cdp.on("Network.loadingFinished", (event) => {
        const type = types.get(event.requestId);
        if (!type) return;
        const size = Math.max(0, event.encodedDataLength - (headerBytes.get(event.requestId) ?? 0));
        bytes.requests += 1;
        bytes.transfer += event.encodedDataLength;
        if (type === "Document") bytes.html += size;
        else if (type === "Script") {
          bytes.js += size;
          scripts.push({ path: new URL(urls.get(event.requestId) ?? baseUrl).pathname, bytes: size });
        } else if (type === "Stylesheet") bytes.css += size;
        else if (type === "Font") bytes.font += size;
        else if (type === "Image") bytes.image += size;
        else bytes.other += size;
      });
      const response = await tab.goto(baseUrl + page, { waitUntil: "networkidle" });
      if (!response?.ok()) failures.push(`${page}: answered ${response?.status()}`);
      const encoding = (await response?.allHeaders())?.["content-encoding"];
      if (!encoding) failures.push(`${page}: the HTML was sent uncompressed`);
      result[page] = bytes;
      chunks[page] = scripts.sort((a, b) => b.bytes - a.bytes);
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // The hero text and primary button are in the server HTML, visible before any script.
  const html = await (await fetch(baseUrl + "/")).text();
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "");
  const hero = body
    .match(/<h1[\s>][\s\S]*?<\/h1>/)?.[0]
    .replace(/<[^>]+>/g, "")
    .trim();
  if (!hero) failures.push("/: no <h1> hero heading in the server HTML");
  if (!/<a[^>]*>[^<]*Quero minha bolsa agora/.test(body)) failures.push("/: primary button missing from the server HTML");
  return { bytes: result, chunks };
}

/** The home page's first view against its byte budget. */
export function checkHomeBytes(home: Bytes) {
  if (home.js > BUDGET.homeBytes.js) failures.push(`/ JavaScript ${kb(home.js)} > ${kb(BUDGET.homeBytes.js)}`);
  if (home.css > BUDGET.homeBytes.css) failures.push(`/ CSS ${kb(home.css)} > ${kb(BUDGET.homeBytes.css)}`);
  if (home.html > BUDGET.homeBytes.html) failures.push(`/ HTML ${kb(home.html)} > ${kb(BUDGET.homeBytes.html)}`);
  if (home.image > BUDGET.homeBytes.image) failures.push(`/ images ${kb(home.image)} > ${kb(BUDGET.homeBytes.image)}`);
}

/** The vocational test's lead form: its first view's JavaScript within its budget (decision 105). */
export function checkVocationalFormBytes(form: Bytes) {
  if (form.js > BUDGET.vocationalFormJs)
    failures.push(`/teste-vocacional JavaScript ${kb(form.js)} > ${kb(BUDGET.vocationalFormJs)}`);
}
