import type { Request } from "@playwright/test";

import { expect, openE2eDb, test } from "../support/fixtures";
import { holdRequests } from "../support/hold-requests";
import { openAsAdmin } from "../support/studio";

/**
 * The studio's "Histórico": "Restaurar" asks first (a page of its own, `?restaurar=<id>`, a plain
 * link), and only its "Restaurar esta versão" posts; with JavaScript, while that post is on its way
 * the button says "Restaurando...". The rows are revisions of a FAQ question the site does not
 * have, written into the database by the test and missing the answer today's rules require: the
 * restore, once let through, is refused with "não é mais válida" and no content of the shared
 * server changes. Without JavaScript, the same press answers with that message.
 */

const PATH = "/admin/conteudo/historico";

/** A question with two revisions: the older one has a "Restaurar". */
function seedRevisions(entry: string, question: string) {
  const db = openE2eDb();
  try {
    const insert = db.prepare(
      `INSERT INTO content_revisions (collection, entry_id, version, data, changed, saved_at, saved_by)
       VALUES ('faq', ?, ?, ?, '["question"]', ?, 'historico@example.com')`,
    );
    for (const version of [1, 2]) insert.run(entry, version, JSON.stringify({ question }), new Date().toISOString());
  } finally {
    db.close();
  }
}

function removeRevisions(entry: string) {
  const db = openE2eDb();
  try {
    db.prepare("DELETE FROM content_revisions WHERE collection = 'faq' AND entry_id = ?").run(entry);
  } finally {
    db.close();
  }
}

const isRestore = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.replace(/\.data$/, "") === PATH;

test.describe("studio: Histórico", () => {
  test("'Restaurar' asks first; 'Restaurar esta versão' says 'Restaurando...' on its way; the refusal is shown next", async ({
    page,
    jsEnabled,
  }) => {
    const entry = `pendente-${jsEnabled ? "js" : "nojs"}-${Date.now()}`;
    const question = `Pergunta ${entry}?`;
    seedRevisions(entry, question);
    try {
      await openAsAdmin(page, PATH);
      const row = page
        .getByTestId("content-history")
        .getByRole("row")
        .filter({ hasText: question })
        .filter({ has: page.getByRole("link", { name: /Restaurar/ }) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("FAQ");
      await expect(row).toContainText("Pergunta");
      await row.getByRole("link", { name: /Restaurar/ }).click();
      const ask = page.getByTestId("restore-question");
      await expect(ask).toContainText(question);
      await expect(ask).toContainText("O item foi removido; esta versão o coloca de volta no site.");
      // The question's only button (its name changes while the post is on its way).
      const confirm = ask.getByRole("button");
      await expect(confirm).toHaveText("Restaurar esta versão");

      if (jsEnabled) {
        const restore = await holdRequests(page, isRestore);
        await confirm.click();
        await restore.arrived;
        await expect(confirm).toHaveText("Restaurando...");
        await expect(confirm).toBeDisabled();
        await restore.release();
      } else {
        // Without JavaScript the browser shows the page loading: nothing of the page's own to check.
        await confirm.click();
      }
      await expect(page.getByRole("alert").filter({ hasText: "não é mais válida" })).toBeVisible();
      await expect(confirm).toHaveText("Restaurar esta versão");
      await expect(confirm).toBeEnabled();
    } finally {
      removeRevisions(entry);
    }
  });
});
