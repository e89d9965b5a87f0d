import { describe, expect, it } from "vitest";

import { cx } from "~/shared/text";
import { buttonClass, type ButtonSize, type ButtonVariant } from "~/ui/button";

/** The property a Tailwind class sets, for the families the button maps use (null: not checked). */
function family(cls: string): string | null {
  const [variant, utility] = cls.includes(":")
    ? [cls.slice(0, cls.lastIndexOf(":") + 1), cls.slice(cls.lastIndexOf(":") + 1)]
    : ["", cls];
  const rules: Array<[RegExp, string]> = [
    [/^(inline-flex|flex|block|inline-block|hidden)$/, "display"],
    [/^p[xy]?-/, utility.slice(0, 2)],
    [/^rounded/, "radius"],
    [/^gap-/, "gap"],
    [/^text-(xs|sm|base|lg|xl|\dxl)$/, "font-size"],
    [/^text-/, "color"],
    [/^font-/, "weight"],
    [/^bg-/, "background"],
    [/^border-(?!\d)[a-z]/, "border-color"],
    [/^border(-\d)?$/, "border-width"],
    [/^min-h-|^h-/, "height"],
    [/^opacity-/, "opacity"],
  ];
  const rule = rules.find(([pattern]) => pattern.test(utility));
  return rule ? variant + rule[1] : null;
}

const VARIANTS: ButtonVariant[] = [
  "primary",
  "primary-dark",
  "accent",
  "secondary",
  "neutral",
  "danger",
  "danger-outline",
  "success",
  "whatsapp",
  "inverse",
  "on-accent",
];
const SIZES: ButtonSize[] = ["xs", "sm", "md", "lg", "xl", "2xl"];

describe("cx", () => {
  it("joins the given classes and skips empty ones", () => {
    expect(cx("a", false, null, undefined, "", "b")).toBe("a b");
    expect(cx()).toBe("");
  });
});

describe("buttonClass", () => {
  it("never sets one property twice, whatever the variant, size, weight and width", () => {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        for (const weight of [undefined, "semibold", "bold"] as const) {
          for (const full of [false, true]) {
            const classes = buttonClass({ variant, size, weight, full }).split(" ");
            const seen = new Map<string, string>();
            for (const cls of classes) {
              const key = family(cls);
              if (!key) continue;
              expect(seen.get(key), `${variant}/${size}: ${cls} and ${seen.get(key)}`).toBeUndefined();
              seen.set(key, cls);
            }
          }
        }
      }
    }
  });

  it("keeps the staff row action's look (the constants pasted in four routes)", () => {
    const small = new Set(buttonClass({ variant: "neutral", size: "sm" }).split(" "));
    const before =
      "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
    for (const cls of before.split(" ")) expect(small.has(cls), cls).toBe(true);
  });

  it("adds the caller's classes last and makes a full-width button a block flex box", () => {
    expect(buttonClass({ className: "mt-4" }).endsWith(" mt-4")).toBe(true);
    expect(buttonClass({ full: true }).startsWith("flex w-full justify-center ")).toBe(true);
  });
});
