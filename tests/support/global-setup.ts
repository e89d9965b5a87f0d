import { E2E_ENV } from "./env";
import { freePort, startServer } from "./server-process";

/**
 * Starts the production server (the build in BUILD_DIR or ./build) on a free port with a fresh
 * temporary database, and hands its URL and database path to the tests through the environment.
 */
export default async function globalSetup() {
  // The WhatsApp helper's port: closed unless a test starts the helper there (tests/e2e/whatsapp.spec.ts).
  const helperPort = await freePort();
  const server = await startServer({ ...E2E_ENV, HELPER_URL: `http://127.0.0.1:${helperPort}` });
  process.env.E2E_HELPER_PORT = String(helperPort);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_PATH = server.databasePath;

  return async () => {
    await server.stop();
    server.cleanup();
  };
}
