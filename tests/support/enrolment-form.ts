import type { Page } from "@playwright/test";

export type EnrolmentInput = { nome: string; telefone: string; email: string; cidade: string; curso: string; polo: string };

/** Fills every field of the enrolment form (/inscricao) as a visitor would, and ticks the consent box. */
export async function fillEnrolmentForm(page: Page, input: EnrolmentInput) {
  await page.getByLabel("Nome completo", { exact: true }).fill(input.nome);
  await page.getByLabel("Telefone (WhatsApp)", { exact: true }).fill(input.telefone);
  await page.getByLabel("E-mail", { exact: true }).fill(input.email);
  await page.getByLabel("Cidade", { exact: true }).fill(input.cidade);
  await page.getByLabel("Curso de interesse", { exact: true }).selectOption(input.curso);
  await page.getByLabel("Polo de preferência", { exact: true }).selectOption(input.polo);
  await page.getByLabel(/Li e aceito a Política de Privacidade/).check();
}
