import { expect, openE2eDb, test } from "../support/fixtures";
import { openAsAdmin } from "../support/studio";

/**
 * /admin/tarefas, with and without JavaScript: the jobs engine's kinds with their counts, a failed
 * job with its error, and "Tentar de novo", after which the server's worker runs it at once.
 */

function insertFailedPurge(tag: string): number {
  const db = openE2eDb();
  try {
    const now = Date.now();
    const row = db
      .prepare(
        `INSERT INTO jobs (kind, payload, status, run_at, attempts, last_error, dedupe_key, created_at, finished_at)
         VALUES ('retention.purge', '{}', 'failed', ?, 1, ?, ?, ?, ?) RETURNING id`,
      )
      .get(
        now,
        `Falha de teste ${tag}`,
        `retention.purge@e2e-${tag}`,
        new Date(now).toISOString(),
        new Date(now).toISOString(),
      ) as {
      id: number;
    };
    return row.id;
  } finally {
    db.close();
  }
}

function statusOf(id: number): string | undefined {
  const db = openE2eDb();
  try {
    return (db.prepare("SELECT status FROM jobs WHERE id = ?").get(id) as { status: string } | undefined)?.status;
  } finally {
    db.close();
  }
}

test("Tarefas: each kind with its counts, a failed job with its error, tried again at once", async ({ page, jsEnabled }) => {
  const tag = `${jsEnabled ? "js" : "nojs"}-${Date.now()}`;
  const id = insertFailedPurge(tag);
  await openAsAdmin(page, "/admin/tarefas");
  await expect(page.getByRole("heading", { name: "Tarefas", exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Painel Administrativo" }).getByRole("link", { name: "Tarefas" }),
  ).toBeVisible();
  const kinds = page.getByTestId("jobs-kinds");
  for (const label of [
    "Escalonamento de leads sem contato",
    "Resumo diário aos gestores",
    "Limpeza do período de retenção (LGPD)",
  ])
    await expect(kinds.getByRole("rowheader", { name: new RegExp(label.replace(/[()]/g, "\\$&")) })).toBeVisible();

  const failed = page
    .getByTestId("jobs-failed")
    .getByRole("row")
    .filter({ hasText: `Falha de teste ${tag}` });
  await expect(failed).toContainText("Limpeza do período de retenção (LGPD)");
  await failed.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(page.getByText("Tarefa na fila de novo")).toBeVisible();
  await expect(
    page
      .getByTestId("jobs-failed")
      .getByRole("row")
      .filter({ hasText: `Falha de teste ${tag}` }),
  ).toHaveCount(0);
  await expect.poll(() => statusOf(id)).toBe("done");
});
