import Database from "better-sqlite3";

import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { type RunningServer, startServer } from "../support/server-process";

/**
 * A fresh site of an institution whose active polos are only in Paraná and Santa Catarina
 * (decision 143), through a real browser with and without JavaScript: the home (every section,
 * the polo finder among them) and a course page name those states and never Minas Gerais, the
 * seed's state. This file starts its own server on its own database, seeded by a first start and
 * changed while it is stopped, so the shared server's polos stay as the other specs expect.
 */

const NEW_POLOS = [
  { location: "Curitiba - Centro", state: "PR", slug: "curitiba-centro-pr" },
  { location: "Florianópolis - Centro", state: "SC", slug: "florianopolis-centro-sc" },
];

let server: RunningServer;

/** Every stored polo switched off but two, which move to Curitiba and Florianópolis. */
function onlyParanaAndSantaCatarina(databasePath: string) {
  const db = new Database(databasePath);
  try {
    const rows = db.prepare("SELECT id, data FROM content_entries WHERE collection = 'polos' ORDER BY position").all() as Array<{
      id: string;
      data: string;
    }>;
    expect(rows.length).toBeGreaterThan(NEW_POLOS.length);
    rows.forEach((row, index) => {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const next = index < NEW_POLOS.length ? { ...data, ...NEW_POLOS[index], active: true } : { ...data, active: false };
      db.prepare("UPDATE content_entries SET data = ?, version = version + 1 WHERE collection = 'polos' AND id = ?").run(
        JSON.stringify(next),
        row.id,
      );
    });
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  const first = await startServer({ ...E2E_ENV }, { quiet: true });
  await first.stop();
  onlyParanaAndSantaCatarina(first.databasePath);
  server = await startServer({ ...E2E_ENV }, { quiet: true, databasePath: first.databasePath });
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

test.describe("a site with polos only in PR and SC", () => {
  test("the home, its polo finder and a course page name Paraná and Santa Catarina, never Minas Gerais", async ({ page }) => {
    await page.goto(`${server.url}/?secoes=todas`);
    const finder = page.locator("#onde-estudar");
    await expect(finder).toContainText("Paraná e Santa Catarina");
    await expect(page.locator("body")).not.toContainText("Minas Gerais");

    // The finder's full list: the two polos, nothing of the seed's network.
    await page.goto(`${server.url}/?secoes=todas&polos=todos#onde-estudar`);
    const list = page.getByTestId("polo-list");
    await expect(list.getByRole("link", { name: "Curitiba - Centro - PR" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Florianópolis - Centro - SC" })).toBeVisible();
    await expect(list).not.toContainText("- MG");
    await expect(page.locator("body")).not.toContainText("Minas Gerais");

    await page.goto(`${server.url}/enfermagem`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Enfermagem");
    await expect(page.locator("body")).not.toContainText("Minas Gerais");
  });
});
