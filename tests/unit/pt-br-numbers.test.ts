import { describe, expect, it } from "vitest";

/** Every typed content module (courses, offers, club, polos...), as the pages import them. */
const contentModules = import.meta.glob<Record<string, unknown>>("../../app/features/**/*.seed.ts", { eager: true });

/** A number written with a decimal point ('2.5', '19.90'); '1.000' (thousands) and versions like '1.2.3' are not. */
const DECIMAL_POINT = /(^|[^\d.\w/])\d+\.\d{1,2}(?![\d.])/;

function textsOf(value: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([where, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => textsOf(item, `${where}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) textsOf(item, `${where}.${key}`, out);
  return out;
}

describe("numbers in the site's content", () => {
  it("are written with the pt-BR decimal comma, never a decimal point", () => {
    expect(Object.keys(contentModules).length).toBeGreaterThan(5);
    const offending = Object.entries(contentModules).flatMap(([file, mod]) =>
      textsOf(mod, file.replace(/^.*\//, "")).filter(([, text]) => DECIMAL_POINT.test(text)),
    );
    expect(offending).toEqual([]);
  });
});
