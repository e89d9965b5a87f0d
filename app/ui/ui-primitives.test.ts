import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { Users } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { cx } from "~/shared/text";
import { buttonClass, type ButtonSize, type ButtonVariant } from "~/ui/button";
import { textLink } from "~/ui/text-link";
import { AreaTitle, Title, TITLE_SIZES, type TitleSize } from "~/ui/title";

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

describe("textLink", () => {
  it("is the one look of a text link, with the caller's spacing after it", () => {
    expect(textLink()).toBe("font-semibold text-brand-700 underline");
    expect(textLink("mt-4 text-sm")).toBe("font-semibold text-brand-700 underline mt-4 text-sm");
  });

  it("is not pasted: no view spells the text link's classes itself", () => {
    const pasted: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(at);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !at.endsWith(path.join("ui", "text-link.ts")) &&
          !entry.name.endsWith(".test.ts")
        ) {
          if (readFileSync(at, "utf8").includes("font-semibold text-brand-700 underline")) pasted.push(at);
        }
      }
    };
    walk("app");
    expect(pasted).toEqual([]);
  });
});

describe("Title", () => {
  const render = (props: Parameters<typeof Title>[0]) => renderToStaticMarkup(createElement(Title, props));

  it("renders an h1 by default and the tag it is given", () => {
    expect(render({ size: "page", children: "Termos" })).toMatch(/^<h1 [^>]*>Termos<\/h1>$/);
    expect(render({ as: "h2", size: "area", children: "Leads" })).toMatch(/^<h2 [^>]*>Leads<\/h2>$/);
  });

  it("takes its font from the one size map, then the ink, then the caller's classes", () => {
    for (const size of Object.keys(TITLE_SIZES) as TitleSize[]) {
      const html = render({ size, className: "mt-4", children: "x" });
      const ink = size === "hidden" ? "" : " text-slate-900";
      expect(html, size).toContain(`class="${TITLE_SIZES[size]}${ink} mt-4"`);
    }
    expect(TITLE_SIZES.area).toBe("text-2xl font-bold sm:text-3xl");
  });

  it("leaves the colour to a dark band, passes the id and lays out an icon", () => {
    expect(render({ size: "hero", onDark: true, children: "x" })).toBe(`<h1 class="${TITLE_SIZES.hero}">x</h1>`);
    expect(render({ size: "area", id: "cursos-titulo", children: "x" })).toContain(' id="cursos-titulo"');
    const withIcon = render({ size: "page", icon: createElement("svg", { "aria-hidden": "true" }), children: "x" });
    expect(withIcon).toMatch(/^<h1 class="flex items-center gap-2 [^"]*"><svg aria-hidden="true"><\/svg>x<\/h1>$/);
  });

  it("is the only way a view writes an h1", () => {
    const pasted: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(at);
        else if (entry.name.endsWith(".tsx") && readFileSync(at, "utf8").includes("<h1")) pasted.push(at);
      }
    };
    walk("app");
    expect(pasted).toEqual([]);
  });

  it("gives AreaTitle the staff area's size", () => {
    const html = renderToStaticMarkup(createElement(AreaTitle, { icon: Users, area: "Painel", children: "Leads" }));
    expect(html).toContain(`<h1 class="${TITLE_SIZES.area} text-slate-900 mt-1">Leads</h1>`);
  });
});
