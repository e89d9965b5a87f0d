import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import routes from "../../app/routes";
import { E2E_ENV } from "./env";
import { buildDir } from "./server-process";

/**
 * THE route table (app/routes.ts) joined with what each route module exports in the production
 * build: tests that must cover "every action" or "every admin route" start from here, never from a
 * hand-kept list, so a route added tomorrow is tested tomorrow.
 */
export type RouteInfo = {
  /** The route id in the build ("features/leads/forms/enrolment-page"). */
  id: string;
  file: string;
  /** The URL pattern without a leading slash ("" for the home page, "whatsapp/:slug", "*"). */
  path: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** Resource routes (CSV, scripts, sitemap) have no component. */
  hasComponent: boolean;
  handle: unknown;
  /** The id of the pathless layout route the route sits under ("features/staff/layout"), null for none. */
  layout: string | null;
};

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };

const routeId = (file: string) => file.replace(/\.[jt]sx?$/, "");

/** Every address of the table; a pathless layout route is no address of its own, only its children's layout. */
type Address = { id: string; file: string; path: string; layout: string | null };

function flatten(entries: Entry[], parent = "", layout: string | null = null): Address[] {
  return entries.flatMap((entry) => {
    if (entry.path === undefined && !entry.index && entry.children) return flatten(entry.children, parent, routeId(entry.file));
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    // A module mounted at two addresses has an id of its own at each (routes/leads/bulk-change.tsx).
    const id = entry.id ?? routeId(entry.file);
    return [{ id, file: entry.file, path: full, layout }, ...flatten(entry.children ?? [], full, layout)];
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
  cached = flatten(routes as Entry[]).map(({ id, file, path: routePath, layout }) => {
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

/**
 * Example parameters for each dynamic route pattern of app/routes.ts: an address of the seeded site
 * (a fresh database with the seed and E2E_ENV) that reaches the route's own code. Every spec that
 * walks the route table takes its addresses from here through `exampleUrl`; a new dynamic route
 * gets its entry here, once.
 */
export const ROUTE_PARAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "cursos/:slug": { slug: "administracao" }, // a seeded course's /cursos/ page
  "polos/:slug": { slug: "belo-horizonte-centro-mg" }, // a seeded polo's page (decision 085)
  "teste-vocacional/resultado/:perfil": { perfil: "tecnologia" },
  "*": { "*": "enfermagem" }, // a course page at its own path (the catch-all serves it)
  // The first lead of the database; a spec that knows a lead's id passes it to exampleUrl.
  "contato/lead/:id": { id: "1" },
  "contato/lead/:id/contatar": { id: "1" },
  "contato/lead/:id/dados.json": { id: "1" },
  "contato/lead/:id/excluir": { id: "1" },
  "admin/conteudo/cursos/:curso": { curso: "1" }, // a course of the seeded catalogue (the studio's edit page)
  "whatsapp/:slug": { slug: E2E_ENV.WHATSAPP_ADMIN_SLUG }, // the password management page
  "imagens/:file": { file: "x" }, // no such photo: a 404 for everyone
  // Decision 100's signed links: a token this site did not sign renders the refusal page.
  "teste-vocacional/resultado/acesso/:token": { token: "link-alterado" },
  "e-mail/descadastrar/:token": { token: "link-alterado" },
  // The share pictures (decision 102): a real course's and a real profile's.
  "compartilhar/curso/:arquivo": { arquivo: "1.png" },
  "compartilhar/resultado/:arquivo": { arquivo: "tecnologia.png" },
};

/**
 * The example URL of a route: its ROUTE_PARAMS, with `extra` over them (a lead id read from the
 * database). A dynamic route without example parameters is an error, so no spec tests a made-up address.
 */
export function exampleUrl(route: Pick<RouteInfo, "path">, extra: Record<string, string> = {}): string {
  const params = { ...ROUTE_PARAMS[route.path], ...extra };
  const names = route.path
    .split("/")
    .filter((part) => part === "*" || part.startsWith(":"))
    .map((part) => (part === "*" ? "*" : part.slice(1).replace(/\?$/, "")));
  const missing = names.filter((name) => params[name] === undefined);
  if (missing.length) {
    throw new Error(`give the route "${route.path}" example parameters (${missing.join(", ")}) in ROUTE_PARAMS`);
  }
  return urlFor(route, params);
}
