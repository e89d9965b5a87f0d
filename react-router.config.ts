import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests and the bench build into their own folder so parallel runs never clobber each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
