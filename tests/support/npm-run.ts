import { spawn } from "node:child_process";

/** How an `npm run` ended: its exit code and everything it wrote. */
export type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run --silent <args>` in `cwd` with exactly `env`, `input` on its standard input; resolves when it exits. */
export function npmRun(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", ...args], { cwd: options.cwd, env: options.env, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
