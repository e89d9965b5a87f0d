import { withDb } from "../support/db-snapshot";
import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { useServer } from "../support/use-server";

/**
 * The error boundary in production never shows a stack trace (or any other detail of the
 * failure). A real failure, not a test switch: the production server runs on its own temporary
 * database, and the test breaks that database underneath it (renames the `admin_users` table) so
 * the loader of the public /login-admin page throws a genuine SqliteError. The visitor must get a
 * friendly pt-BR page with status 500, and neither the HTML nor the data React Router sends along
 * may carry the error's message, stack frames or the server's file paths.
 */
const server = useServer(test, { ...E2E_ENV });

const breakAdminTable = () => withDb(server.databasePath, (db) => db.exec("ALTER TABLE admin_users RENAME TO admin_users_fora"));
const repairAdminTable = () => withDb(server.databasePath, (db) => db.exec("ALTER TABLE admin_users_fora RENAME TO admin_users"));

/** What must never reach a visitor: the error itself, stack frames, source or build paths. */
function expectNoInternals(body: string) {
  expect(body).not.toContain("SqliteError");
  expect(body).not.toContain("no such table");
  expect(body).not.toContain("admin_users");
  expect(body).not.toMatch(/\bat [\w$.<>]+ \(/); // "at fn (file:line:col)"
  expect(body).not.toMatch(/\.(?:js|ts|tsx|mjs):\d+:\d+/); // file:line:col
  expect(body).not.toMatch(/file:\/\//);
  expect(body).not.toContain("node_modules");
  expect(body).not.toContain(process.cwd());
  expect(body).not.toContain(server.databasePath);
}

test.describe.configure({ mode: "serial" });

test.describe("error boundary in production", () => {
  test.afterEach(() => {
    // Leave the database sound for the next test, whatever happened.
    withDb(server.databasePath, (db) => {
      const broken = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'admin_users_fora'").get();
      if (broken) db.exec("ALTER TABLE admin_users_fora RENAME TO admin_users");
    });
  });

  test("a loader that fails answers a friendly pt-BR page with status 500 and no internals", async ({ request }) => {
    const healthy = await request.get(`${server.url}/login-admin`);
    expect(healthy.status()).toBe(200);

    breakAdminTable();
    const response = await request.get(`${server.url}/login-admin`);
    expect(response.status()).toBe(500);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = (await response.text()).replaceAll("<!-- -->", ""); // React's text separators
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain("<title>Algo deu errado</title>");
    expect(html).toContain("Erro 500");
    expect(html).toContain("Não foi possível carregar esta página agora.");
    expect(html).toContain("Voltar para o início");
    expect(html).not.toContain("<pre");
    expectNoInternals(html);

    // The data request a client-side navigation makes is just as quiet.
    const data = await request.get(`${server.url}/login-admin.data`);
    expect(data.status()).toBe(500);
    expectNoInternals(await data.text());

    // The same page works again once the database is repaired: the 500 came from the failure.
    repairAdminTable();
    expect((await request.get(`${server.url}/login-admin`)).status()).toBe(200);
  });

  test("in the browser, opened directly or reached by a client-side navigation, the page stays friendly", async ({ page }) => {
    breakAdminTable();
    const response = await page.goto(`${server.url}/login-admin`);
    expect(response?.status()).toBe(500);
    await expect(page).toHaveTitle("Algo deu errado");
    await expect(page.getByRole("heading", { level: 1, name: "Algo deu errado" })).toBeVisible();
    await expect(page.getByText("Erro 500")).toBeVisible();
    // The area around it still works: the admin area's own header navigation and a way home.
    await expect(page.getByRole("navigation", { name: "Painel Administrativo" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
    expectNoInternals(await page.content());

    // From a working page that keeps the framework (the vocational test, decision 092), a client
    // navigation (React Router's own, as a <Link> makes) goes into the same failure.
    await page.goto(`${server.url}/teste-vocacional`);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate("/login-admin"),
    );
    await expect(page).toHaveURL(`${server.url}/login-admin`);
    // No document load happened: React Router fetched the data and rendered the boundary itself.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Algo deu errado" })).toBeVisible();
    await expect(page.locator("main")).toContainText("Não foi possível carregar esta página agora.");
    await expect(page.locator("main pre")).toHaveCount(0);
    expectNoInternals(await page.content());
  });
});
