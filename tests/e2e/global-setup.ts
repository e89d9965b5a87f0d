import { E2E_ENV } from "./env";
import { startServer } from "./server-process";

/**
 * Starts the production server (the build in BUILD_DIR or ./build) on a free port with a fresh
 * temporary database, and hands its URL and database path to the tests through the environment.
 */
export default async function globalSetup() {
  const server = await startServer({ ...E2E_ENV });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_PATH = server.databasePath;

  return async () => {
    await server.stop();
    server.cleanup();
  };
}
