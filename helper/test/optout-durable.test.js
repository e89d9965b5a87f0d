import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it, vi } from "vitest";

/** Every fsync and rename, in order, with what it was done to. */
const calls = vi.hoisted(() => /** @type {string[]} */ ([]));

vi.mock("node:fs", async (importOriginal) => {
  /** @type {typeof import("node:fs")} */
  const fs = await importOriginal();
  /** @type {Map<number, string>} */
  const opened = new Map();
  return {
    ...fs,
    openSync: (/** @type {any[]} */ ...args) => {
      const fd = /** @type {any} */ (fs.openSync)(...args);
      opened.set(fd, String(args[0]));
      return fd;
    },
    fsyncSync: (/** @type {number} */ fd) => {
      calls.push(`fsync ${opened.get(fd) ?? fd}`);
      return fs.fsyncSync(fd);
    },
    renameSync: (/** @type {string} */ from, /** @type {string} */ to) => {
      calls.push(`rename ${to}`);
      return fs.renameSync(from, to);
    },
  };
});

const { OptOutList } = await import("../src/optout.js");

describe("the opt-out file is on the disk before the helper goes on", () => {
  it("each change is written to a temporary file, fsynced, renamed, and the folder fsynced", () => {
    const dir = mkdtempSync(join(tmpdir(), "optout-durable-"));
    const file = join(dir, "opt-out.json");
    const list = new OptOutList(file);
    calls.length = 0;
    list.add("5531999998888", new Date("2026-12-01T05:00:00.000Z"));
    expect(calls).toEqual([`fsync ${file}.${process.pid}.tmp`, `rename ${file}`, `fsync ${dir}`]);
    expect(JSON.parse(readFileSync(file, "utf8")).entries).toHaveLength(1);

    for (const change of [
      () => list.markReported(list.unreported()),
      () => list.merge(["+5521988887777"], new Date()),
      () => list.forget([{ number: "+5521988887777", at: new Date(Date.now() + 1000).toISOString() }]),
    ]) {
      calls.length = 0;
      change();
      expect(calls).toEqual([`fsync ${file}.${process.pid}.tmp`, `rename ${file}`, `fsync ${dir}`]);
    }
  });
});
