// Keeps the computer awake while a send job runs, so a laptop that goes to sleep does not stop
// the job half-way: one long-running child process per platform holds the "do not sleep" request
// and lets it go when it ends (stop, or the helper itself exiting).
//   macOS:   caffeinate -i -w <helper pid>       (ends by itself when the helper ends)
//   Linux:   systemd-inhibit --what=idle:sleep … (holds the lock while its child `cat` reads our pipe)
//   Windows: PowerShell calling SetThreadExecutionState, then waiting for the helper's process
import { spawn as nodeSpawn } from "node:child_process";

const WHY = "Envio de mensagens do WhatsApp em andamento";

/** ES_CONTINUOUS | ES_SYSTEM_REQUIRED: the system stays on; the display may still turn off. */
const ES_CONTINUOUS_SYSTEM_REQUIRED = 0x80000000 + 0x1;

/**
 * The command that holds the "stay awake" request on this platform, or null where there is none.
 * @param {NodeJS.Platform | string} platform
 * @param {number} pid the helper's process id (the request must not outlive it)
 * @returns {{ command: string, args: string[] } | null}
 */
export function keepAwakeCommand(platform, pid) {
  if (platform === "darwin") return { command: "caffeinate", args: ["-i", "-w", String(pid)] };
  if (platform === "linux") {
    return {
      command: "systemd-inhibit",
      // `cat` reads the helper's pipe: it ends (and the lock with it) when the helper closes it or dies.
      args: ["--what=idle:sleep", "--who=Ajudante WhatsApp", `--why=${WHY}`, "--mode=block", "cat"],
    };
  }
  if (platform === "win32") {
    const script = [
      "$s = Add-Type -PassThru -Name KeepAwake -Namespace WhatsappHelper -MemberDefinition",
      "'[DllImport(\"kernel32.dll\")] public static extern uint SetThreadExecutionState(uint flags);';",
      `[void]$s::SetThreadExecutionState([uint32]${ES_CONTINUOUS_SYSTEM_REQUIRED});`,
      `Wait-Process -Id ${Number(pid)}`,
    ].join(" ");
    // -EncodedCommand (UTF-16LE, base64): the script's quotes survive Windows' command-line quoting.
    return {
      command: "powershell.exe",
      args: [
        "-NoProfile",
        "-NonInteractive",
        "-ExecutionPolicy",
        "Bypass",
        "-EncodedCommand",
        Buffer.from(script, "utf16le").toString("base64"),
      ],
    };
  }
  return null;
}

/**
 * @typedef {{
 *   platform?: NodeJS.Platform | string,
 *   spawn?: (command: string, args: string[], options: object) => import("node:child_process").ChildProcess,
 *   pid?: number,
 *   log?: (message: string) => void,
 * }} KeepAwakeOptions
 */

/**
 * A switch for the "stay awake" request: start() is idempotent, stop() lets the computer sleep again.
 * @param {KeepAwakeOptions} [options]
 */
export function createKeepAwake(options = {}) {
  const platform = options.platform ?? process.platform;
  const spawn = options.spawn ?? nodeSpawn;
  const pid = options.pid ?? process.pid;
  const log = options.log ?? (() => {});
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  /** Set once the command could not run: not tried again (and said only once). */
  let unavailable = false;

  function start() {
    if (child || unavailable) return;
    const command = keepAwakeCommand(platform, pid);
    if (!command) return;
    let started;
    try {
      started = spawn(command.command, command.args, { stdio: ["pipe", "ignore", "ignore"], windowsHide: true });
    } catch (error) {
      failed(command.command, error);
      return;
    }
    child = started;
    started.on("error", (error) => {
      if (child === started) child = null;
      failed(command.command, error);
    });
    started.on("exit", (code, signal) => {
      if (child !== started) return; // stopped by us
      // Ended by itself while still wanted (no systemd session, PowerShell blocked…): do not respawn.
      child = null;
      failed(command.command, new Error(`encerrou sozinho (${signal ?? `código ${code}`})`));
    });
    log("Envio em andamento: o computador não vai entrar em repouso até o envio terminar ou pausar.");
  }

  /**
   * @param {string} command
   * @param {unknown} error
   */
  function failed(command, error) {
    if (unavailable) return;
    unavailable = true;
    log(
      `Não foi possível impedir o repouso do computador (${command}: ${/** @type {Error} */ (error)?.message ?? error}). ` +
        "Deixe o computador ligado e sem entrar em repouso enquanto o envio acontece.",
    );
  }

  function stop() {
    const running = child;
    if (!running) return;
    child = null;
    running.stdin?.end();
    if (running.exitCode === null && running.signalCode === null) running.kill();
    log("O computador já pode entrar em repouso normalmente.");
  }

  return {
    start,
    stop,
    get active() {
      return child !== null;
    },
  };
}

/**
 * Keeps the computer awake exactly while the queue's bulk job is running: on at 'bulk-started' and
 * on a resume, off when it pauses, finishes or is cancelled.
 * @param {import("node:events").EventEmitter} queue the SendQueue
 * @param {KeepAwakeOptions & { keepAwake?: ReturnType<typeof createKeepAwake> }} [options]
 * @returns {{ stop: () => void, keepAwake: ReturnType<typeof createKeepAwake> }}
 */
export function keepAwakeWhileSending(queue, options = {}) {
  const keepAwake = options.keepAwake ?? createKeepAwake(options);
  const onStarted = () => keepAwake.start();
  const onProgress = (/** @type {{ state?: string }} */ progress) => {
    if (progress?.state === "running") keepAwake.start();
    else keepAwake.stop();
  };
  const onStatus = () => keepAwake.stop();
  queue.on("bulk-started", onStarted);
  queue.on("bulk-progress", onProgress);
  queue.on("bulk-status", onStatus);
  return {
    keepAwake,
    stop() {
      queue.off("bulk-started", onStarted);
      queue.off("bulk-progress", onProgress);
      queue.off("bulk-status", onStatus);
      keepAwake.stop();
    },
  };
}
