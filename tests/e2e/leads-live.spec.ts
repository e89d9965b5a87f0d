import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLead, uniqueToken } from "../support/seed";
import { openAsAdmin } from "../support/studio";

/**
 * The panel's "Aguardando primeiro contato" box without a reload (decision 142): with JavaScript the
 * box asks /contato/aguardando.json again (on a timer, and when the tab comes back; the test makes
 * the tab come back and waits for that request, never for the timer); without it an "Atualizar"
 * link reloads the panel.
 */

/** A waiting lead more overdue than any other test's, so it heads the box. */
function insertWaitingLead(name: string): number {
  const db = openE2eDb();
  try {
    return insertLead(db, { nome: name, first_contact_due_at: "1990-01-02T12:00:00.000Z", status: "novo" });
  } finally {
    db.close();
  }
}

test("a lead arriving while the panel is open shows in the waiting box: by itself with JavaScript, through Atualizar without", async ({
  page,
  jsEnabled,
}) => {
  const tag = uniqueToken("Aovivo");
  await openAsAdmin(page, "/contato");
  const box = page.getByTestId("waiting-leads");
  await expect(box.getByTestId("waiting-total")).toHaveAttribute("href", "/contato?aguardando=1");
  await expect(box.getByTestId("waiting-late")).toHaveAttribute("href", "/contato?atrasados=1");
  await expect(box).not.toContainText(tag);

  insertWaitingLead(`${tag} Silva`);
  if (jsEnabled) {
    await page.evaluate(() => {
      (window as unknown as { __panelDocument: boolean }).__panelDocument = true;
    });
    const polled = page.waitForResponse((response) => new URL(response.url()).pathname === "/contato/aguardando.json");
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    expect((await polled).status()).toBe(200);
    await expect(box.getByRole("link", { name: tag })).toBeVisible();
    // Still the same document: the box changed by itself.
    expect(await page.evaluate(() => (window as unknown as { __panelDocument?: boolean }).__panelDocument)).toBe(true);
  } else {
    await box.getByRole("link", { name: "Atualizar" }).click();
    await expect(page).toHaveURL(/\/contato$/);
    await expect(box.getByRole("link", { name: tag })).toBeVisible();
  }
});
