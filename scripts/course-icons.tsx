/**
 * Draws the course cards' icons (app/features/courses/content.ts COURSE_ICONS) as SVG files under
 * public/images/icones/, from lucide-react, in the brand colour: a card shows a plain <img>,
 * so the icons cost the page no script. Run after changing the icon set:
 *   npx tsx scripts/course-icons.tsx
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import * as icons from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { COURSE_ICON_NAMES } from "../app/features/courses/course-icons";

const BRAND_600 = "#1f56c8";
const dir = join(import.meta.dirname, "..", "public", "images", "icones");
mkdirSync(dir, { recursive: true });

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

for (const name of COURSE_ICON_NAMES) {
  const Icon = (icons as unknown as Record<string, icons.LucideIcon>)[pascal(name)];
  if (!Icon) throw new Error(`lucide-react has no icon ${name}`);
  const svg = renderToStaticMarkup(createElement(Icon, { color: BRAND_600, strokeWidth: 1.75, size: 64 }))
    .replace(/ class="[^"]*"/, "")
    .replace(/ aria-hidden="true"/, "");
  writeFileSync(join(dir, `${name}.svg`), `${svg}\n`);
}
console.log(`${COURSE_ICON_NAMES.length} icons in ${dir}`);
