import type { Locator, Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { completedTestCookie } from "../support/sessions";

/**
 * The form modal on a phone (360 × 740): our own form in its frame never needs scrolling inside the
 * frame, so the consent box and the submit button are reached by scrolling the modal, as a page
 * scrolls, also once error messages have made the form taller. The frame takes the height the
 * framed page reports. Without JavaScript there is no modal: the buttons are links to /inscricao.
 */

test.use({ viewport: { width: 360, height: 740 } });

const FRAME = 'iframe[title="Formulário de Inscrição"]';

/** How much taller the framed document is than the frame (positive: it scrolls inside the frame). */
function overflowInside(frameElement: Locator): Promise<number> {
  return frameElement.evaluate((el: HTMLIFrameElement) => {
    const root = el.contentDocument!.documentElement;
    return root.scrollHeight - root.clientHeight;
  });
}

/**
 * Scrolls a control of the form into view the way a visitor would reach it, then says whether it is
 * on screen with the framed document still at its top (no scrolling inside the frame was needed) and
 * nothing over it, both in the page (the point is the frame) and in the frame (the point is the control).
 */
async function reachedWithoutInnerScroll(page: Page, frameElement: Locator, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const frameBox = (await frameElement.boundingBox())!;
  const inFrame = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return { x, y, scrollY: window.scrollY, hit: !!hit && (hit === el || el.contains(hit) || hit.contains(el)) };
  });
  const x = frameBox.x + inFrame.x;
  const y = frameBox.y + inFrame.y;
  const onScreen = x >= 0 && y >= 0 && x <= 360 && y <= 740;
  const pageHit = await frameElement.evaluate((el, point) => document.elementFromPoint(point.x, point.y) === el, { x, y });
  return { innerScroll: inFrame.scrollY, onScreen, hitInFrame: inFrame.hit, frameAtPoint: pageHit };
}

async function expectWholeFormReachable(page: Page, frameElement: Locator) {
  await expect
    .poll(() => overflowInside(frameElement), { message: "scrolling needed inside the frame (px)" })
    .toBeLessThanOrEqual(0);
  const form = page.frameLocator(FRAME);
  const reached = { innerScroll: 0, onScreen: true, hitInFrame: true, frameAtPoint: true };
  expect(
    await reachedWithoutInnerScroll(page, frameElement, form.getByRole("checkbox", { name: /Li e aceito/ })),
    "consent box",
  ).toEqual(reached);
  expect(await reachedWithoutInnerScroll(page, frameElement, form.locator("button[type=submit]")), "submit button").toEqual(
    reached,
  );
}

test.describe("the form modal at 360 × 740", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "the modal is a JavaScript enhancement (without it: the test below)",
  );

  test("'Inscreva-se': the whole form is reached without scrolling inside the frame, also after a refused post", async ({
    page,
  }) => {
    await page.goto("/teste-vocacional"); // a page that loads React (the plain ones link: decisions 092, 098)
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscreva-se" });
    const frameElement = dialog.locator(FRAME);
    const form = page.frameLocator(FRAME);
    await expect(form.getByLabel("Nome completo", { exact: true })).toBeVisible();
    await expectWholeFormReachable(page, frameElement);

    // Sent empty: every field says what is missing, next to it, and the form grows.
    const before = (await frameElement.boundingBox())!.height;
    await form.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expect(form.getByLabel("Nome completo", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel(/Li e aceito/)).toHaveAttribute("aria-invalid", "true");
    await expect.poll(async () => (await frameElement.boundingBox())!.height).toBeGreaterThan(before);
    await expectWholeFormReachable(page, frameElement);
  });

  test("the consultant button of a vocational result opens a form that fits its frame too", async ({ page }) => {
    // The marketing pages link to /inscricao (decisions 092, 098, 099); the result pages keep the modal.
    const visitor = await completedTestCookie(process.env.E2E_BASE_URL!, `modal-${Date.now()}@example.com`);
    for (const pair of visitor.split(/;\s*/).filter(Boolean)) {
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      await page.context().addCookies([{ name, value, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: "Lax" }]);
    }
    // The lead form's "Dados salvos" toast waits in that session: taken here, it covers nothing later.
    await (await page.request.get("/privacidade")).body();
    await page.goto("/teste-vocacional/resultado/tecnologia");
    await page.locator("main a[data-form-modal]").filter({ hasText: "Falar com um consultor" }).first().click();
    const dialog = page.getByRole("dialog", { name: /fale com um consultor/ });
    await expect(dialog).toBeVisible();
    await expect(page.frameLocator(FRAME).getByLabel("Nome completo", { exact: true })).toBeVisible();
    await expectWholeFormReachable(page, dialog.locator(FRAME));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

// /bolsas loads no framework (decision 098): with JavaScript too, its buttons are the plain links.
test("without JavaScript, and on pages without React, the form buttons are plain links to /inscricao", async ({ page }) => {
  await page.goto("/bolsas");
  const scholarship = page.locator("main a[data-form-modal]").first();
  await expect(scholarship).toHaveAttribute("href", /^\/inscricao/);
  await scholarship.click();
  await expect(page).toHaveURL(/\/inscricao/);
  await expect(page.getByLabel("Nome completo", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
