// @ts-check
// The methods each route of the React Router build serves, so that a resource route (a health check,
// a sitemap, a CSV) asked with a method it has no handler for answers a plain 405 with an Allow header
// here, instead of React Router's JSON "Unexpected Server Error" with no Allow.
import { matchRoutes } from "react-router";

import { PRIVATE_CACHE_CONTROL } from "./html-cache.js";

const READS = ["GET", "HEAD"];
const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * @typedef {{ id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Tree[];
 *   module: { default?: unknown; loader?: unknown; action?: unknown } }} Tree
 */

/** @type {WeakMap<object, Tree[]>} */
const trees = new WeakMap();

/**
 * The build's flat route manifest as the nested tree `matchRoutes` reads.
 * @param {import("react-router").ServerBuild} build
 * @returns {Tree[]}
 */
function routeTree(build) {
  const known = trees.get(build);
  if (known) return known;
  /** @type {Map<string, Tree>} */
  const byId = new Map();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    byId.set(id, { id, path, index, caseSensitive, children: [], module: route.module });
  }
  /** @type {Tree[]} */
  const roots = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = /** @type {Tree} */ (byId.get(route.id));
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  trees.set(build, roots);
  return roots;
}

/**
 * The methods the resource route at `pathname` serves (GET and HEAD with a loader; POST, PUT,
 * PATCH and DELETE with an action), or null when a page (a route with a component) or nothing
 * matches: the router answers those itself.
 * @param {import("react-router").ServerBuild} build
 * @param {string} pathname
 * @returns {string[] | null}
 */
export function resourceRouteMethods(build, pathname) {
  const matches = matchRoutes(/** @type {any} */ (routeTree(build)), pathname);
  const leaf = /** @type {Tree | undefined} */ (matches?.at(-1)?.route);
  if (!leaf || typeof leaf.module.default === "function") return null;
  return [
    ...(typeof leaf.module.loader === "function" ? READS : []),
    ...(typeof leaf.module.action === "function" ? WRITES : []),
  ];
}

/**
 * Answers 405 (with `Allow`, private, pt-BR) a method a resource route has no handler for. OPTIONS
 * goes on: React Router answers it with the loader, as for GET.
 * @param {() => import("react-router").ServerBuild | undefined} currentBuild the build in use (none
 *   yet in development before the first request)
 * @returns {import("express").RequestHandler}
 */
export function refuseUnservedMethods(currentBuild) {
  return (req, res, next) => {
    const build = currentBuild();
    if (!build || req.method === "OPTIONS") return next();
    const methods = resourceRouteMethods(build, req.path);
    if (!methods || methods.includes(req.method)) return next();
    req.resume();
    res
      .status(405)
      .set("Allow", methods.join(", "))
      .set("Cache-Control", PRIVATE_CACHE_CONTROL)
      .type("text/plain; charset=utf-8")
      .send("Método não permitido.");
  };
}
