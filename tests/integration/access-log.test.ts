import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";

import express from "express";
import { describe, expect, it } from "vitest";

import { accessLog } from "../../server/access-log.js";

/**
 * The access log never keeps a token path's secret (an unsubscribe link, a result link, a hand-off
 * list): a real Express app with the site's log middleware answers real HTTP requests here, and the
 * lines it writes are read back.
 */

async function loggedLines(production: boolean, paths: string[]): Promise<string> {
  const stream = new PassThrough();
  let written = "";
  stream.on("data", (chunk) => (written += chunk));
  const app = express();
  app.use(accessLog({ production, stream }));
  app.use((_req, res) => res.status(200).send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const path of paths) await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
    // morgan writes when the response finishes: wait until every request has its line.
    for (let i = 0; i < 200 && written.split("\n").filter(Boolean).length < paths.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return written;
  } finally {
    server.close();
  }
}

describe("the access log", () => {
  const secretPaths = [
    "/e-mail/descadastrar/123.c2lnbmF0dXJhLXNlY3JldGEtZG8tbGluay1hYmNkZWZnaA",
    "/e-mail/descadastrar/YW5hQGV4YW1wbGUuY29t.c2lnbmF0dXJhLXNlY3JldGEtZG8tbGluay1hYmNkZWZnaA.data",
    "/teste-vocacional/resultado/acesso/42.1799999999.c2lnbmF0dXJhLXNlY3JldGEtZG8tbGluay1hYmNkZWZnaA",
    "/whatsapp?lista=hand-off-id-secreto&x=1",
  ];

  for (const production of [true, false]) {
    it(`redacts token paths and the hand-off list id (${production ? "combined" : "dev"} format)`, async () => {
      const log = await loggedLines(production, [...secretPaths, "/cursos/enfermagem"]);
      expect(log).toContain("/e-mail/descadastrar/[token]");
      expect(log).toContain("/teste-vocacional/resultado/acesso/[token]");
      expect(log).toContain("/whatsapp?lista=[token]&x=1");
      expect(log).toContain("/cursos/enfermagem");
      for (const secret of ["c2lnbmF0dXJh", "YW5hQGV4YW1wbGUuY29t", "hand-off-id-secreto", "1799999999"]) {
        expect(log).not.toContain(secret);
      }
    });
  }
});
