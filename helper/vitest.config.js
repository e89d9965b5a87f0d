import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.js"],
    environment: "node",
    testTimeout: 20_000,
    // the helper tests open real sockets: keep files apart, the machine has 2 cores
    fileParallelism: false,
  },
});
