// Keeping the computer awake while a job runs: the command per platform, and on/off with the job
// (a recording spawner stands in for the operating system's tools).
import { EventEmitter } from "node:events";

import { afterEach, describe, expect, it } from "vitest";

import { createKeepAwake, keepAwakeCommand } from "../src/keep-awake.js";
import { bulkJob, cleanup, connectReady, once, startTestHelper } from "./helpers.js";

afterEach(cleanup);

/** A spawner that records each command and hands back a child process the test controls. */
function recordingSpawner() {
  /** @type {{ command: string, args: string[], child: any, killed: boolean, stdinEnded: boolean }[]} */
  const calls = [];
  /**
   * @param {string} command
   * @param {string[]} args
   */
  const spawn = (command, args) => {
    const child = /** @type {any} */ (new EventEmitter());
    const call = { command, args, child, killed: false, stdinEnded: false };
    child.exitCode = null;
    child.signalCode = null;
    child.stdin = { end: () => (call.stdinEnded = true) };
    child.kill = () => {
      call.killed = true;
      child.signalCode = "SIGTERM";
      child.emit("exit", null, "SIGTERM");
      return true;
    };
    calls.push(call);
    return child;
  };
  return {
    calls,
    spawn,
    /** The children still holding the computer awake. */
    running: () => calls.filter((c) => !c.killed),
  };
}

describe("keepAwakeCommand", () => {
  it("uses caffeinate on macOS, tied to the helper's process", () => {
    expect(keepAwakeCommand("darwin", 4242)).toEqual({ command: "caffeinate", args: ["-i", "-w", "4242"] });
  });

  it("uses systemd-inhibit on Linux, blocking idle and sleep with a reason, around a long-running child", () => {
    const { command, args } = /** @type {{ command: string, args: string[] }} */ (keepAwakeCommand("linux", 4242));
    expect(command).toBe("systemd-inhibit");
    expect(args).toContain("--what=idle:sleep");
    expect(args).toContain("--mode=block");
    expect(args.find((a) => a.startsWith("--why="))).toMatch(/WhatsApp/);
    expect(args.at(-1)).toBe("cat");
  });

  it("uses PowerShell and SetThreadExecutionState(ES_CONTINUOUS | ES_SYSTEM_REQUIRED) on Windows, until the helper exits", () => {
    const { command, args } = /** @type {{ command: string, args: string[] }} */ (keepAwakeCommand("win32", 4242));
    expect(command).toBe("powershell.exe");
    expect(args.at(-2)).toBe("-EncodedCommand");
    const script = Buffer.from(/** @type {string} */ (args.at(-1)), "base64").toString("utf16le");
    expect(script).toContain("SetThreadExecutionState");
    expect(script).toContain(`[uint32]${0x80000001}`);
    expect(script).toContain("Wait-Process -Id 4242");
  });

  it("has nothing for other systems", () => {
    expect(keepAwakeCommand("freebsd", 1)).toBeNull();
  });
});

describe("createKeepAwake", () => {
  it("starts one child per period awake (start is idempotent) and stop ends it", () => {
    const spawner = recordingSpawner();
    /** @type {string[]} */
    const lines = [];
    const awake = createKeepAwake({ platform: "darwin", pid: 7, spawn: spawner.spawn, log: (m) => lines.push(m) });
    awake.start();
    awake.start();
    expect(spawner.calls).toHaveLength(1);
    expect(spawner.calls[0]).toMatchObject({ command: "caffeinate", args: ["-i", "-w", "7"] });
    expect(awake.active).toBe(true);
    awake.stop();
    expect(spawner.calls[0]).toMatchObject({ killed: true, stdinEnded: true });
    expect(awake.active).toBe(false);
    awake.stop();
    awake.start();
    expect(spawner.calls).toHaveLength(2);
    expect(lines[0]).toContain("não vai entrar em repouso");
  });

  it("says once in Portuguese when the tool is missing, and does not try again for every message", () => {
    /** @type {string[]} */
    const lines = [];
    let spawned = 0;
    const awake = createKeepAwake({
      platform: "linux",
      log: (m) => lines.push(m),
      spawn: () => {
        spawned++;
        const child = /** @type {any} */ (new EventEmitter());
        child.exitCode = null;
        child.signalCode = null;
        child.kill = () => true;
        queueMicrotask(() => child.emit("error", Object.assign(new Error("spawn systemd-inhibit ENOENT"), { code: "ENOENT" })));
        return child;
      },
    });
    awake.start();
    return new Promise((resolve) => setImmediate(resolve)).then(() => {
      awake.start();
      awake.start();
      expect(spawned).toBe(1);
      expect(lines.filter((l) => l.startsWith("Não foi possível impedir o repouso"))).toHaveLength(1);
      expect(awake.active).toBe(false);
    });
  });
});

describe("the helper keeps the computer awake exactly while a job runs", () => {
  it("on at the start of a bulk job, off when it finishes", async () => {
    const spawner = recordingSpawner();
    const helper = await startTestHelper({ keepAwake: { platform: "darwin", spawn: spawner.spawn, pid: 99 } });
    const { socket } = await connectReady(helper.url);
    expect(spawner.calls).toHaveLength(0);

    const finished = once(socket, "bulk-status", () => true, 10_000);
    const started = once(socket, "bulk-started");
    socket.emit("send-bulk-messages", bulkJob());
    await started;
    expect(spawner.running()).toHaveLength(1);
    expect(spawner.calls[0]).toMatchObject({ command: "caffeinate", args: ["-i", "-w", "99"] });
    await finished;
    expect(spawner.running()).toHaveLength(0);
    expect(spawner.calls).toHaveLength(1);
  });

  it("off when the job is cancelled, and off while it is paused, on again when it resumes", async () => {
    const spawner = recordingSpawner();
    const helper = await startTestHelper({
      keepAwake: { platform: "linux", spawn: spawner.spawn },
      minDelayMs: 60_000,
      maxDelayMs: 60_000,
    });
    const { socket } = await connectReady(helper.url);
    const started = once(socket, "bulk-started");
    socket.emit("send-bulk-messages", bulkJob());
    await started;
    expect(spawner.running()).toHaveLength(1);
    expect(spawner.calls[0].command).toBe("systemd-inhibit");

    helper.queue.pause("rate-limit", "Pausa de teste");
    expect(spawner.running()).toHaveLength(0);
    helper.queue.resume("manual");
    expect(spawner.running()).toHaveLength(1);
    expect(spawner.calls).toHaveLength(2);

    const cancelled = once(socket, "bulk-status");
    socket.emit("cancel-bulk", {});
    await cancelled;
    expect(spawner.running()).toHaveLength(0);
  });
});
