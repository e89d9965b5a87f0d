import { sqlite } from "~/server/db.server";

/** Health check for Docker and load balancers: answers 200 only when the database answers. */
export function loader() {
  try {
    const row = sqlite.prepare("SELECT count(*) AS leads FROM leads").get() as { leads: number };
    return Response.json({ status: "ok", database: "ok", leads: row.leads }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return Response.json({ status: "error", database: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
