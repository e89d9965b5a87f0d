// @ts-check
// Finds Chromium for the browser tests. On a Debian-like machine, as root, installs Debian's
// `chromium` package when none is found (with the fonts the graduation picture's PNG is drawn
// with); otherwise stops with what to install.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Chromium's flags for the tests and the bench on this machine: without them it floods the closed
 * network (updates, sync, QUIC). A headless launch outside Playwright adds "--headless=new".
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((file) => file && existsSync(file));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let found = findChromium();
  if (!found) {
    const isRoot = process.getuid?.() === 0;
    const isDebian = existsSync("/usr/bin/apt-get");
    if (isRoot && isDebian) {
      console.log("Chromium não encontrado: instalando o pacote Debian 'chromium'...");
      execSync(
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation fonts-dejavu-core",
        {
          stdio: "inherit",
        },
      );
      found = findChromium();
    }
  }
  if (!found) {
    console.error(
      "Chromium not found. Install Debian's package (sudo apt-get install -y chromium) " +
        "or set CHROMIUM_PATH to a Chromium/Chrome binary, then run `npm test` again.",
    );
    process.exit(1);
  }
  console.log(`Chromium: ${found}`);
  // Fonts: sharp draws the graduation picture's text with what fontconfig finds.
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get") && !existsSync("/usr/share/fonts/truetype/liberation")) {
    console.log("Fontes não encontradas: instalando fonts-liberation e fonts-dejavu-core...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-liberation fonts-dejavu-core", {
      stdio: "inherit",
    });
  }
}
