// GET /prova: the helper's proof that it holds its key.
import { CHALLENGE_PATTERN, signProof } from "./token.js";

/**
 * GET /prova?desafio=<challenge>: this helper's proof that it holds its key (decision 070), which the
 * site verifies before it gives the page a token, and the start script before it says "already
 * running". It reveals only the key's id. Readable by the allowed origins' pages (CORS, and Chrome's
 * Private Network Access preflight) and by programs without an Origin (the start script).
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {URL} url
 * @param {{ allowedOrigins: string[], key: ReturnType<typeof import("./token.js").parseKey>, version: string, revoked: boolean, log: (message: string) => void }} helper
 */
export function answerProof(req, res, url, { allowedOrigins, key, version, revoked, log }) {
  const origin = req.headers.origin;
  /** @type {Record<string, string>} */
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", vary: "Origin" };
  if (typeof origin === "string") {
    if (!allowedOrigins.includes(origin)) {
      log(`Prova recusada: origem não permitida (${origin}).`);
      res.writeHead(403, headers);
      return res.end(JSON.stringify({ error: "Origem não permitida" }));
    }
    headers["access-control-allow-origin"] = origin;
  }
  if (req.method === "OPTIONS") {
    headers["access-control-allow-methods"] = "GET";
    if (req.headers["access-control-request-private-network"] === "true")
      headers["access-control-allow-private-network"] = "true";
    res.writeHead(204, headers);
    return res.end();
  }
  const challenge = url.searchParams.get("desafio") ?? "";
  if (req.method !== "GET" || !CHALLENGE_PATTERN.test(challenge)) {
    res.writeHead(400, headers);
    return res.end(JSON.stringify({ error: "Desafio inválido" }));
  }
  if (!key) {
    res.writeHead(503, headers);
    return res.end(JSON.stringify({ error: "Ajudante sem chave: use o script de início baixado do site." }));
  }
  res.writeHead(200, headers);
  res.end(
    JSON.stringify({
      helper: "whatsapp-helper",
      version,
      keyId: key.id,
      proof: signProof(key, challenge),
      revoked,
    }),
  );
}
