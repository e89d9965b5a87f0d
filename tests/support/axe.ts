import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const SERIOUS = new Set(["serious", "critical"]);

/**
 * axe's serious and critical violations on the page as it is now, one line each: the rule, its
 * impact and help, and up to four of the elements it names. axe runs as a script in the page, so a
 * spec calls it in the JavaScript project only.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => SERIOUS.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}
