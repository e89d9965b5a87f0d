import type { Locator, Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";

/**
 * On a phone's first screen (360 × 740) the floating assistant and WhatsApp buttons never cover the
 * page's main action nor a form control, with or without JavaScript. The WhatsApp button shows only
 * with a students' number in the studio (whatsapp-button.spec.ts sets one); it sits 8 px left of the
 * assistant's and is as large, so its place is the assistant's box moved one button and a gap left.
 */
test.use({ viewport: { width: 360, height: 740 } });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The room both floating buttons take: the assistant's box and, left of it, the WhatsApp button's. */
async function floatingRoom(page: Page): Promise<Box> {
  const assistant = (await page.locator("[data-assistant-button]").boundingBox())!;
  const gap = 8;
  return { ...assistant, x: assistant.x - assistant.width - gap, width: assistant.width * 2 + gap };
}

async function expectClear(page: Page, path: string, targets: Locator) {
  const room = await floatingRoom(page);
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (!box) continue;
    const name = (await target.getAttribute("aria-label")) ?? (await target.textContent())?.trim().slice(0, 40);
    expect(intersects(box, room), `${path}: the floating buttons cover "${name}"`).toBe(false);
  }
}

const MAIN_ACTIONS = [
  // One course page of each kind: one formation, two formations, a /cursos/ page with the longest title.
  ["/enfermagem", "Quero minha bolsa agora"],
  ["/educacaofisica", "Quero minha bolsa agora"],
  ["/cursos/analise-desenvolvimento", "Quero minha bolsa agora"],
  ["/curso-ideal", "Encontrar meu curso"],
] as const;

for (const [path, action] of MAIN_ACTIONS) {
  test(`${path}: the floating buttons leave the main action free on a phone's first screen`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator("main").getByRole("link", { name: action }).first();
    await expect(main).toBeInViewport();
    await expectClear(page, path, main);
  });
}

test("/curso-id: the floating buttons cover none of the question's controls", async ({ page }) => {
  await page.goto("/curso-id");
  const controls = page.locator("main").locator("input:not([type=hidden]), button, select");
  await expectClear(page, "/curso-id", controls);
  await page.getByRole("button", { name: "Continuar" }).scrollIntoViewIfNeeded();
  await expectClear(page, "/curso-id", controls);
});
