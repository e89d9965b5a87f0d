import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { E2E_ENV } from "../support/env";
import { type LocalSmtp, startLocalSmtp } from "../support/local-smtp";
import { type RunningServer, startServer } from "../support/server-process";
import { staffLogin, useCookies } from "../support/sessions";

/**
 * Decision 139, through the real server process: a database first served at one host, then started
 * with a SITE_URL of another host (a staging copy), sends no e-mail into a real SMTP server until an
 * admin presses the banner's button in Chromium, JavaScript on and off; then the held message goes once.
 */

const ADMIN = { email: E2E_ENV.ADMIN_EMAIL, password: E2E_ENV.ADMIN_PASSWORD };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a copy at another host, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    let smtp: LocalSmtp;
    const arrived: string[] = [];
    let server: RunningServer | undefined;

    test.beforeAll(async () => {
      smtp = await startLocalSmtp({ onMessage: (mail) => void arrived.push(String(mail.subject)) });
    });
    test.afterAll(async () => {
      await server?.stop();
      server?.cleanup();
      await smtp.close();
    });

    test("the admin's banner holds the team's e-mail until confirmed, then it goes once", async ({ page }) => {
      const env = { ...E2E_ENV, SMTP_URL: smtp.url };
      const first = await startServer(env, { quiet: true });
      await first.stop();
      const subject = `Mensagem retida ${randomUUID()}`;
      const db = new Database(first.databasePath);
      // A message waiting when the copy was made: its row and the job that sends it.
      const { id } = db
        .prepare(
          `INSERT INTO email_outbox (message_id, kind, to_address, subject, text_body, html_body, status, priority, created_at)
           VALUES (?, 'lead.assigned', 'equipe@example.com', ?, 'Texto', '<p>Texto</p>', 'pending', 0, ?) RETURNING id`,
        )
        .get(`<${randomUUID()}@copia>`, subject, new Date().toISOString()) as { id: number };
      db.prepare(
        `INSERT INTO jobs (kind, payload, status, priority, run_at, created_at) VALUES ('email.send', ?, 'pending', 0, 0, ?)`,
      ).run(JSON.stringify({ emailId: id }), new Date().toISOString());
      db.close();

      server = await startServer(
        { ...env, SITE_URL: "http://copia-de-homologacao.localhost" },
        {
          quiet: true,
          databasePath: first.databasePath,
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(arrived).not.toContain(subject);

      await useCookies(page.context(), await staffLogin(server.url, ADMIN), server.url);
      await page.goto(`${server.url}/contato`);
      const banner = page.getByTestId("outgoing-hold");
      await expect(banner).toContainText("Envios retidos: esta pode ser uma cópia do site");
      await expect(banner).toContainText("agora o site está em http://copia-de-homologacao.localhost");
      expect(arrived).not.toContain(subject);

      await banner.getByRole("button", { name: "Confirmar: este é o site que envia" }).click();
      await expect(page).toHaveURL(`${server.url}/admin/e-mails`);
      await expect(page.getByTestId("outgoing-hold")).toHaveCount(0);
      await expect.poll(() => arrived.filter((each) => each === subject).length, { timeout: 15_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(arrived.filter((each) => each === subject)).toHaveLength(1);
    });
  });
}
