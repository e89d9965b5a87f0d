import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

// This checkout's helper (the package the start scripts install), run in this process.
import { startHelper } from "../../helper/src/server.js";
import { openE2eDb } from "../support/fixtures";
import { seedHelperKey } from "../support/helper-key";
import { insertLead } from "../support/seed";

/**
 * Replies (decision 071) from the real helper (fake WhatsApp driver) to the real production server
 * and its SQLite file: a person answers, the helper forwards it with its token, the site stores it
 * once, classified and linked to the lead; while the site's replies API cannot be reached the reply
 * waits in the helper's outbox, and a restarted helper delivers it, once.
 */

const base = () => process.env.E2E_BASE_URL!;

test("a reply goes from the helper to the site's inbox, survives the site being down and a restart, and is stored once", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "helper-replies-"));
  const digits = `${Date.now()}`.slice(-8).replace(/^0/, "6");
  const number = `55319${digits}`;
  const db = openE2eDb();
  const at = new Date().toISOString();
  const leadId = insertLead(db, {
    nome: `Nina ${digits}`,
    telefone: `(31) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
    email: `nina.${digits}@example.com`,
    cidade: "Betim",
    criado_em: at,
  });
  const stored = () =>
    db
      .prepare("SELECT message_id, text, category, lead_id, push_name, helper_key_id FROM whatsapp_replies WHERE number = ?")
      .all(`+${number}`) as {
      message_id: string;
      text: string;
      category: string;
      lead_id: number | null;
      push_name: string;
      helper_key_id: string | null;
    }[];

  // the helper's own key (decision 070), as its start script carries it
  const { key } = seedHelperKey("Equipe do ajudante (respostas)");
  /** The site's replies API unreachable for the helper (the rest of the API keeps answering). */
  let down = true;
  let attempts = 0;
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/api/whatsapp-helper/respostas")) {
      attempts += 1;
      if (down) throw new TypeError("fetch failed");
    }
    return fetch(input, init);
  };
  const start = () =>
    startHelper({
      port: 0,
      key,
      allowedOrigins: ["https://helper-replies.example"],
      siteUrl: base(),
      driver: "fake",
      dataDir,
      sendWindow: "always",
      warmup: false,
      keepAwake: false,
      sendLogRetryMs: 60_000,
      logger: false,
      fetch: fetchThrough,
    });

  let helper = await start();
  try {
    helper.driver.simulateIncoming(number, "Não tenho interesse <b>obrigada</b>");
    await expect.poll(() => attempts).toBeGreaterThanOrEqual(1);
    expect(helper.replies.size).toBe(1);
    expect(stored()).toEqual([]);
    await helper.close();

    down = false;
    helper = await start();
    await expect.poll(() => stored().length).toBe(1);
    await expect.poll(() => helper.replies.size).toBe(0);
    expect(stored()[0]).toMatchObject({
      text: "Não tenho interesse <b>obrigada</b>",
      category: "sem-interesse",
      lead_id: leadId,
      // the key that posted it
      helper_key_id: key.split(".")[0],
    });

    // the same WhatsApp message again (a reconnect delivers it twice): still one row
    const [row] = stored();
    const again = await fetch(`${base()}/api/whatsapp-helper/respostas`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body: JSON.stringify({ entries: [{ messageId: row.message_id, number, text: "Não tenho interesse", receivedAt: at }] }),
    });
    expect(await again.json()).toEqual({ ok: true, inserted: 0 });
    expect(stored()).toHaveLength(1);
  } finally {
    await helper.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
