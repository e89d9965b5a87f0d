import { expect, test, uniqueEmail } from "../support/fixtures";
import { completedTestCookie } from "../support/sessions";

/**
 * Decision 144: a result page on a 360 × 740 phone opens with "Parabéns" and the profile's headline,
 * the countdown banner after them; and the sentence above the closing countdown says until when the
 * offer holds, the same campaign end as the countdown and the campaign page, never "24 horas".
 */
test.use({ viewport: { width: 360, height: 740 } });

test("a phone's result page: the headline first, then the countdown; the offer's end stated as the campaign's", async ({
  page,
}) => {
  const cookie = await completedTestCookie(process.env.E2E_BASE_URL!, uniqueEmail("resultado-celular"));
  for (const pair of cookie.split(/;\s*/).filter(Boolean)) {
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    await page.context().addCookies([{ name, value, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: "Lax" }]);
  }
  await page.goto("/campanha-relampago");
  const validUntil = /Condições válidas até (\d{2}\/\d{2})/.exec((await page.locator("main").textContent()) ?? "")?.[1];
  expect(validUntil, "the campaign page's deadline").toBeTruthy();

  for (const path of [
    "/teste-vocacional/resultado/tecnologia",
    "/teste-vocacional/resultado/negocios",
    "/teste-vocacional/resultado",
  ]) {
    await page.goto(path);
    const congrats = page.getByText(/^Parabéns, /);
    const banner = page.getByTestId("faixa-contagem");
    await expect(congrats, path).toBeInViewport();
    await expect(page.getByRole("heading", { level: 1 }), path).toBeInViewport();
    const congratsTop = (await congrats.boundingBox())!.y;
    const bannerTop = (await banner.boundingBox())!.y;
    expect(congratsTop, `${path}: "Parabéns" above the countdown banner`).toBeLessThan(bannerTop);

    const cta = page.locator('section[aria-labelledby="cta"]');
    await expect(cta, path).toContainText(`vale até ${validUntil}/`);
    await expect(cta, path).not.toContainText("24 horas");
    await expect(cta.getByTestId("contagem-resultado"), path).toHaveCount(1);
  }
});
