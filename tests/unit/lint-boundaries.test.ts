import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers of docs/architecture.md are ESLint rules (eslint.config.js); `npm test` runs ESLint,
 * so breaking one fails CI. Each case lints a line of code as if it were in the named file and
 * expects the boundary rule to fire, or not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n\nexport const used = value;\n`, { filePath });
  return result.messages
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

describe("the layer rules", () => {
  it("app/platform imports no feature", async () => {
    const errors = await boundaryErrors(
      "app/platform/example.server.ts",
      'import { value } from "~/features/leads/save.server";',
    );
    expect(errors.join("\n")).toMatch(/app\/platform imports no feature/);
  });

  it("app/shared imports nothing but app/shared", async () => {
    expect((await boundaryErrors("app/shared/example.ts", 'import { value } from "~/features/courses/content";')).length).toBe(1);
    expect((await boundaryErrors("app/shared/example.ts", 'import { value } from "~/platform/config.server";')).length).toBe(1);
    expect(await boundaryErrors("app/shared/example.ts", 'import { value } from "~/shared/format";')).toEqual([]);
  });

  it("app/ui imports no feature", async () => {
    const errors = await boundaryErrors("app/ui/example.tsx", 'import { value } from "~/features/home/content";');
    expect(errors.join("\n")).toMatch(/app\/ui imports only/);
  });

  it("a component imports server code only as types; a route module may import it", async () => {
    const value = 'import { value } from "~/features/leads/queries.server";';
    expect((await boundaryErrors("app/features/leads/example-table.tsx", value)).join("\n")).toMatch(/Only route modules/);
    expect(
      await boundaryErrors(
        "app/features/leads/example-table.tsx",
        'import type { value } from "~/features/leads/queries.server";',
      ),
    ).toEqual([]);
    // The leads panel is a route module (app/routes.ts): its loader's import is stripped from the browser.
    expect(await boundaryErrors("app/features/leads/panel.tsx", value)).toEqual([]);
    expect(await boundaryErrors("app/features/leads/example.server.ts", value)).toEqual([]);
  });
});
