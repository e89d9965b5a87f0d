import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/** `.env.example` is where a newcomer learns the settings: every name in it is one the site reads. */

const REPO = process.cwd();

/** The source files that read the environment: the site's server code, the production server, its scripts. */
function sources(): string {
  const files: string[] = [path.join(REPO, "server.js")];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(at);
      else if (/\.(ts|js|mjs)$/.test(entry.name)) files.push(at);
    }
  };
  for (const dir of ["app/platform", "app/features", "server", "scripts"]) walk(path.join(REPO, dir));
  return files.map((file) => readFileSync(file, "utf8")).join("\n");
}

describe(".env.example", () => {
  const names = readFileSync(path.join(REPO, ".env.example"), "utf8")
    .split(/\r?\n/)
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));

  it("describes only settings the site reads (no HELPER_SECRET: each helper has its own key)", () => {
    expect(names.length).toBeGreaterThan(20);
    expect(names).not.toContain("HELPER_SECRET");
    const code = sources();
    // read as env("NAME") / process.env.NAME / env.NAME, not merely named in a comment
    const unread = names.filter((name) => !new RegExp(`["'.]${name}\\b`).test(code));
    expect(unread).toEqual([]);
  });
});
