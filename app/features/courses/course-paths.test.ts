import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";

import { isReservedPath, RESERVED_PATHS } from "~/features/courses/content";
import routes from "~/routes";

/** The first segment of every address the route table answers outside the course catch-all. */
function firstSegments(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path && entry.path !== "*" ? [path.split("/")[0]!] : [];
    return [...own, ...firstSegments(entry.children ?? [], path)];
  });
}

describe("course paths and the site's own pages", () => {
  it("reserves every top-level path of app/routes.ts (a course cannot take /contato, /whatsapp, /admin, ...)", async () => {
    const table = (await routes) as RouteConfigEntry[];
    const segments = [...new Set(firstSegments(table))].filter((segment) => !segment.startsWith(":"));
    expect(segments.length).toBeGreaterThan(10);
    for (const segment of segments) expect(RESERVED_PATHS, segment).toContain(segment);
  });

  it("treats a path under a reserved one as reserved too, and course paths as free", () => {
    expect(isReservedPath("/whatsapp/qualquer")).toBe(true);
    expect(isReservedPath("/Contato/")).toBe(true);
    expect(isReservedPath("/enfermagem")).toBe(false);
  });
});
