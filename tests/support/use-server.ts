import type { TestType } from "@playwright/test";

import { type RunningServer, startServer } from "./server-process";

/**
 * A production server of its own for the enclosing describe block (or file) of `test`: started
 * quietly with `env` before its first test, stopped and its folder removed after its last. The
 * answer stands for that server once it has started (`server.url`, `server.databasePath` in a test
 * or a later hook); reading it earlier is an error.
 */
export function useServer(test: Pick<TestType<any, any>, "beforeAll" | "afterAll">, env: Record<string, string>): RunningServer {
  let started: RunningServer | undefined;
  test.beforeAll(async () => {
    started = await startServer(env, { quiet: true });
  });
  test.afterAll(async () => {
    await started?.stop();
    started?.cleanup();
  });
  return new Proxy({} as RunningServer, {
    get(_target, key) {
      if (!started) throw new Error("the server starts before the first test: use it in a test or a later hook");
      const value: unknown = Reflect.get(started, key);
      return typeof value === "function" ? value.bind(started) : value;
    },
  });
}
