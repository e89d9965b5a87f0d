import { connect } from "node:net";

import { expect, test } from "@playwright/test";
import { signToken } from "whatsapp-helper/token";

import { E2E_ENV } from "../support/env";
import { openSessions } from "../support/sessions";

/**
 * The helpers' API through the real production server (server/app.js in front of the routes), the way
 * a helper calls it: Node's fetch, JSON, `Authorization: Bearer`, no cookie and no Origin. The longest
 * question the contract allows (1 000 contacts with their texts) passes the server's door; a body
 * without a token is refused before it is read; what a page records as sent is then "already sent".
 */

const base = () => process.env.E2E_BASE_URL!;
const bearer = () => `Bearer ${signToken(E2E_ENV.HELPER_SECRET, 300)}`;

function post(pathname: string, body: string, authorization: string | null = bearer()) {
  return fetch(base() + pathname, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
  });
}

const uniqueDigits = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

test("a question about 1 000 contacts with long texts (about 1 MB) passes the door; past 5 MB it is refused", async () => {
  const text = "Olá, tudo bem? ".repeat(70); // 1 050 characters
  const contacts = Array.from({ length: 1000 }, (_, i) => ({ number: `55319${String(i).padStart(8, "0")}`, text }));
  const body = JSON.stringify({ contacts });
  expect(body.length).toBeGreaterThan(1024 * 1024);
  const answer = await post("/api/whatsapp-helper/ja-enviados", body);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(await answer.json()).toEqual({ sent: {} });

  const huge = await post("/api/whatsapp-helper/ja-enviados", JSON.stringify({ contacts, pad: "x".repeat(5 * 1024 * 1024) }));
  expect(huge.status).toBe(413);
  // Without a token a long body is refused as such.
  const anonymous = await post("/api/whatsapp-helper/ja-enviados", body, null);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, error: "Token inválido" });
  // Other requests keep the 64 KB limit: the same body as a form post.
  const form = await fetch(`${base()}/api/whatsapp-helper/ja-enviados`, {
    method: "POST",
    body: `contacts=${"x".repeat(100 * 1024)}`,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: bearer() },
  });
  expect(form.status).toBe(413);
});

test("a request refused before its body is needed leaves the connection usable: the next request on it is answered", async () => {
  // Two requests written back to back on one connection: a 1 MB body without a token, then a GET. Left
  // unread, the long body stalled the connection and the GET was never answered (the client hung).
  const { hostname, port } = new URL(base());
  const longBody = JSON.stringify({ contacts: "x".repeat(1024 * 1024) });
  const answers = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 10_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if ((received.match(/^HTTP\/1\.1 /gm) ?? []).length === 2 && received.includes('{"numbers":')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(received);
      }
    });
    socket.on("error", reject);
    socket.write(
      `POST /api/whatsapp-helper/ja-enviados HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(longBody)}\r\n\r\n${longBody}`,
    );
    socket.write(
      `GET /api/whatsapp-helper/descadastros HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${bearer()}\r\n\r\n`,
    );
  });
  const statuses = [...answers.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => match[1]);
  expect(statuses).toEqual(["401", "200"]);
});

test("an opt-out reported by one helper is in the list another helper loads; a logged send is 'already sent'", async () => {
  const digits = uniqueDigits();
  // Reported without the ninth digit, then again with it: one person.
  for (const number of [`5531${digits.slice(1)}`, `5531${digits}`]) {
    const report = await post(
      "/api/whatsapp-helper/descadastros",
      JSON.stringify({ entries: [{ number, at: new Date().toISOString(), operator: "Operador A" }] }),
    );
    expect(report.status).toBe(200);
  }
  const list = await fetch(`${base()}/api/whatsapp-helper/descadastros`, { headers: { Authorization: bearer() } });
  const { numbers } = (await list.json()) as { numbers: string[] };
  expect(numbers.filter((n) => n.endsWith(digits.slice(1)))).toEqual([`5531${digits.slice(1)}`]);

  // The page records a send in 'Registro de Envios' (operator session), as it does for each result.
  const { operator } = await openSessions(base());
  const text = `Mensagem de teste ${digits}`;
  const sentAt = new Date().toISOString();
  const logged = await fetch(`${base()}/whatsapp/registro`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: operator, Origin: base() },
    body: JSON.stringify({
      jobId: `job-${digits}`,
      number: `5531${digits}`,
      name: "Teste",
      message: text,
      status: "sent",
      sentAt,
    }),
  });
  expect(logged.status).toBe(200);
  const asked = await post("/api/whatsapp-helper/ja-enviados", JSON.stringify({ contacts: [{ number: `31${digits}`, text }] }));
  expect(await asked.json()).toEqual({ sent: { [`31${digits}`]: sentAt } });
});
