// The browser build's guard against chunks that import each other in a circle (decision 112): such a
// circle broke hydration on every hydrated page ("Cannot access 'De' before initialization"). Rollup
// finds the circle and warns CIRCULAR_CHUNK; vite.config.ts's onwarn makes that warning fatal.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { build, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";

import { failOnCircularChunk } from "../../vite.config";

const work = mkdtempSync(path.join(tmpdir(), "circular-chunks-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Builds entry.js → frame.js and icon.js with Vite and the installed Rollup, frame.js and icon.js in
 * manual chunks of their own, as vite.config.ts's chunkFor makes the frame's and an icon's files.
 */
async function buildFrameAndIcon(folder: string, iconImportsFrame: boolean) {
  const root = path.join(work, folder);
  const file = (name: string, text: string) => writeFileSync(path.join(root, name), text);
  mkdirSync(root);
  file("entry.js", 'import { frame } from "./frame.js";\nconsole.log(frame());\n');
  // The frame draws the icon; the icon takes the runtime (here: a counter) back from the frame.
  file("frame.js", 'import { icon } from "./icon.js";\nexport let drawn = 0;\nexport const frame = () => icon() + drawn++;\n');
  file(
    "icon.js",
    iconImportsFrame
      ? 'import { drawn } from "./frame.js";\nexport const icon = () => `icon ${drawn}`;\n'
      : "export const icon = () => 'icon';\n",
  );
  return build({
    configFile: false,
    root,
    logLevel: "silent",
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: path.join(root, "entry.js"),
        onwarn: failOnCircularChunk,
        output: { manualChunks: (id) => (id.endsWith("/frame.js") ? "frame" : id.endsWith("/icon.js") ? "icon" : undefined) },
      },
    },
  });
}

describe("failOnCircularChunk (build.rollupOptions.onwarn in vite.config.ts)", () => {
  it("throws on CIRCULAR_CHUNK, with Rollup's message naming the chunks", () => {
    const passed: unknown[] = [];
    const warning: Rollup.RollupLog = { code: "CIRCULAR_CHUNK", message: "Circular chunk: frame -> icon-search -> frame." };
    expect(() => failOnCircularChunk(warning, (log) => passed.push(log))).toThrow(
      /import each other in a circle .*Circular chunk: frame -> icon-search -> frame/,
    );
    expect(passed).toEqual([]);
  });

  it("hands every other warning to the default handler", () => {
    const passed: unknown[] = [];
    const warning: Rollup.RollupLog = { code: "CIRCULAR_DEPENDENCY", message: "Circular dependency: a.js -> b.js -> a.js" };
    failOnCircularChunk(warning, (log) => passed.push(log));
    expect(passed).toEqual([warning]);
  });

  it("stops a real Vite build whose chunks import each other in a circle, and lets one without pass", async () => {
    await expect(buildFrameAndIcon("circle", true)).rejects.toThrow(/import each other in a circle.*frame.*icon/s);
    await expect(buildFrameAndIcon("no-circle", false)).resolves.toBeDefined();
  });
});
