import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The studio's fixes of decision 097 in a real browser, with and without JavaScript: a FAQ question
 * moved to the top and to the end in one press each, the page coming back at the question; Histórico
 * naming the question and "Resposta", asking before a restore (Cancelar changes nothing); a course
 * deleted after a question, its page then answering 410; a photo over 8 MB never followed by
 * "Alterações salvas". The question and the course are the test's own and are removed at the end.
 */

test.describe("studio fixes (decision 097)", () => {
  test("FAQ: 'Mover para o topo' / 'Mover para o fim' keep the place; Histórico asks before restoring", async ({
    page,
    jsEnabled,
  }) => {
    const question = `Pergunta de teste ${jsEnabled ? "js" : "sem-js"} ${Date.now()}?`;
    await exclusively("faq", async () => {
      await openAsAdmin(page, "/admin/conteudo/faq");
      const adding = page.getByRole("form", { name: "Nova pergunta" });
      await adding.getByLabel("Pergunta").fill(question);
      await adding.getByLabel("Resposta").fill("Primeira resposta.");
      await saveStudioForm(page, adding, "Adicionar pergunta");
      const items = page.getByTestId("faq-items").locator(":scope > li");
      const mine = items.filter({ has: page.locator(`input[value="${question}"]`) });
      try {
        await expect(items.last()).toHaveId(/^pergunta-/);
        const anchor = (await items.last().getAttribute("id"))!;
        await expect(page).toHaveURL(new RegExp(`#${anchor}$`));

        await saveStudioForm(page, mine, "Mover para o topo");
        await expect(page).toHaveURL(new RegExp(`/admin/conteudo/faq#${anchor}$`));
        await expect(items.first()).toHaveId(anchor);
        await expect(items.first().getByRole("button", { name: "Mover para o topo" })).toBeDisabled();
        await expect(items.first()).toBeInViewport();

        await saveStudioForm(page, mine, "Mover para o fim");
        await expect(items.last()).toHaveId(anchor);
        await expect(items.last()).toBeInViewport();

        await mine.getByLabel("Resposta").fill("Segunda resposta.");
        await saveStudioForm(page, mine, "Salvar");

        await page.goto("/admin/conteudo/historico");
        const row = page
          .getByTestId("content-history")
          .getByRole("row")
          .filter({ hasText: question })
          .filter({ hasText: "Resposta" })
          .filter({ has: page.getByRole("link", { name: /Restaurar/ }) })
          .first();
        await expect(row).toContainText("FAQ");
        await expect(page.getByTestId("content-history")).not.toContainText(/\b(answer|question|position)\b/);
        await row.getByRole("link", { name: /Restaurar/ }).click();
        const ask = page.getByTestId("restore-question");
        await expect(ask.getByRole("heading", { name: /^Restaurar a versão de/ })).toBeVisible();
        await expect(ask).toContainText(question);
        const change = ask.getByTestId("restore-differences").getByRole("row", { name: /Resposta/ });
        await expect(change).toContainText("Segunda resposta.");
        await expect(change).toContainText("Primeira resposta.");
        await ask.getByRole("link", { name: "Cancelar" }).click();
        await expect(page.getByTestId("restore-question")).toHaveCount(0);
        await page.goto("/admin/conteudo/faq");
        await expect(mine.getByLabel("Resposta")).toHaveValue("Segunda resposta.");

        await page.goto("/admin/conteudo/historico");
        await row.getByRole("link", { name: /Restaurar/ }).click();
        await page.getByRole("button", { name: "Restaurar esta versão" }).click();
        await expect(page.getByTestId("toaster")).toContainText("Versão restaurada");
        await page.goto("/admin/conteudo/faq");
        await expect(mine.getByLabel("Resposta")).toHaveValue("Primeira resposta.");
      } finally {
        await page.goto("/admin/conteudo/faq");
        await saveStudioForm(page, mine, "Remover");
        await expect(mine).toHaveCount(0);
      }
    });
  });

  test("a course at an active course's path is refused; 'Excluir curso' asks, then its page answers 410", async ({
    page,
    jsEnabled,
  }) => {
    const tag = `${jsEnabled ? "js" : "sem-js"}-${Date.now()}`;
    const name = `Ecoturismo ${tag}`;
    const path = `/ecoturismo-${tag}`;
    await openAsAdmin(page, "/admin/conteudo/cursos/novo");
    await page.getByLabel("Nome do curso").fill(name);
    await page.getByLabel("Endereço da página").fill("/enfermagem");
    await page.getByLabel("Área").selectOption("Turismo");
    await page.getByLabel("Formato de oferta").selectOption("EAD");
    await page.getByLabel("Duração").fill("3 anos");
    await page.getByLabel("Descrição curta").fill("Turismo na natureza, com cuidado.");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(
      page.getByText('Este endereço já é de um curso ativo - escolha outro ou marque "Mesma página de outro curso"'),
    ).toBeVisible();
    await expect(page.getByLabel("Nome do curso")).toHaveValue(name);

    await page.getByLabel("Endereço da página").fill(path);
    await saveStudioForm(page);
    await expect(page).toHaveURL(/\/admin\/conteudo\/cursos\/\d+$/);
    await page.getByRole("link", { name: "Excluir curso" }).click();
    const ask = page.getByTestId("delete-question");
    await expect(ask.getByRole("heading", { name: `Excluir o curso "${name}"?` })).toBeVisible();
    await expect(ask).toContainText(path);
    await ask.getByRole("button", { name: "Excluir curso" }).click();
    await expect(page).toHaveURL(/\/admin\/conteudo\/cursos$/);
    await expect(page.getByTestId("toaster")).toContainText("Curso excluído");
    await expect(page.getByTestId("studio-courses")).not.toContainText(name);
    const gone = await page.goto(path);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "Este curso não está mais disponível" })).toBeVisible();
  });

  test("a photo over 8 MB is refused and never followed by 'Alterações salvas'", async ({ page, jsEnabled }) => {
    await openAsAdmin(page, "/admin/conteudo/depoimentos");
    const adding = page.getByRole("form", { name: "Novo depoimento" });
    await adding.getByLabel("Nome").fill("Foto grande");
    await adding.getByLabel("Curso").fill("Pedagogia");
    await adding.getByLabel("Depoimento").fill("Um texto.");
    await adding
      .getByLabel("Escolher a foto")
      .setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024, 1) });
    await adding.getByLabel("Texto alternativo").fill("Uma foto grande");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await adding.getByRole("button", { name: "Adicionar depoimento" }).click();
    if (jsEnabled) {
      await expect(adding.getByText("A foto deve ter no máximo 8 MB.")).toBeVisible();
      await expect(adding.getByLabel("Escolher a foto")).toBeFocused();
      expect(posts).toEqual([]);
    } else {
      await expect(page.getByText("Arquivo grande demais: a foto deve ter no máximo 8 MB.")).toBeVisible();
    }
    await expect(page.getByText("Alterações salvas")).toHaveCount(0);
  });
});
