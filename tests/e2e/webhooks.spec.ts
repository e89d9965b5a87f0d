import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { seriousViolations } from "../support/axe";
import { expect, test, uniqueEmail } from "../support/fixtures";
import { enrolment } from "../support/sessions";
import { openAsAdmin } from "../support/studio";

/**
 * /admin/webhooks, with and without JavaScript: the admin adds a receiver's URL and sees its secret
 * once; a new lead is posted to that receiver (a real HTTP server started by this test), which
 * refuses it the first time (400, so no retry: "Falhou" in the log); "Reenviar" sends it again,
 * signed with the secret the page showed, and the log then says "Entregue".
 */

const PATH = "/admin/webhooks";

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver that refuses the first event about `email` with a 400 and accepts everything else. */
async function startReceiver(email: string) {
  const received: Received[] = [];
  let refusedOnce = false;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const ours = body.includes(email);
      if (ours) received.push({ headers: request.headers, body });
      if (ours && !refusedOnce) {
        refusedOnce = true;
        response.writeHead(400).end();
      } else response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm/eventos`;
  return {
    url,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test("add a URL, the secret shown once, the delivery log and 'Reenviar'", async ({ page, jsEnabled }) => {
  const email = uniqueEmail(jsEnabled ? "webhook.js" : "webhook.nojs");
  const receiver = await startReceiver(email);
  try {
    await openAsAdmin(page, PATH);
    await expect(
      page.getByRole("navigation", { name: "Painel Administrativo" }).getByRole("link", { name: "Webhooks" }),
    ).toBeVisible();

    // Only http(s) addresses: the message is next to the field.
    await page.getByLabel("Endereço (URL)").fill("ftp://crm.example.com/eventos");
    await page.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(page.getByText("Informe um endereço que comece com http:// ou https://.")).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    if (jsEnabled) expect(await seriousViolations(page)).toEqual([]);

    // An internal address (the cloud's metadata service) is refused, the reason next to the field.
    await page.getByLabel("Endereço (URL)").fill("http://169.254.169.254/latest/meta-data/");
    await page.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(page.getByText(/O endereço 169\.254\.169\.254 é interno \(link local/)).toBeVisible();
    await expect(page.getByLabel("Endereço (URL)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

    // The timeout: 5 to 60 seconds, the message next to its field.
    await page.getByLabel("Endereço (URL)").fill(receiver.url);
    await page.getByLabel("Tempo de espera (segundos)").fill("3");
    await page.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(page.getByText("Informe um tempo de espera entre 5 e 60 segundos (número inteiro).")).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

    await page.getByLabel("Endereço (URL)").fill(receiver.url);
    await page.getByLabel("Tempo de espera (segundos)").fill("20");
    await page.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(page.getByTestId("webhook-secret")).toContainText("não será mostrado de novo");
    const secret = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const endpointRow = page.getByTestId("webhook-endpoints").getByRole("row").filter({ hasText: receiver.url });
    await expect(endpointRow).toContainText("Ativo");
    const timeoutField = endpointRow.getByRole("spinbutton", { name: /Segundos/ });
    await expect(timeoutField).toHaveValue("20");
    await timeoutField.fill("2");
    await endpointRow.getByRole("button", { name: /Salvar/ }).click();
    await expect(page.getByText("Informe um tempo de espera entre 5 e 60 segundos (número inteiro).")).toBeVisible();
    await endpointRow.getByRole("spinbutton", { name: /Segundos/ }).fill("25");
    await endpointRow.getByRole("button", { name: /Salvar/ }).click();
    await expect(page.getByText("Tempo de espera salvo")).toBeVisible();
    await expect(endpointRow.getByRole("spinbutton", { name: /Segundos/ })).toHaveValue("25");

    // Opened again, the page no longer holds the secret anywhere.
    await page.goto(PATH);
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // A visitor's enrolment: the event goes out and the receiver refuses it (400: not retried).
    const posted = await page.request.post("/inscricao", { form: enrolment(email), maxRedirects: 0 });
    expect(posted.status()).toBe(303);
    await expect.poll(() => receiver.received.length).toBe(1);
    // This lead's event, by its id: other tests' leads and status changes may reach the same endpoint meanwhile.
    const eventId = receiver.received[0].headers["x-webhook-id"] as string;
    const delivery = page.getByTestId("webhook-delivery").filter({ hasText: receiver.url }).filter({ hasText: eventId });
    await expect
      .poll(async () => {
        await page.goto(PATH);
        return delivery.textContent();
      })
      .toMatch(/Falhou/);
    await expect(delivery).toContainText("lead.created");
    await expect(delivery).toContainText("400");
    if (jsEnabled) expect(await seriousViolations(page)).toEqual([]);

    await delivery.getByRole("button", { name: /Reenviar/ }).click();
    await expect(page.getByText("Reenvio agendado")).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);
    const [first, again] = receiver.received;
    expect(again.headers["x-webhook-id"]).toBe(first.headers["x-webhook-id"]);
    const timestamp = again.headers["x-webhook-timestamp"] as string;
    const expected = createHmac("sha256", secret).update(`${timestamp}.${again.body}`).digest("hex");
    expect(again.headers["x-webhook-signature"]).toBe(`sha256=${expected}`);
    expect(again.headers.cookie).toBeUndefined();
    await expect
      .poll(async () => {
        await page.goto(PATH);
        return delivery.textContent();
      })
      .toMatch(/Entregue/);
  } finally {
    // Leave the shared server without this receiver (its deliveries go with it).
    await page.goto(PATH);
    const remove = page
      .getByTestId("webhook-endpoints")
      .getByRole("row")
      .filter({ hasText: receiver.url })
      .getByRole("button", { name: /Remover/ });
    if (await remove.count()) {
      await remove.click();
      await expect(page.getByText("Endereço removido")).toBeVisible();
    }
    await receiver.close();
  }
});

test("the webhooks page links to a pt-BR guide inside the staff area, with an example to check a signature against", async ({
  page,
  jsEnabled,
}) => {
  await openAsAdmin(page, PATH);
  await page.getByRole("link", { name: "Como receber os webhooks" }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks\/guia$/);
  await expect(page.getByRole("heading", { level: 1, name: "Como receber os webhooks" })).toBeVisible();
  await expect(page.getByTestId("guide-events")).toContainText("lead.status_changed");
  await expect(page.getByRole("heading", { name: "Como conferir a assinatura" })).toBeVisible();
  await expect(page.getByTestId("guide-example-signature")).toHaveText(/^sha256=[0-9a-f]{64}$/);
  await expect(page.locator("main")).not.toContainText("docs/webhooks.md");
  if (jsEnabled) expect(await seriousViolations(page), "the webhooks guide").toEqual([]);
});
