import type { BrowserContext, Locator, Page } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { openSessions } from "../support/sessions";

/**
 * Keyboard-only use: the menu (desktop and mobile), the form modal (focus kept
 * inside, Esc closes, focus returns), the carousels and the FAQ; and every form's errors are
 * announced (a live region, or aria-describedby from the invalid field). Both projects: with
 * JavaScript and without it (where a behaviour needs JavaScript, the test says so).
 */

/** Presses Tab until the locator has focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40, key = "Tab") {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** The focused element shows a visible focus indicator (an outline). */
async function expectVisibleFocus(target: Locator) {
  const outline = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThan(0);
}

test.describe("keyboard: the menu", () => {
  test("the first Tab reaches 'Pular para o conteúdo', which jumps to the main content", async ({ page }) => {
    await page.goto("/bolsas");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Pular para o conteúdo" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#conteudo$/);
  });

  test("desktop: every menu link is reached by Tab, with a visible focus, and Enter follows it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/privacidade");
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const name of ["Início", "Curso Ideal", "Cursos", "Bolsas", "Polos", "Teste Vocacional", "Trabalhe Conosco"]) {
      const link = nav.getByRole("link", { name, exact: true }).first();
      await tabTo(page, link);
      await expectVisibleFocus(link);
    }
    await tabTo(page, nav.getByRole("link", { name: "Bolsas", exact: true }).first(), 40, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/bolsas$/);
  });

  test("mobile: the menu button opens with Enter, its links are reachable, and it closes", async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/termos");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    const menu = page.locator("#menu-mobile");
    await tabTo(page, toggle);
    await expectVisibleFocus(toggle);
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    const link = menu.getByRole("link", { name: "Teste Vocacional" });
    await tabTo(page, link);
    if (jsEnabled) {
      // Esc closes it and gives focus back to the button; Space (a button's key) opens it again.
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
      await page.keyboard.press(" ");
      await expect(menu).toBeVisible();
      await expect(page.getByRole("button", { name: "Fechar menu" })).toHaveAttribute("aria-expanded", "true");
      await tabTo(page, menu.getByRole("link", { name: "Fechar menu" }));
      await page.keyboard.press("Enter");
      await expect(menu).toBeHidden();
    } else {
      // Without JavaScript the menu is the #menu-mobile target; its 'Fechar menu' link closes it.
      await tabTo(page, menu.getByRole("link", { name: "Fechar menu" }));
      await page.keyboard.press("Enter");
      await expect(menu).toBeHidden();
    }
    await page.goto("/termos");
    await tabTo(page, page.getByRole("button", { name: "Abrir menu" }));
    await page.keyboard.press("Enter");
    await tabTo(page, menu.getByRole("link", { name: "Bolsas" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/bolsas$/);
  });
});

test.describe("keyboard: the form modal", () => {
  test("Enter opens it, focus stays inside while tabbing, Esc closes it and focus returns", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the modal needs JavaScript; without it the link opens the form page (tested in inscricao.spec)");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/teste-vocacional"); // a page that loads React (decisions 092, 098)
    const opener = page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("form-modal");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Fechar" })).toBeFocused();
    await expect(page.frameLocator("iframe").getByLabel("Nome completo", { exact: true })).toBeVisible();

    // Tab and Shift+Tab many times: focus never leaves the dialog (the iframe counts as inside).
    for (const key of [...Array(25).fill("Tab"), ...Array(10).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => {
        const dialog = document.querySelector('[data-testid="form-modal"]');
        const active = document.activeElement;
        return !!dialog && (active === document.body ? false : dialog.contains(active));
      });
      expect(inside, `focus left the dialog after ${key}`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("keyboard: carousels", () => {
  test("the testimonials carousel: focusable list, arrow keys and the buttons", async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/campanha-relampago");
    const carousel = page.getByTestId("campaign-testimonials");
    const list = carousel.getByRole("list");
    // The list is in the tab order (tabindex 0), so it is reached by Tab.
    await expect(list).toHaveAttribute("tabindex", "0");
    await list.scrollIntoViewIfNeeded();
    await list.focus();
    await expectVisibleFocus(list);
    if (!jsEnabled) {
      // Without JavaScript: a scrollable list the arrow keys scroll.
      const before = await list.evaluate((el) => el.scrollLeft);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
      return;
    }
    await expect(carousel).toHaveAttribute("data-enhanced", "true");
    const position = carousel.getByText(/^\d+ de \d+$/);
    await expect(position).toHaveText(/^1 de /);
    await page.keyboard.press("ArrowRight");
    await expect(position).toHaveText(/^2 de /);
    await page.keyboard.press("ArrowLeft");
    await expect(position).toHaveText(/^1 de /);
    const next = carousel.getByRole("button", { name: "Próximo depoimento" });
    await tabTo(page, next, 15);
    await page.keyboard.press("Enter");
    await expect(position).toHaveText(/^2 de /);
    await page.keyboard.press("Space");
    await expect(position).toHaveText(/^3 de /);
    await tabTo(page, carousel.getByRole("button", { name: "Depoimento anterior" }), 5, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(position).toHaveText(/^2 de /);
    // A swipe (any scroll not started by the controls) moves the label too.
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(position).toHaveText(/^3 de 3$/);
    await list.evaluate((el) => el.scrollTo({ left: 0 }));
    await expect(position).toHaveText(/^1 de 3$/);
  });
});

test.describe("keyboard: the FAQ", () => {
  test("each question opens with Enter or Space, one at a time", async ({ page }) => {
    await page.goto("/?secoes=todas");
    const items = page.locator('details[name="faq"]');
    const first = items.nth(0).locator("summary");
    const second = items.nth(1).locator("summary");
    await first.scrollIntoViewIfNeeded();
    await first.focus();
    await expectVisibleFocus(first);
    await page.keyboard.press("Enter");
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await tabTo(page, second, 5);
    await page.keyboard.press("Space");
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.nth(0)).not.toHaveAttribute("open", "");
    await page.keyboard.press("Enter");
    await expect(items.nth(1)).not.toHaveAttribute("open", "");
  });
});

/**
 * How a visible error text reaches a screen reader: "live" (inside role=alert/status or
 * aria-live), "describedby" (an invalid field's aria-describedby points at it), or "none".
 */
async function howAnnounced(page: Page, text: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(wanted)) continue;
      const el = node.parentElement!;
      if (!el.checkVisibility?.() && el.offsetParent === null) continue;
      if (el.closest('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]')) {
        found.push("live");
        continue;
      }
      let describedBy = false;
      for (let at: HTMLElement | null = el; at && !describedBy; at = at.parentElement) {
        if (!at.id) continue;
        for (const field of document.querySelectorAll("[aria-describedby]")) {
          const ids = field.getAttribute("aria-describedby")!.split(/\s+/);
          const invalid = field.getAttribute("aria-invalid") === "true" || field.tagName === "FIELDSET";
          if (ids.includes(at.id) && invalid) describedBy = true;
        }
      }
      found.push(describedBy ? "describedby" : "none");
    }
    return found;
  }, text);
}

async function expectAnnounced(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
  const ways = await howAnnounced(page, text);
  expect(ways.length, `"${text}" not found`).toBeGreaterThan(0);
  expect(
    ways.filter((w) => w === "none"),
    `"${text}" is shown but not announced (${ways})`,
  ).toEqual([]);
}

async function useCookies(context: BrowserContext, header: string, url: string) {
  await context.addCookies(
    header
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url })),
  );
}

test.describe("every form's errors are announced", () => {
  test("/inscricao", async ({ page }) => {
    await page.goto("/inscricao");
    await page.getByLabel("Nome completo", { exact: true }).fill("Ana");
    await page.getByRole("textbox", { name: "E-mail" }).fill("ana@");
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    for (const text of [
      "Nome completo é obrigatório",
      "E-mail inválido",
      "Informe a sua cidade",
      "Para continuar, aceite a Política de Privacidade",
    ]) {
      await expectAnnounced(page, text);
    }
    await page.getByLabel("Nome completo", { exact: true }).fill("Ana <b>Souza</b>");
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expectAnnounced(page, "Use apenas letras no nome");
  });

  test("/teste-vocacional (lead form)", async ({ page }) => {
    await page.goto("/teste-vocacional");
    await page.getByRole("button", { name: "Iniciar Teste Vocacional" }).click();
    for (const text of ["Nome completo é obrigatório", "E-mail inválido", "Por favor, selecione uma opção"])
      await expectAnnounced(page, text);
  });

  test("/teste-vocacional/perguntas", async ({ page, context, baseURL }) => {
    const sessions = await openSessions(baseURL!);
    await useCookies(context, sessions.visitorWithLead, baseURL!);
    await page.goto("/teste-vocacional/perguntas?pagina=1");
    await page.locator('input[name="q1"][value="A"]').check();
    await page.getByRole("button", { name: /Próximo/ }).click();
    await expectAnnounced(page, "Por favor, responda todas as perguntas desta página antes de continuar.");
    await expectAnnounced(page, "Pergunta sem resposta");
  });

  test("/login-admin", async ({ page }) => {
    await page.goto("/login-admin");
    await page.getByLabel("E-mail").fill("alguem@example.com");
    await page.getByLabel("Senha").fill("senha-errada-123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectAnnounced(page, "Credenciais inválidas");
  });

  test("/whatsapp gate and password management", async ({ page }) => {
    await page.goto("/whatsapp");
    await page.getByLabel("Senha de acesso").fill("senha-errada");
    await page.getByLabel("Senha de acesso").press("Enter");
    await expectAnnounced(page, "Por favor, tente novamente");

    await page.goto(`/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`);
    await page.getByLabel("Senha Mestra").fill("mestra-errada");
    await page.getByLabel("Nome da senha").fill("Equipe de teste");
    await page.getByLabel("Nova Senha").fill("uma-senha-nova");
    await page.getByRole("button", { name: /Adicionar/ }).click();
    await expectAnnounced(page, "Senha mestra incorreta");
  });
});
