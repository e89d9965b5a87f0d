import { HELPER_PACKAGE_PATH, START_SCRIPT_PATHS } from "~/lib/whatsapp";
import { getInstitution } from "~/server/content/institution.server";

import helperPackage from "../../helper/package.json";
import { config } from "./config.server";

/**
 * The start scripts an authenticated operator downloads from the server-not-found panel: they check
 * that Node.js is present, download the helper package from this site (packed into the build by
 * scripts/helper-package.mjs), install it in the operator's home folder and run it with this site's
 * origin allowed and the shared secret. They embed HELPER_SECRET, so they are served with
 * `Cache-Control: private, no-store` and only to an operator.
 */

const HELPER_BIN = Object.values(helperPackage.bin as Record<string, string>)[0] ?? "bin/whatsapp-helper.js";
const HELPER_NAME = helperPackage.name;
const MIN_NODE_MAJOR = Number(/(\d+)/.exec(helperPackage.engines?.node ?? "20")?.[1] ?? 20);

export type ScriptSettings = {
  siteUrl: string;
  secret: string;
  helperPort: string;
  productName: string;
};

export function scriptSettings(): ScriptSettings {
  let helperPort = "3001";
  try {
    const url = new URL(config.helperUrl);
    helperPort = url.port || (url.protocol === "https:" ? "443" : "80");
  } catch {
    // keep the default
  }
  return { siteUrl: config.siteUrl, secret: config.helperSecret, helperPort, productName: getInstitution().productName };
}

/** Node one-liner (CommonJS, Node 18+ fetch) that downloads argv[1] into the file argv[2]. */
const DOWNLOAD_JS =
  "fetch(process.argv[1]).then(async (r) => { if (!r.ok) throw new Error('HTTP ' + r.status); " +
  "require('fs').writeFileSync(process.argv[2], Buffer.from(await r.arrayBuffer())); })" +
  ".catch((e) => { console.error('Falha no download: ' + e.message); process.exit(1); })";

/** Single-quoted for POSIX sh. */
function shQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A value for `set "NAME=value"` in a .bat file: % doubled; quotes and line breaks cannot be carried. */
function batValue(value: string): string {
  if (/["\r\n]/.test(value)) throw new Error("Valor impossível de usar em um script .bat (aspas ou quebra de linha).");
  return value.replace(/%/g, "%%");
}

function originOf(url: string): string {
  return new URL(url).origin;
}

export function unixStartScript(s: ScriptSettings = scriptSettings()): string {
  const origin = originOf(s.siteUrl);
  const packageUrl = s.siteUrl + HELPER_PACKAGE_PATH;
  return `#!/bin/sh
# Inicia o ajudante do WhatsApp (${s.productName}) neste computador (Mac ou Linux).
# Uso: abra o Terminal na pasta onde este arquivo foi salvo e rode:  sh ${START_SCRIPT_PATHS.unix.split("/").pop()}
# ATENCAO: este arquivo contem uma chave de acesso pessoal. Nao o compartilhe.
set -e

SITE_URL=${shQuote(s.siteUrl)}
PACKAGE_URL=${shQuote(packageUrl)}
HELPER_DIR="\${WHATSAPP_HELPER_DIR:-$HOME/.whatsapp-helper}"

echo ""
echo "=== Ajudante do WhatsApp - ${s.productName.replace(/["$`\\]/g, "")} ==="
echo ""

if ! command -v node >/dev/null 2>&1; then
  echo "O Node.js não foi encontrado neste computador."
  echo "Baixe e instale a versão LTS em https://nodejs.org e depois execute este script novamente."
  exit 1
fi
NODE_MAJOR=$(node -p 'parseInt(process.versions.node, 10)')
if [ "$NODE_MAJOR" -lt ${MIN_NODE_MAJOR} ]; then
  echo "Seu Node.js é a versão $(node -v), mas o ajudante precisa da versão ${MIN_NODE_MAJOR} ou mais recente."
  echo "Atualize pela versão LTS em https://nodejs.org e depois execute este script novamente."
  exit 1
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "O npm (que acompanha o Node.js) não foi encontrado."
  echo "Reinstale o Node.js pela versão LTS em https://nodejs.org e execute este script novamente."
  exit 1
fi

mkdir -p "$HELPER_DIR/app"
echo "1/2 Baixando o ajudante de $SITE_URL ..."
node -e ${shQuote(DOWNLOAD_JS)} "$PACKAGE_URL" "$HELPER_DIR/whatsapp-helper.tgz"
echo "2/2 Instalando (pode levar alguns minutos na primeira vez) ..."
npm install --prefix "$HELPER_DIR/app" --omit=dev --no-audit --no-fund --loglevel=error "$HELPER_DIR/whatsapp-helper.tgz"

HELPER_ALLOWED_ORIGINS=${shQuote(origin)}
HELPER_SECRET=${shQuote(s.secret)}
HELPER_PORT=${shQuote(s.helperPort)}
export HELPER_ALLOWED_ORIGINS HELPER_SECRET HELPER_PORT

echo ""
echo "Pronto! O ajudante vai iniciar agora. DEIXE ESTA JANELA ABERTA enquanto usar a ferramenta."
echo ""
echo "Próximos passos:"
echo "  1. Volte à página $SITE_URL/whatsapp e clique em 'Tentar novamente'."
echo "  2. Informe o seu nome e clique em 'Iniciar Espelhamento'."
echo "  3. Se o navegador perguntar se o site pode acessar dispositivos da rede local, clique em 'Permitir'."
echo "  4. No celular, abra o WhatsApp > Aparelhos conectados > Conectar um aparelho e escaneie o QR code."
echo ""
echo "Para encerrar o ajudante, feche esta janela ou pressione Ctrl+C."
echo ""
exec node "$HELPER_DIR/app/node_modules/${HELPER_NAME}/${HELPER_BIN}"
`;
}

export function windowsStartScript(s: ScriptSettings = scriptSettings()): string {
  const origin = originOf(s.siteUrl);
  const packageUrl = s.siteUrl + HELPER_PACKAGE_PATH;
  const bin = `${HELPER_NAME}\\${HELPER_BIN.replace(/\//g, "\\")}`;
  // Plain ASCII on purpose: cmd.exe reads .bat files in the console code page, so accents would
  // show garbled on many Windows installs.
  const lines = [
    "@echo off",
    "setlocal",
    `title Ajudante do WhatsApp - ${batValue(s.productName).replace(/[&|<>^]/g, "")}`,
    "REM Inicia o ajudante do WhatsApp neste computador (Windows): de dois cliques neste arquivo.",
    "REM ATENCAO: este arquivo contem uma chave de acesso pessoal. Nao o compartilhe.",
    "",
    `set "SITE_URL=${batValue(s.siteUrl)}"`,
    `set "PACKAGE_URL=${batValue(packageUrl)}"`,
    `set "HELPER_DIR=%USERPROFILE%\\.whatsapp-helper"`,
    "",
    "echo.",
    "echo === Ajudante do WhatsApp ===",
    "echo.",
    "where node >nul 2>nul",
    "if errorlevel 1 (",
    "  echo O Node.js nao foi encontrado neste computador.",
    "  echo Baixe e instale a versao LTS em https://nodejs.org e depois execute este arquivo novamente.",
    "  pause",
    "  exit /b 1",
    ")",
    `for /f %%v in ('node -p "parseInt(process.versions.node, 10)"') do set "NODE_MAJOR=%%v"`,
    `if %NODE_MAJOR% LSS ${MIN_NODE_MAJOR} (`,
    `  echo O ajudante precisa do Node.js ${MIN_NODE_MAJOR} ou mais recente.`,
    "  echo Atualize pela versao LTS em https://nodejs.org e depois execute este arquivo novamente.",
    "  pause",
    "  exit /b 1",
    ")",
    'if not exist "%HELPER_DIR%\\app" mkdir "%HELPER_DIR%\\app"',
    "echo 1/2 Baixando o ajudante de %SITE_URL% ...",
    `node -e "${DOWNLOAD_JS.replace(/%/g, "%%")}" "%PACKAGE_URL%" "%HELPER_DIR%\\whatsapp-helper.tgz"`,
    "if errorlevel 1 (",
    "  echo Nao foi possivel baixar o ajudante. Verifique a sua conexao e tente novamente.",
    "  pause",
    "  exit /b 1",
    ")",
    "echo 2/2 Instalando (pode levar alguns minutos na primeira vez) ...",
    'call npm install --prefix "%HELPER_DIR%\\app" --omit=dev --no-audit --no-fund --loglevel=error "%HELPER_DIR%\\whatsapp-helper.tgz"',
    "if errorlevel 1 (",
    "  echo A instalacao falhou. Verifique a sua conexao e tente novamente.",
    "  pause",
    "  exit /b 1",
    ")",
    "",
    `set "HELPER_ALLOWED_ORIGINS=${batValue(origin)}"`,
    `set "HELPER_SECRET=${batValue(s.secret)}"`,
    `set "HELPER_PORT=${batValue(s.helperPort)}"`,
    "",
    "echo.",
    "echo Pronto! O ajudante vai iniciar agora. DEIXE ESTA JANELA ABERTA enquanto usar a ferramenta.",
    "echo.",
    "echo Proximos passos:",
    "echo   1. Volte a pagina %SITE_URL%/whatsapp e clique em 'Tentar novamente'.",
    "echo   2. Informe o seu nome e clique em 'Iniciar Espelhamento'.",
    "echo   3. Se o navegador perguntar se o site pode acessar dispositivos da rede local, clique em 'Permitir'.",
    "echo   4. No celular, abra o WhatsApp, Aparelhos conectados, Conectar um aparelho, e escaneie o QR code.",
    "echo.",
    "echo Para encerrar o ajudante, feche esta janela.",
    "echo.",
    `node "%HELPER_DIR%\\app\\node_modules\\${bin}"`,
    "pause",
    "",
  ];
  return lines.join("\r\n");
}

/** The download response: attachment, never cached by anyone but (not even) the browser. */
export function scriptResponse(body: string, fileName: string, contentType: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": `${contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
