import type { Request } from "@playwright/test";

import { expect, openE2eDb, test } from "../support/fixtures";
import { holdRequests } from "../support/hold-requests";
import { openAsAdmin } from "../support/studio";

/**
 * The studio's "Histórico": with JavaScript, while one "Restaurar" is on its way only that row's
 * button says "Restaurando..." (each row is its own form; the others stay as they were). The rows
 * are revisions of a collection the site does not have, written into the database by the test: the
 * restore, once let through, is refused with "Versão não encontrada" and no content of the shared
 * server changes. Without JavaScript, the same press answers with that message.
 */

const PATH = "/admin/conteudo/historico";

/** Two items with two revisions each: the older one of each has a "Restaurar". */
function seedRevisions(collection: string) {
  const db = openE2eDb();
  try {
    const insert = db.prepare(
      `INSERT INTO content_revisions (collection, entry_id, version, data, changed, saved_at, saved_by)
       VALUES (?, ?, ?, '{"texto":"x"}', '["texto"]', ?, 'historico@example.com')`,
    );
    for (const entry of ["item-a", "item-b"]) {
      for (const version of [1, 2]) insert.run(collection, entry, version, new Date().toISOString());
    }
  } finally {
    db.close();
  }
}

function removeRevisions(collection: string) {
  const db = openE2eDb();
  try {
    db.prepare("DELETE FROM content_revisions WHERE collection = ?").run(collection);
  } finally {
    db.close();
  }
}

const isRestore = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.replace(/\.data$/, "") === PATH;

test.describe("studio: Histórico", () => {
  test("only the pressed 'Restaurar' says 'Restaurando...' while its restore is on its way; the answer is shown next", async ({
    page,
    jsEnabled,
  }) => {
    const collection = `pendente-${jsEnabled ? "js" : "nojs"}-${Date.now()}`;
    seedRevisions(collection);
    try {
      await openAsAdmin(page, PATH);
      const history = page.getByTestId("content-history");
      const rowOf = (entry: string) =>
        history
          .getByRole("row")
          .filter({ hasText: collection })
          .filter({ hasText: entry })
          .filter({ has: page.getByRole("button") });
      const [first, second] = [rowOf("item-a").getByRole("button"), rowOf("item-b").getByRole("button")];
      await expect(first).toHaveText("Restaurar");
      await expect(second).toHaveText("Restaurar");

      if (jsEnabled) {
        const restore = await holdRequests(page, isRestore);
        await first.click();
        await restore.arrived;
        await expect(first).toHaveText("Restaurando...");
        await expect(first).toBeDisabled();
        await expect(second).toHaveText("Restaurar");
        await expect(second).toBeEnabled();
        await restore.release();
      } else {
        // Without JavaScript the browser shows the page loading: nothing of the page's own to check.
        await first.click();
      }
      await expect(page.getByRole("alert").filter({ hasText: "Versão não encontrada" })).toBeVisible();
      await expect(first).toHaveText("Restaurar");
      await expect(first).toBeEnabled();
    } finally {
      removeRevisions(collection);
    }
  });
});
