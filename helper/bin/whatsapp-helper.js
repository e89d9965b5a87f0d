#!/usr/bin/env node
// whatsapp-helper: starts the local WhatsApp helper with settings from the environment
// (see README.md). Messages for the operator are in Portuguese.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

import { resolveConfig, startHelper } from "../src/server.js";
import { verifyProof } from "../src/token.js";

const [major] = process.versions.node.split(".").map(Number);
if (major < 20) {
  console.error(`É preciso o Node.js 20 ou mais recente (você tem ${process.versions.node}). Baixe em https://nodejs.org`);
  process.exit(1);
}

// Everything the helper creates (the WhatsApp session, contact lists, opt-outs) is the operator's
// alone: folders 0700, files 0600 (decision 065; the files are also created with those modes).
if (process.platform !== "win32") process.umask(0o077);

const VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

/**
 * Does this helper (the one holding this HELPER_KEY) already answer at this address? Anything else
 * (nothing listening, another program, a helper with another key) is not it.
 * @param {string} host
 * @param {number} port
 */
async function helperAnswers(host, port) {
  // The helper with this key answers: it proves it holds the key for a fresh challenge (decision 070).
  const key = resolveConfig().key;
  if (!key) return false;
  const challenge = randomBytes(18).toString("base64url");
  try {
    const response = await fetch(`http://${host.includes(":") ? `[${host}]` : host}:${port}/prova?desafio=${challenge}`, {
      signal: AbortSignal.timeout(3000),
    });
    const body = await response.json();
    return body?.keyId === key.id && verifyProof(key, challenge, body?.proof);
  } catch {
    return false;
  }
}

const config = resolveConfig();
console.log(`Iniciando o ajudante do WhatsApp (versão ${VERSION})...`);
/** Set once the helper runs: the graceful stop, with its exit code. @type {(code?: number) => Promise<void>} */
let stopWith = async (code = 0) => process.exit(code);
try {
  // a revoked key: the helper has logged out of WhatsApp and deleted its session; it exits (code 3)
  const helper = await startHelper({ onRevoked: () => void stopWith(3) });
  const minS = Math.round(config.minDelayMs / 1000);
  const maxS = Math.round(config.maxDelayMs / 1000);
  console.log("");
  console.log("==============================================================");
  console.log(` Ajudante WhatsApp ${VERSION} em execução em ${helper.url}`);
  console.log(config.driver === "fake" ? " MODO DEMONSTRAÇÃO: nenhuma mensagem real será enviada." : " WhatsApp real (Baileys).");
  console.log(` Site(s) permitido(s): ${config.allowedOrigins.join(", ") || "(nenhum!)"}`);
  console.log(` Ritmo: 1 mensagem a cada ${minS}-${maxS} s; no máximo ${config.dailyCap} por dia.`);
  console.log(` Dados (sessão, descadastros, histórico): ${config.dataDir}`);
  console.log("");
  console.log(" Próximos passos:");
  console.log("  1. Volte à página /whatsapp do site e clique em Iniciar Espelhamento.");
  console.log("  2. Se o navegador pedir acesso à rede local, clique em Permitir.");
  console.log("  3. Escaneie o QR code com o WhatsApp do celular.");
  console.log("  Deixe esta janela aberta. Para encerrar: Ctrl+C.");
  console.log("==============================================================");
  console.log("");
  let stopping = false;
  stopWith = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    // after SIGHUP the window is gone: a failed write to it must not stop the tidy-up
    process.stdout.on("error", () => {});
    process.stderr.on("error", () => {});
    console.log("Encerrando o ajudante...");
    await helper.close();
    console.log("Ajudante encerrado.");
    process.exit(code);
  };
  const stop = () => stopWith(0);
  // Closing the terminal window is SIGHUP (on Windows too, where Node maps the console's close to
  // it; Ctrl+Break is SIGBREAK): the same graceful stop as Ctrl+C.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP", ...(process.platform === "win32" ? ["SIGBREAK"] : [])]) {
    process.on(signal, stop);
  }
} catch (error) {
  const err = /** @type {NodeJS.ErrnoException} */ (error);
  if (err?.code === "EADDRINUSE" && (await helperAnswers(config.host, config.port))) {
    // The page's address is fixed: a second copy cannot help, the first one already serves the page.
    console.log(`O ajudante do WhatsApp já está em execução neste computador (porta ${config.port}), em outra janela.`);
    console.log("Não é preciso abri-lo de novo: use a página /whatsapp do site normalmente.");
    process.exit(0);
  } else if (err?.code === "EADDRINUSE") {
    console.error(
      `A porta ${config.port} está sendo usada por outro programa, não pelo ajudante (ou por um ajudante com outra chave). Feche esse programa (ou a outra janela do ajudante) e abra o ajudante de novo.`,
    );
  } else {
    console.error(`Não foi possível iniciar o ajudante: ${err?.message ?? err}`);
  }
  process.exit(1);
}
