// @ts-check
// What server.js (`npm start`) does before anything else, and how it says why it cannot listen
// (docs/decisions/061-production-start.md): it reads `.env` as `npm run dev` does, it always runs in
// production mode whatever NODE_ENV says, and a port it cannot take is an error, never an exit 0.
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Reads `.env` in the working folder into process.env when the file exists, as `npm run dev` (Vite)
 * does: a variable already in the environment wins, even an empty one. Node's own parser
 * (`process.loadEnvFile`, Node ≥ 20.12).
 * @param {string} [file]
 * @returns {string | undefined} the file read, or undefined when there is none
 */
export function loadDotEnv(file = path.resolve(".env")) {
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}

/**
 * Production mode for this process: NODE_ENV becomes "production" (Express, React, React Router and
 * app/platform/config.server.ts read it; the CSP and the Secure session cookie depend on it).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined} another value NODE_ENV had and no longer has, to warn about
 */
export function useProductionMode(env = process.env) {
  const given = env.NODE_ENV;
  env.NODE_ENV = "production";
  return given !== undefined && given !== "production" ? given : undefined;
}

/**
 * Listens, resolving once listening; rejects with the error when the port cannot be taken (Express
 * 5's `app.listen` hands that error to its callback instead, which is how a taken port used to
 * print "Servidor pronto" and exit 0).
 * @param {import("node:net").Server} server
 * @param {number} port
 * @param {string} host
 * @returns {Promise<void>}
 */
export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * The pt-BR explanation (with the English error code) of a port that could not be taken, naming the
 * port and how to choose another.
 * @param {NodeJS.ErrnoException} error
 * @param {number} port
 * @param {string} host
 */
export function describeListenError(error, port, host) {
  const other = port < 65535 ? port + 1 : 3000;
  const choose = `escolha outra porta com a variável PORT, por exemplo: PORT=${other} npm start`;
  switch (error.code) {
    case "EADDRINUSE":
      return (
        `Erro: a porta ${port} já está em uso (EADDRINUSE: port ${port} already in use on ${host}).\n` +
        `Outro programa (talvez outro "npm start" deste site) já escuta nela. Encerre-o ou ${choose}`
      );
    case "EACCES":
      return (
        `Erro: sem permissão para usar a porta ${port} (EACCES: permission denied on ${host}:${port}).\n` +
        `Portas abaixo de 1024 exigem privilégios de administrador: ${choose}`
      );
    case "EADDRNOTAVAIL":
      return (
        `Erro: o endereço HOST=${host} não pertence a esta máquina (EADDRNOTAVAIL: address not available).\n` +
        `Remova HOST para escutar em todos os endereços (0.0.0.0), ou use um endereço desta máquina.`
      );
    default:
      return `Erro: não foi possível escutar em ${host}:${port} (${error.code ?? "erro"}: ${error.message}).\nVerifique PORT e HOST, ou ${choose}`;
  }
}
