import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import islands from "virtual:islands";

import { startBackgroundJobs, stopBackgroundJobs } from "~/features/operations/background.server";
import { bootstrapAdminAtStartup } from "~/features/staff/users.server";
import { seedContent } from "~/features/studio/collections.server";
import { removeOrphanImageFiles } from "~/features/studio/images.server";
import { startWebhookWorker, stopWebhookWorker } from "~/features/webhooks/outbox.server";
import { config } from "~/platform/config.server";
import { closeDatabase } from "~/platform/db/client.server";
import { optimiseDocument, pageFragment } from "~/platform/document.server";
import { contentSecurityPolicy } from "~/platform/security.server";
import { checkSiteIdentity } from "~/platform/site-identity.server";

import appCss from "./app.css?inline";

export const streamTimeout = 5_000;

// server.js calls this on SIGTERM, after the last request has finished.
export { closeDatabase };

/**
 * server.js calls this on SIGTERM (at once, and again before closing the database): the webhook
 * worker takes no new delivery; those out finish or, after a few seconds, go back to the queue
 * without counting an attempt (decision 074).
 */
export function stopBackgroundWork(): Promise<void> {
  return Promise.all([stopWebhookWorker(), stopBackgroundJobs()]).then(() => undefined);
}

// The page cache (server/html-cache.js) never answers a page rendered before the last content save.
export { contentGeneration } from "~/features/studio/store.server";

/**
 * server.js awaits this once, after it has taken its port (a start on a taken port does none of
 * this: decision 061) and before it answers any request: the first admin exists before any request,
 * files of an interrupted photo upload are removed, and the webhook, e-mail and jobs workers start
 * (taking what a previous process left pending; the LGPD retention purge runs now and daily).
 */
export async function startup() {
  await bootstrapAdminAtStartup();
  seedContent();
  removeOrphanImageFiles();
  // A restored or copied database holds its webhooks and e-mails until an admin confirms (decision 139).
  checkSiteIdentity();
  startWebhookWorker();
  // The jobs engine: the minute's escalation, the managers' daily summary (checked now, so a restart
  // after the hour still sends it) and the retention purge (now, then daily), once across processes.
  startBackgroundJobs();
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? randomBytes(16).toString("base64");
  // Production, and the development server (server/dev.js), which renders through server/app.js too.
  if (config.isProduction || loadContext.cspNonce)
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, new URL(request.url).pathname));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Every page is rendered completely before it is sent: loaders here are fast and local, and a
    // whole document is what a slow phone (and a crawler) should receive. It gets its stylesheet
    // inlined and its scripts started after the first paint (server/document.server.ts).
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", reject);
        body.on("end", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const rendered = Buffer.concat(chunks).toString("utf8");
          const fragment = pageFragment(rendered);
          if (fragment !== undefined) {
            // Parts of a page for its island (the home's lists, decision 104): not a page to index.
            responseHeaders.set("X-Robots-Tag", "noindex");
            resolve(new Response(fragment, { headers: responseHeaders, status: responseStatusCode }));
            return;
          }
          const html = optimiseDocument(rendered, { css: appCss, nonce, islands });
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * Errors React Router reports from loaders and actions. A refused request (a POST to a page without
 * a form: 405, a 4xx thrown on purpose) is the client's mistake, not the server's: it is not logged,
 * so a bot cannot fill the log with stack traces. Aborted requests are not logged either.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
