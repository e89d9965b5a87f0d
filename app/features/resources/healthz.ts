import { sqlite } from "~/platform/db/client.server";

const HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * Health check for Docker and load balancers, public: 200 "ok" when the database answers (the leads
 * table can be read), 503 otherwise. Nothing else: no count, no version, no error text
 * (decision 061).
 */
export function loader() {
  try {
    sqlite.prepare("SELECT 1 FROM leads LIMIT 1").get();
    return new Response("ok", { headers: HEADERS });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return new Response("indisponível", { status: 503, headers: HEADERS });
  }
}
