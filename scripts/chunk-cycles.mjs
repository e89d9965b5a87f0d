// Fails the browser build when its chunks import each other in a circle (decision 112). With manual
// chunks a circle is easy to make (a frame component draws an icon whose file imports lucide's runtime
// from the frame), and in the browser it throws "Cannot access '…' before initialization": the
// chunk evaluated first runs code of the other before that one has defined it, and the page never
// hydrates. Cheaper to refuse the build than to find it in a browser.

/**
 * The first circle of static imports among these chunks, as file names (the first repeated at the
 * end), or null when there is none.
 * @param {Record<string, { type: string, imports?: string[] }>} bundle
 * @returns {string[] | null}
 */
export function findChunkCycle(bundle) {
  /** @type {Map<string, "visiting" | "done">} */
  const state = new Map();
  /** @type {string[]} */
  const path = [];
  /** @param {string} file @returns {string[] | null} */
  function visit(file) {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "visiting") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "visiting");
    path.push(file);
    for (const next of bundle[file]?.imports ?? []) {
      if (bundle[next]?.type !== "chunk") continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, "done");
    return null;
  }
  for (const [file, item] of Object.entries(bundle)) {
    if (item.type !== "chunk") continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

/** @returns {import("vite").Plugin} */
export function chunkCyclesPlugin() {
  return {
    name: "chunk-cycles",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment?.name === "ssr") return;
      const cycle = findChunkCycle(/** @type {any} */ (bundle));
      if (cycle)
        this.error(`The browser's chunks import each other in a circle: ${cycle.join(" → ")} (see vite.config.ts, chunkFor)`);
    },
  };
}
