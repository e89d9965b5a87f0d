import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

// This checkout's helper (the package the start scripts install), run in this process.
import { startHelper } from "../../helper/src/server.js";
import { openE2eDb } from "../support/fixtures";
import { seedHelperKey } from "../support/helper-key";
import { ensureOperatorPassword, OPERATOR_PASSWORD, postForm } from "../support/sessions";

/**
 * An opt-out is never lost whatever the order (decision 118), with the real helper (fake WhatsApp
 * driver) and the real production server: a person's SAIR is stored; an operator undoes it on
 * /whatsapp/descadastros; the person writes SAIR again before the helper has reloaded the central
 * list, while the site takes neither the report nor the reply; the helper reloads (the undo arrives),
 * then the report goes through. The helper still skips the person and the site's list has her again.
 */

const base = () => process.env.E2E_BASE_URL!;

test("a SAIR after an undo but before the helper reloads the central list ends as an opt-out on both sides", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "helper-optout-race-"));
  const digits = `${Date.now()}`.slice(-8).replace(/^0/, "6");
  const number = `55319${digits}`;
  const db = openE2eDb();
  const stored = () =>
    db.prepare("SELECT id, number FROM whatsapp_optouts WHERE number = ?").all(`+${number}`) as { id: number }[];

  const { key } = seedHelperKey("Equipe do ajudante (corrida)");
  /** The site's opt-out and reply reports unreachable for the helper (the list itself keeps answering). */
  let reportsDown = false;
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const report = url.endsWith("/api/whatsapp-helper/descadastros") || url.endsWith("/api/whatsapp-helper/respostas");
    if (report && (init?.method ?? "GET") === "POST" && reportsDown) {
      throw new TypeError("fetch failed");
    }
    return fetch(input, init);
  };
  const helper = await startHelper({
    port: 0,
    key,
    allowedOrigins: ["https://helper-race.example"],
    siteUrl: base(),
    driver: "fake",
    dataDir,
    sendWindow: "always",
    warmup: false,
    keepAwake: false,
    sendLogRetryMs: 60_000,
    optOutRetryMs: 3_600_000,
    logger: false,
    fetch: fetchThrough,
  });
  try {
    // 1. SAIR: stored on the site
    helper.driver.simulateIncoming(number, "SAIR");
    await expect.poll(() => stored().length, { timeout: 30_000 }).toBe(1);
    await helper.loadCentralOptOuts();

    // 2. an operator undoes it, with a reason (the plain form post of the page)
    await ensureOperatorPassword(base());
    const gate = await postForm(base(), "/whatsapp", { intent: "entrar", password: OPERATOR_PASSWORD });
    const operator = gate.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .find((pair) => pair.startsWith("__operador="))!;
    const undo = await postForm(
      base(),
      "/whatsapp/descadastros",
      { intent: "desfazer", id: String(stored()[0].id), motivo: "Registrado por engano" },
      operator,
      { Origin: base() },
    );
    expect(undo.status).toBe(303);
    expect(stored()).toHaveLength(0);

    // 3. SAIR again, before this helper reloads the list; the site does not take the report yet
    reportsDown = true;
    helper.driver.simulateIncoming(number, "Sair!");
    await expect.poll(() => helper.replies.size, { timeout: 30_000 }).toBe(1); // the reply waits in its outbox
    expect(helper.queue.optOuts.has(number)).toBe(true);
    await helper.reportOptOuts();
    expect(stored()).toHaveLength(0);

    // 4. the reload brings the undo: the new request stays
    await helper.loadCentralOptOuts();
    expect(helper.queue.optOuts.has(number)).toBe(true);

    // 5. the report goes through: the site has her again, and a later reload keeps her
    reportsDown = false;
    await helper.reportOptOuts();
    expect(stored()).toHaveLength(1);
    await helper.loadCentralOptOuts();
    expect(helper.queue.optOuts.has(number)).toBe(true);
  } finally {
    await helper.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
