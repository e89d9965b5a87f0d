import { strToU8, zipSync } from "fflate";

import { getInstitution } from "~/features/institution/institution.server";
import { requireOperator } from "~/features/whatsapp/access/access.server";
import { issueHelperKey } from "~/features/whatsapp/helper-api/helper-keys.server";
import { HELPER_PACKAGE_PATH, START_SCRIPT_PATHS } from "~/features/whatsapp/tool/tool";
import { config } from "~/platform/config.server";

import helperPackage from "../../../../helper/package.json";

/**
 * The start scripts an authenticated operator downloads from the server-not-found panel (decision
 * 049). Each start: if the helper already answers on its fixed port, say so and stop; otherwise
 * download the helper package from this site (packed into the build by scripts/helper-package.mjs,
 * about 26 KB) and compare its SHA-256 with the installed copy's; install into the operator's home
 * folder only when they differ (first start, or the site now serves another version), into a fresh
 * folder swapped in only after npm succeeded; when the site cannot be reached, start the copy
 * already installed. Each download carries a key of its own (HELPER_KEY, decision 070), made for the
 * person or password downloading it and revocable on the password page; never a site-wide secret.
 * A browser saves the download readable by every account on the computer, so the script's first
 * step moves its key into the helper's private folder (`helper.key`, 0600 in a 0700 folder) and
 * rewrites itself without it; later starts read the key from there, and a newer download's key
 * replaces it. They are served with `Cache-Control: private, no-store` and only to an operator. The "already
 * running" check asks the port for the proof of a fresh challenge and verifies it with the key: an
 * impostor, or a helper with another key, is told apart from this one.
 */

const HELPER_BIN = Object.values(helperPackage.bin as Record<string, string>)[0] ?? "bin/whatsapp-helper.js";
const MIN_NODE_MAJOR = Number(/(\d+)/.exec(helperPackage.engines?.node ?? "20")?.[1] ?? 20);

/** The file inside it that Finder opens in Terminal with a double click. */
export const MAC_COMMAND_NAME = "iniciar-whatsapp-helper.command";

export type ScriptSettings = {
  siteUrl: string;
  /** the helper's key (`<id>.<secret>`), made for this download */
  key: string;
  helperPort: string;
  productName: string;
};

export function scriptSettings(key: string): ScriptSettings {
  let helperPort = "3001";
  try {
    const url = new URL(config.helperUrl);
    helperPort = url.port || (url.protocol === "https:" ? "443" : "80");
  } catch {
    // keep the default
  }
  return { siteUrl: config.siteUrl, key, helperPort, productName: getInstitution().productName };
}

// The scripts' Node one-liners: CommonJS, no double quotes and no percent sign (both break a .bat
// line), Node 18+ fetch.

/**
 * Is this helper already running? Asks argv[1] (the helper's own address) for the proof of a fresh
 * challenge and checks it with HELPER_KEY (whatsapp-helper/token's recipe: HMAC-SHA256 keyed with
 * SHA-256 of the secret, over "prova\n<id>.<challenge>"). Exit 0: this key's helper answers; 4:
 * something answers without that proof (another program, or a helper with another key); 1: nothing.
 */
const PROBE_JS =
  "const c = require('crypto'); const [id, secret] = String(process.env.HELPER_KEY).split('.'); " +
  "const n = c.randomBytes(18).toString('base64url'); " +
  "fetch(process.argv[1] + 'prova?desafio=' + n, { signal: AbortSignal.timeout(3000) }).then(async (r) => { " +
  "const b = await r.json().catch(() => ({})); " +
  "const h = c.createHash('sha256').update(String(secret)).digest(); " +
  "const want = c.createHmac('sha256', h).update('prova\\n' + id + '.' + n).digest('base64url'); " +
  "process.exit(b.keyId === id && b.proof === want ? 0 : 4); " +
  "}).catch(() => process.exit(1))";

/**
 * Downloads the package argv[1] and compares its SHA-256 with the installed one (file argv[3],
 * valid only while the installed entry point argv[4] exists). Exit 0: the installed copy is the
 * site's; 10: another version was saved to argv[2] (its hash next to it, argv[2] + '.sha256');
 * 3: the site could not be reached but a copy is installed; 2: neither.
 */
const UPDATE_JS =
  "const fs = require('fs'); const [url, file, hashFile, bin] = process.argv.slice(1); " +
  "const installed = fs.existsSync(bin) && fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : ''; " +
  "fetch(url, { signal: AbortSignal.timeout(30000) }).then(async (r) => { " +
  "if (!r.ok) throw new Error('HTTP ' + r.status); " +
  "const body = Buffer.from(await r.arrayBuffer()); " +
  "if (body[0] !== 0x1f || body[1] !== 0x8b) throw new Error('o site respondeu sem o pacote do ajudante'); " +
  "const hash = require('crypto').createHash('sha256').update(body).digest('hex'); " +
  "if (hash === installed) process.exit(0); " +
  "fs.writeFileSync(file, body); fs.writeFileSync(file + '.sha256', hash); process.exit(10); " +
  "}).catch((e) => { console.error('(' + e.message + ')'); process.exit(fs.existsSync(bin) ? 3 : 2); })";

/**
 * The Windows script's key move: writes HELPER_KEY to argv[2] (a temporary file renamed over it)
 * and rewrites the script argv[1] with the key's characters turned into spaces after its closing
 * quote, so the file keeps its length and cmd.exe, which reads a running .bat by byte offset,
 * goes on at the same line. Exit 0: moved; 1: the key is still in the script, or was not stored.
 */
const MOVE_KEY_JS =
  "const fs = require('fs'); const [script, file] = process.argv.slice(1); const key = String(process.env.HELPER_KEY); " +
  "const q = String.fromCharCode(34); " +
  "fs.rmSync(file + '.tmp', { force: true }); fs.writeFileSync(file + '.tmp', key, { mode: 0o600 }); " +
  "fs.renameSync(file + '.tmp', file); " +
  "const text = fs.readFileSync(script, 'latin1'); " +
  "const out = text.split('HELPER_KEY=' + key + q).join('HELPER_KEY=' + q + ' '.repeat(key.length)); " +
  "if (out.includes(key) || out.length !== text.length) process.exit(1); " +
  "fs.writeFileSync(script, out, 'latin1');";

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

/** The Mac/Linux script (also the macOS .command: Finder runs it in Terminal with a double click). */
export function unixStartScript(s: ScriptSettings): string {
  const origin = originOf(s.siteUrl);
  const packageUrl = s.siteUrl + HELPER_PACKAGE_PATH;
  return `#!/bin/sh
# Inicia o ajudante do WhatsApp (${s.productName}) neste computador (Mac ou Linux).
# No Mac: dê dois cliques no arquivo ${MAC_COMMAND_NAME}.
# No Linux (ou no Terminal do Mac): sh ${START_SCRIPT_PATHS.unix.split("/").pop()}
# Na primeira vez o ajudante é instalado na pasta ~/.whatsapp-helper; depois só é atualizado
# quando o site oferece uma versão nova, e inicia mesmo sem acesso ao site.
# ATENCAO: ate a primeira execucao, este arquivo traz uma chave de acesso pessoal, que so vale para
# este computador: nao o compartilhe e guarde-o numa pasta que so a sua conta le. Na primeira
# execucao a chave vai para a pasta privada do ajudante (~/.whatsapp-helper/helper.key) e sai deste
# arquivo. Quem a perder pode pedir a revogacao em Gerenciamento de Senhas.

# Tudo o que o ajudante grava (sessao do WhatsApp, contatos, a chave) fica so para esta conta do computador.
umask 077

SITE_URL=${shQuote(s.siteUrl)}
PACKAGE_URL=${shQuote(packageUrl)}
HELPER_DIR="\${WHATSAPP_HELPER_DIR:-$HOME/.whatsapp-helper}"
APP_DIR="$HELPER_DIR/app"
HELPER_ENTRY="$APP_DIR/${HELPER_BIN}"
DOWNLOAD="$HELPER_DIR/download/whatsapp-helper.tgz"

HELPER_ALLOWED_ORIGINS=${shQuote(origin)}
HELPER_KEY=${shQuote(s.key)}
HELPER_KEY_FILE="$HELPER_DIR/helper.key"
HELPER_PORT=${shQuote(s.helperPort)}
HELPER_SITE_URL=${shQuote(s.siteUrl)}
HELPER_DATA_DIR="\${HELPER_DATA_DIR:-$HELPER_DIR}"
export HELPER_ALLOWED_ORIGINS HELPER_KEY HELPER_PORT HELPER_SITE_URL HELPER_DATA_DIR
# Aberto com dois cliques no Mac, o Terminal pode não ter estas pastas no caminho.
PATH="$PATH:/usr/local/bin:/opt/homebrew/bin"

# Antes de sair com um aviso: espera o Enter, para a janela aberta com dois cliques não sumir.
wait_enter() {
  if [ -t 0 ]; then
    printf "Pressione Enter para fechar esta janela."
    read -r _ || true
  fi
}

echo ""
echo "=== Ajudante do WhatsApp - ${s.productName.replace(/["$`\\]/g, "")} ==="
echo ""

# The key this file carries goes into the helper's private folder first (a browser saves downloads
# readable by every account), and this file is rewritten without it: a new file renamed over this
# one, so the shell reading this one goes on unchanged. Later starts read the stored key.
if ! mkdir -p "$HELPER_DIR" || ! chmod 700 "$HELPER_DIR"; then
  echo "Não foi possível criar a pasta do ajudante ($HELPER_DIR)."
  wait_enter
  exit 1
fi
if [ -n "$HELPER_KEY" ]; then
  rm -f "$HELPER_KEY_FILE.tmp"
  if ! { printf '%s' "$HELPER_KEY" >"$HELPER_KEY_FILE.tmp" && chmod 600 "$HELPER_KEY_FILE.tmp" && mv -f "$HELPER_KEY_FILE.tmp" "$HELPER_KEY_FILE"; }; then
    rm -f "$HELPER_KEY_FILE.tmp"
    echo "Não foi possível guardar a chave de acesso do ajudante em $HELPER_KEY_FILE."
    wait_enter
    exit 1
  fi
  if [ -f "$0" ] && sed "s/^HELPER_KEY='[^']*'$/HELPER_KEY=''/" "$0" >"$0.sem-chave" &&
    ! grep -qF -e "$HELPER_KEY" "$0.sem-chave" && chmod 700 "$0.sem-chave" && mv -f "$0.sem-chave" "$0"; then
    echo "A chave de acesso deste arquivo foi guardada em $HELPER_KEY_FILE, que só a sua conta do computador lê, e retirada do arquivo."
  else
    rm -f "$0.sem-chave"
    echo "ATENÇÃO: não foi possível retirar a chave de acesso deste arquivo ($0)."
    echo "Ela já está guardada em $HELPER_KEY_FILE: apague este arquivo depois que o ajudante iniciar."
  fi
else
  HELPER_KEY=$(cat "$HELPER_KEY_FILE" 2>/dev/null) || HELPER_KEY=""
  if [ -z "$HELPER_KEY" ]; then
    echo "A chave de acesso do ajudante não foi encontrada em $HELPER_KEY_FILE."
    echo "Baixe o script de início de novo na página $SITE_URL/whatsapp e execute-o."
    wait_enter
    exit 1
  fi
fi

if ! command -v node >/dev/null 2>&1; then
  echo "O Node.js não foi encontrado neste computador."
  echo "Baixe e instale a versão LTS em https://nodejs.org e depois execute este script novamente."
  wait_enter
  exit 1
fi
# What node -p prints may carry warnings (on either stream), a "v", a CR, or nothing: the major
# is taken only from a line that is nothing but a version number, so the comparison below always
# gets one to four digits.
NODE_MAJOR=$(node -p 'process.versions.node' 2>&1 | tr -d '\\r' | sed -n -E 's/^[[:space:]]*v?([0-9]{1,4})([.][0-9]+)*[[:space:]]*$/\\1/p' | tail -n 1)
if [ -z "$NODE_MAJOR" ]; then
  echo "Não foi possível saber a versão do Node.js instalada neste computador: o comando node -p não respondeu com um número de versão."
  echo "O ajudante precisa da versão ${MIN_NODE_MAJOR} ou mais recente. Reinstale o Node.js pela versão LTS em https://nodejs.org e depois execute este script novamente."
  wait_enter
  exit 1
fi
if [ "$NODE_MAJOR" -lt ${MIN_NODE_MAJOR} ]; then
  echo "Seu Node.js é a versão $NODE_MAJOR, mas o ajudante precisa da versão ${MIN_NODE_MAJOR} ou mais recente."
  echo "Atualize pela versão LTS em https://nodejs.org e depois execute este script novamente."
  wait_enter
  exit 1
fi

PROBE=0
node -e ${shQuote(PROBE_JS)} "http://127.0.0.1:$HELPER_PORT/" || PROBE=$?
if [ "$PROBE" -eq 0 ]; then
  echo "O ajudante do WhatsApp já está em execução neste computador (em outra janela)."
  echo "Não é preciso abri-lo de novo: volte à página $SITE_URL/whatsapp e clique em 'Tentar novamente'."
  wait_enter
  exit 0
fi
if [ "$PROBE" -eq 4 ]; then
  echo "Outro programa está usando a porta $HELPER_PORT deste computador e não provou ser este ajudante"
  echo "(pode ser um ajudante iniciado com um script baixado antes, que tem outra chave)."
  echo "Feche a outra janela do ajudante, ou esse programa, e execute este script de novo."
  wait_enter
  exit 1
fi

mkdir -p "$HELPER_DIR/download"
echo "Verificando se há uma versão nova do ajudante em $SITE_URL ..."
STATUS=0
node -e ${shQuote(UPDATE_JS)} "$PACKAGE_URL" "$DOWNLOAD" "$HELPER_DIR/installed.sha256" "$HELPER_ENTRY" || STATUS=$?
case "$STATUS" in
  0)
    echo "O ajudante já está instalado e atualizado."
    ;;
  3)
    echo "Não foi possível acessar o site ($SITE_URL)."
    echo "Iniciando a versão do ajudante já instalada neste computador."
    ;;
  10)
    if ! command -v npm >/dev/null 2>&1; then
      echo "O npm (que acompanha o Node.js) não foi encontrado."
      echo "Reinstale o Node.js pela versão LTS em https://nodejs.org e execute este script novamente."
      wait_enter
      exit 1
    fi
    if [ -f "$HELPER_ENTRY" ]; then
      echo "O site tem uma versão nova do ajudante. Atualizando ..."
    else
      echo "Instalando o ajudante (só na primeira vez; pode levar alguns minutos) ..."
    fi
    rm -rf "$HELPER_DIR/app.new"
    mkdir -p "$HELPER_DIR/app.new"
    # The package is the install's root: npm ci installs exactly its npm-shrinkwrap.json, no install scripts (decision 066).
    if tar -xzf "$DOWNLOAD" -C "$HELPER_DIR/app.new" --strip-components=1 --no-same-permissions &&
      npm ci --prefix "$HELPER_DIR/app.new" --omit=dev --ignore-scripts --no-audit --no-fund --no-update-notifier --loglevel=error; then
      rm -rf "$HELPER_DIR/app.old"
      if [ -d "$APP_DIR" ]; then mv "$APP_DIR" "$HELPER_DIR/app.old"; fi
      mv "$HELPER_DIR/app.new" "$APP_DIR"
      rm -rf "$HELPER_DIR/app.old"
      mv "$DOWNLOAD.sha256" "$HELPER_DIR/installed.sha256"
      echo "Ajudante instalado em $APP_DIR."
    else
      rm -rf "$HELPER_DIR/app.new"
      if [ -f "$HELPER_ENTRY" ]; then
        echo "A atualização falhou. Iniciando a versão do ajudante já instalada."
      else
        echo "A instalação falhou. Verifique a sua conexão e execute este script novamente."
        wait_enter
        exit 1
      fi
    fi
    ;;
  *)
    echo "Não foi possível baixar o ajudante de $SITE_URL."
    echo "Verifique a sua conexão com a internet e execute este script novamente."
    wait_enter
    exit 1
    ;;
esac

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
exec node "$HELPER_ENTRY"
`;
}

export function windowsStartScript(s: ScriptSettings): string {
  const origin = originOf(s.siteUrl);
  const packageUrl = s.siteUrl + HELPER_PACKAGE_PATH;
  const bin = HELPER_BIN.replace(/\//g, "\\");
  // Plain ASCII on purpose: cmd.exe reads .bat files in the console code page, so accents would
  // show garbled on many Windows installs. No parentheses in texts echoed inside ( ) blocks.
  const lines = [
    "@echo off",
    "setlocal DisableDelayedExpansion",
    `title Ajudante do WhatsApp - ${batValue(s.productName).replace(/[&|<>^]/g, "")}`,
    "REM Inicia o ajudante do WhatsApp neste computador (Windows): de dois cliques neste arquivo.",
    "REM Na primeira vez o ajudante e instalado em %USERPROFILE%\\.whatsapp-helper; depois so e atualizado",
    "REM quando o site oferece uma versao nova, e inicia mesmo sem acesso ao site.",
    "REM ATENCAO: ate a primeira execucao, este arquivo traz uma chave de acesso pessoal, que so vale para",
    "REM este computador: nao o compartilhe e guarde-o numa pasta que so a sua conta le. Na primeira",
    "REM execucao a chave vai para a pasta privada do ajudante, %USERPROFILE%\\.whatsapp-helper\\helper.key,",
    "REM e sai deste arquivo. Quem a perder pode pedir a revogacao em Gerenciamento de Senhas.",
    "",
    `set "SITE_URL=${batValue(s.siteUrl)}"`,
    `set "PACKAGE_URL=${batValue(packageUrl)}"`,
    `set "HELPER_DIR=%USERPROFILE%\\.whatsapp-helper"`,
    `set "APP_DIR=%HELPER_DIR%\\app"`,
    `set "HELPER_ENTRY=%HELPER_DIR%\\app\\${bin}"`,
    `set "DOWNLOAD=%HELPER_DIR%\\download\\whatsapp-helper.tgz"`,
    "",
    `set "HELPER_ALLOWED_ORIGINS=${batValue(origin)}"`,
    `set "HELPER_KEY=${batValue(s.key)}"`,
    `set "HELPER_KEY_FILE=%HELPER_DIR%\\helper.key"`,
    `set "HELPER_PORT=${batValue(s.helperPort)}"`,
    `set "HELPER_SITE_URL=${batValue(s.siteUrl)}"`,
    `if not defined HELPER_DATA_DIR set "HELPER_DATA_DIR=%HELPER_DIR%"`,
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
    // Only a line of node -p that is a version number counts (findstr /x), and its first digits are
    // kept; with none, NODE_MAJOR stays undefined and the script stops with a message instead of
    // reaching an IF with nothing to compare.
    'set "NODE_MAJOR="',
    `for /f "tokens=1 delims=.vV " %%v in ('node -p "process.versions.node" 2^>nul ^| findstr /r /x /c:"[vV]*[0-9][0-9]*[0-9.]*"') do set "NODE_MAJOR=%%v"`,
    "if not defined NODE_MAJOR (",
    "  echo Nao foi possivel saber a versao do Node.js instalada neste computador.",
    `  echo O ajudante precisa do Node.js ${MIN_NODE_MAJOR} ou mais recente. Reinstale o Node.js pela versao LTS em https://nodejs.org e depois execute este arquivo novamente.`,
    "  pause",
    "  exit /b 1",
    ")",
    `if %NODE_MAJOR% LSS ${MIN_NODE_MAJOR} (`,
    `  echo O ajudante precisa do Node.js ${MIN_NODE_MAJOR} ou mais recente.`,
    "  echo Atualize pela versao LTS em https://nodejs.org e depois execute este arquivo novamente.",
    "  pause",
    "  exit /b 1",
    ")",
    "",
    // The key moves into the helper's private folder and out of this file (MOVE_KEY_JS); later
    // starts read it from there.
    'if not exist "%HELPER_DIR%" mkdir "%HELPER_DIR%"',
    // Labels, not ( ) blocks: a path echoed inside a block may hold a parenthesis.
    "if not defined HELPER_KEY goto readkey",
    `node -e "${MOVE_KEY_JS}" "%~f0" "%HELPER_KEY_FILE%"`,
    "if errorlevel 1 goto keykept",
    "echo A chave de acesso deste arquivo foi guardada em %HELPER_KEY_FILE% e retirada do arquivo.",
    "goto keyready",
    ":keykept",
    "echo ATENCAO: nao foi possivel retirar a chave de acesso deste arquivo.",
    "echo Se ela ja esta guardada em %HELPER_KEY_FILE%, apague este arquivo depois que o ajudante iniciar.",
    "goto keyready",
    ":readkey",
    'if exist "%HELPER_KEY_FILE%" set /p HELPER_KEY=<"%HELPER_KEY_FILE%"',
    ":keyready",
    "if defined HELPER_KEY goto haskey",
    "echo A chave de acesso do ajudante nao foi encontrada em %HELPER_KEY_FILE%.",
    "echo Baixe o script de inicio de novo na pagina %SITE_URL%/whatsapp e execute-o.",
    "pause",
    "exit /b 1",
    ":haskey",
    "",
    `node -e "${PROBE_JS}" "http://127.0.0.1:%HELPER_PORT%/"`,
    'set "PROBE=%errorlevel%"',
    'if "%PROBE%"=="0" (',
    "  echo O ajudante do WhatsApp ja esta em execucao neste computador, em outra janela.",
    "  echo Nao e preciso abri-lo de novo: volte a pagina %SITE_URL%/whatsapp e clique em 'Tentar novamente'.",
    "  pause",
    "  exit /b 0",
    ")",
    'if "%PROBE%"=="4" (',
    "  echo Outro programa esta usando a porta %HELPER_PORT% deste computador e nao provou ser este ajudante.",
    "  echo Pode ser um ajudante iniciado com um script baixado antes, que tem outra chave.",
    "  echo Feche a outra janela do ajudante, ou esse programa, e execute este arquivo de novo.",
    "  pause",
    "  exit /b 1",
    ")",
    "",
    'if not exist "%HELPER_DIR%\\download" mkdir "%HELPER_DIR%\\download"',
    "echo Verificando se ha uma versao nova do ajudante em %SITE_URL% ...",
    `node -e "${UPDATE_JS}" "%PACKAGE_URL%" "%DOWNLOAD%" "%HELPER_DIR%\\installed.sha256" "%HELPER_ENTRY%"`,
    'set "STATUS=%errorlevel%"',
    'if "%STATUS%"=="0" (',
    "  echo O ajudante ja esta instalado e atualizado.",
    "  goto start",
    ")",
    'if "%STATUS%"=="3" goto offline',
    'if "%STATUS%"=="10" goto install',
    "echo Nao foi possivel baixar o ajudante de %SITE_URL%.",
    "echo Verifique a sua conexao com a internet e execute este arquivo novamente.",
    "pause",
    "exit /b 1",
    "",
    ":offline",
    "echo Nao foi possivel acessar o site %SITE_URL%.",
    "echo Iniciando a versao do ajudante ja instalada neste computador.",
    "goto start",
    "",
    ":install",
    "where npm >nul 2>nul",
    "if errorlevel 1 (",
    "  echo O npm, que acompanha o Node.js, nao foi encontrado.",
    "  echo Reinstale o Node.js pela versao LTS em https://nodejs.org e execute este arquivo novamente.",
    "  pause",
    "  exit /b 1",
    ")",
    'if exist "%HELPER_ENTRY%" (',
    "  echo O site tem uma versao nova do ajudante. Atualizando ...",
    ") else (",
    "  echo Instalando o ajudante, so na primeira vez. Pode levar alguns minutos ...",
    ")",
    'if exist "%HELPER_DIR%\\app.new" rmdir /s /q "%HELPER_DIR%\\app.new"',
    'mkdir "%HELPER_DIR%\\app.new"',
    'tar -xzf "%DOWNLOAD%" -C "%HELPER_DIR%\\app.new" --strip-components=1',
    "if errorlevel 1 goto installfailed",
    'call npm ci --prefix "%HELPER_DIR%\\app.new" --omit=dev --ignore-scripts --no-audit --no-fund --no-update-notifier --loglevel=error',
    "if errorlevel 1 goto installfailed",
    'if exist "%HELPER_DIR%\\app.old" rmdir /s /q "%HELPER_DIR%\\app.old"',
    'if exist "%APP_DIR%" move "%APP_DIR%" "%HELPER_DIR%\\app.old" >nul',
    'move "%HELPER_DIR%\\app.new" "%APP_DIR%" >nul',
    'if exist "%HELPER_DIR%\\app.old" rmdir /s /q "%HELPER_DIR%\\app.old"',
    'move /y "%DOWNLOAD%.sha256" "%HELPER_DIR%\\installed.sha256" >nul',
    "echo Ajudante instalado em %APP_DIR%.",
    "goto start",
    "",
    ":installfailed",
    'if exist "%HELPER_DIR%\\app.new" rmdir /s /q "%HELPER_DIR%\\app.new"',
    'if exist "%HELPER_ENTRY%" (',
    "  echo A atualizacao falhou. Iniciando a versao do ajudante ja instalada.",
    "  goto start",
    ")",
    "echo A instalacao falhou. Verifique a sua conexao e execute este arquivo novamente.",
    "pause",
    "exit /b 1",
    "",
    ":start",
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
    'node "%HELPER_ENTRY%"',
    "pause",
    "",
  ];
  return lines.join("\r\n");
}

/** The download response: attachment, never cached by anyone but (not even) the browser. */
export function scriptResponse(body: string | Uint8Array<ArrayBuffer>, fileName: string, contentType: string): Response {
  const charset = typeof body === "string" ? "; charset=utf-8" : "";
  return new Response(body, {
    headers: {
      "Content-Type": `${contentType}${charset}`,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** Each download: how its body is made, the platform its key is named for, and its content type. */
const DOWNLOADS = {
  windows: { body: windowsStartScript, platform: "Windows", contentType: "application/x-msdos-program" },
  unix: { body: unixStartScript, platform: "Linux", contentType: "text/x-shellscript" },
  mac: { body: macStartZip, platform: "Mac", contentType: "application/zip" },
} as const;

/**
 * A start script's download (its route's loader): operator only, each download with a key of its
 * own (decision 070), named for its file at START_SCRIPT_PATHS.
 */
export async function startScriptDownload(request: Request, kind: keyof typeof DOWNLOADS): Promise<Response> {
  const actor = await requireOperator(request);
  const download = DOWNLOADS[kind];
  return scriptResponse(
    download.body(scriptSettings(issueHelperKey(actor, download.platform))),
    START_SCRIPT_PATHS[kind].split("/").pop()!,
    download.contentType,
  );
}

// ---- The macOS download: a one-file zip ---------------------------------------------------------
// A browser saves a download without the execute permission, and Finder then refuses to run a bare
// .command ("você não tem as permissões de acesso adequadas"). A zip entry made on "Unix" carries
// the file mode, and Archive Utility (Safari opens zips by itself) restores it: one more double
// click, no Terminal.

/**
 * A zip archive (made by fflate; stored, not compressed, so the key stays readable in its bytes) with
 * one executable file: made on Unix (3), so the high half of its attributes is the file mode, a
 * regular file rwxr-xr-x. The date is a fixed local time, so every download of the same script is
 * the same bytes.
 */
export function zipWithExecutable(fileName: string, content: string, date = new Date(2026, 0, 1)): Uint8Array<ArrayBuffer> {
  const zip = zipSync({ [fileName]: [strToU8(content), { level: 0, os: 3, attrs: (0o100755 << 16) >>> 0, mtime: date }] });
  return new Uint8Array(zip);
}

/** The macOS download: the Mac/Linux script as an executable .command inside a zip. */
export function macStartZip(s: ScriptSettings): Uint8Array<ArrayBuffer> {
  return zipWithExecutable(MAC_COMMAND_NAME, unixStartScript(s));
}
