// @ts-check
// Runs the unit and integration tests (vitest) again with the machine's clock moved (libfaketime,
// Debian's `faketime`): a year and a month ahead, and 30 seconds before the next São Paulo midnight
// so the run crosses the day. A test that pins one clock and reads another passes on the day it
// was written and fails every day after (decision 059: the webhooks test pinned 2026-11-24 and broke
// every submission from the 25th); this step fails on the day it is written instead.
//
// On a Debian-like machine, as root, installs `faketime` when it is missing; otherwise says what to install.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const FAKETIME = "/usr/bin/faketime";
const DAY_MS = 24 * 60 * 60 * 1000;
// São Paulo has had no daylight saving time since 2019: midnight there is 03:00 UTC.
const SAO_PAULO_OFFSET_MS = 3 * 60 * 60 * 1000;

function ensureFaketime() {
  if (existsSync(FAKETIME)) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("faketime não encontrado: instalando o pacote Debian 'faketime'...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime", { stdio: "inherit" });
  }
  if (!existsSync(FAKETIME)) {
    console.error("faketime not found. Install Debian's package (sudo apt-get install -y faketime), then run `npm test` again.");
    process.exit(1);
  }
}

/**
 * An offset from the real clock, in faketime's form ("+34214400"): every process (vitest's workers,
 * a server a test starts) then sees the same shifted time, as a real machine's processes do. (An
 * absolute date would be "start at": each process's clock would start there when it starts.)
 */
function offsetFrom(/** @type {number} */ nowMs, /** @type {number} */ targetMs) {
  return `+${Math.round((targetMs - nowMs) / 1000)}`;
}

/** 30 s before the next midnight in São Paulo. */
function beforeSaoPauloMidnight(/** @type {number} */ nowMs) {
  const local = nowMs - SAO_PAULO_OFFSET_MS;
  const nextLocalMidnight = Math.floor(local / DAY_MS) * DAY_MS + DAY_MS;
  return nextLocalMidnight + SAO_PAULO_OFFSET_MS - 30_000;
}

export function shiftedClocks(nowMs = Date.now()) {
  return [
    { label: "um ano e um mês à frente", target: nowMs + 396 * DAY_MS },
    { label: "30 s antes da meia-noite de São Paulo", target: beforeSaoPauloMidnight(nowMs) },
  ].map(({ label, target }) => ({ label, offset: offsetFrom(nowMs, target), start: new Date(target).toISOString() }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureFaketime();
  const only = process.argv.slice(2);
  for (const { label, offset, start } of shiftedClocks()) {
    console.log(`\n== vitest com o relógio em ${start} (${label})`);
    const result = spawnSync(FAKETIME, ["-f", offset, "npx", "vitest", "run", ...only], {
      stdio: "inherit",
      env: { ...process.env, TZ: process.env.TZ ?? "UTC" },
    });
    if (result.status !== 0) {
      console.error(`\nvitest falhou com o relógio em ${start} (${label}).`);
      process.exit(result.status ?? 1);
    }
  }
}
