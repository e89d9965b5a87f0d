import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import routes from "../../app/routes";
import { buildDir } from "./server-process";

/**
 * THE route table (app/routes.ts) joined with what each route module exports in the production
 * build: tests that must cover "every action" or "every admin route" start from here, never from a
 * hand-kept list, so a route added tomorrow is tested tomorrow.
 */
export type RouteInfo = {
  /** The route id in the build ("routes/public/enrolment"). */
  id: string;
  file: string;
  /** The URL pattern without a leading slash ("" for the home page, "whatsapp/:slug", "*"). */
  path: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** Resource routes (CSV, scripts, sitemap) have no component. */
  hasComponent: boolean;
  handle: unknown;
  /** The id of the pathless layout route the route sits under ("routes/staff/layout"), null for none. */
  layout: string | null;
};

type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };

const routeId = (file: string) => file.replace(/\.[jt]sx?$/, "");

/** Every address of the table; a pathless layout route is no address of its own, only its children's layout. */
type Address = { file: string; path: string; layout: string | null };

function flatten(entries: Entry[], parent = "", layout: string | null = null): Address[] {
  return entries.flatMap((entry) => {
    if (entry.path === undefined && !entry.index && entry.children) return flatten(entry.children, parent, routeId(entry.file));
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ file: entry.file, path: full, layout }, ...flatten(entry.children ?? [], full, layout)];
  });
}

type Exports = Record<string, { hasAction: boolean; hasLoader: boolean; hasComponent: boolean; handle: unknown }>;

/** Imports the server build in a child process (its own temporary database) and reports each module's exports. */
function buildExports(): Exports {
  const dir = mkdtempSync(path.join(tmpdir(), "site-routes-"));
  try {
    const entry = pathToFileURL(path.join(buildDir(), "server", "index.js")).href;
    const script = `
      const build = await import(${JSON.stringify(entry)});
      const out = {};
      for (const [id, route] of Object.entries(build.routes)) {
        const m = route.module;
        out[id] = { hasAction: typeof m.action === "function", hasLoader: typeof m.loader === "function",
          hasComponent: typeof m.default === "function", handle: m.handle ?? null };
      }
      process.stdout.write(JSON.stringify(out));
      process.exit(0);
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_PATH: path.join(dir, "routes.db"),
        SESSION_SECRET: "route-table",
        HELPER_SECRET: "route-table",
        LOG_REQUESTS: "false",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    if (result.status !== 0) throw new Error(`could not read the server build: ${result.stderr}`);
    return JSON.parse(result.stdout) as Exports;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let cached: RouteInfo[] | undefined;

export function routeTable(): RouteInfo[] {
  if (cached) return cached;
  const exports = buildExports();
  cached = flatten(routes as Entry[]).map(({ file, path: routePath, layout }) => {
    const id = routeId(file);
    const found = exports[id];
    if (!found) throw new Error(`${file} from app/routes.ts is not in the build (id ${id}): rebuild first`);
    return { id, file, path: routePath, ...found, layout };
  });
  return cached;
}

/** A concrete URL for a route pattern, filling its parameters ("whatsapp/:slug" → "/whatsapp/gerenciar-senhas"). */
export function urlFor(route: Pick<RouteInfo, "path">, params: Record<string, string> = {}): string {
  const filled = route.path
    .split("/")
    .map((part) => {
      if (part === "*") return params["*"] ?? "pagina-que-nao-existe";
      if (part.startsWith(":")) {
        const name = part.slice(1).replace(/\?$/, "");
        return params[name] ?? "x";
      }
      return part;
    })
    .join("/");
  return `/${filled}`;
}
