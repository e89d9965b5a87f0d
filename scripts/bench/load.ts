// (4) HTTP load with autocannon (loopback only, bounded in time): GET / as a browser asks for it,
// then the vocational test's lead form posted with a fresh e-mail each time, every acknowledged
// post checked against its row in the database.
import autocannon from "autocannon";
import Database from "better-sqlite3";

import type { RunningServer } from "../../tests/support/server-process";
import { LEAD_POST, RUN_ID } from "./lead-post";
import { BROWSER_HEADERS, BUDGET, CONNECTIONS, failures, LOAD_SECONDS, WARMUP_SECONDS } from "./settings";

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** autocannon's options to post the lead form for `duration` seconds, each request with `nextEmail()`. */
function leadPostLoad(
  baseUrl: string,
  duration: number,
  nextEmail: () => string,
  onResponse?: (status: number, email: string | undefined, location: string) => void,
): autocannon.Options {
  return {
    url: baseUrl + LEAD_POST.path,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest(request, context) {
          const email = nextEmail();
          (context as { email?: string }).email = email;
          return { ...request, body: LEAD_POST.body(email) };
        },
        onResponse: onResponse
          ? (status, _body, context, headers) =>
              onResponse(status, (context as { email?: string }).email, String(headers?.location ?? ""))
          : undefined,
      },
    ],
  };
}

/**
 * GET / then POST the lead form, each phase after a short unmeasured warm-up (JIT, caches), as a
 * server that has been up for a while would be.
 */
export async function measureLoad(server: RunningServer) {
  await load({ url: server.url + "/", connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: BROWSER_HEADERS });
  console.log(`Load: GET / for ${LOAD_SECONDS}s at ${CONNECTIONS} connections ...`);
  const get = await load({ url: server.url + "/", connections: CONNECTIONS, duration: LOAD_SECONDS, headers: BROWSER_HEADERS });
  const getErrors = get.errors + get.non2xx;
  const post = await measureLeadPost(server);
  if (getErrors > 0) failures.push(`GET /: ${getErrors} errors or non-2xx answers`);
  if (get.requests.average < BUDGET.getRps) failures.push(`GET / ${Math.round(get.requests.average)} req/s < ${BUDGET.getRps}`);
  if (get.latency.p99 > BUDGET.getP99) failures.push(`GET / p99 ${get.latency.p99} ms > ${BUDGET.getP99} ms`);
  return {
    get: {
      rps: get.requests.average,
      p50: get.latency.p50,
      p99: get.latency.p99,
      errors: getErrors,
      requests: get.requests.total,
    },
    post,
  };
}

export type LeadPostResult = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  acknowledged: number;
  rows: number;
  acknowledgedWithRow: number;
};

/** The lead form posted for LOAD_SECONDS after a warm-up, each acknowledged post checked against its row. */
export async function measureLeadPost(server: RunningServer): Promise<LeadPostResult> {
  let warm = 0;
  await load(leadPostLoad(server.url, WARMUP_SECONDS, () => `aquecimento.${RUN_ID}.${warm++}@example.com`));
  console.log(`Load: POST ${LEAD_POST.path} for ${LOAD_SECONDS}s at ${CONNECTIONS} connections ...`);
  let n = 0;
  const acknowledgedEmails = new Set<string>();
  const statuses: Record<string, number> = {};
  const post = await load(
    leadPostLoad(
      server.url,
      LOAD_SECONDS,
      () => LEAD_POST.email(n++),
      (status, email, location) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        // Acknowledged = the action's POST → 303 → GET redirect to the questions.
        if (status === 303 && location.endsWith("/teste-vocacional/perguntas") && email) acknowledgedEmails.add(email);
      },
    ),
  );
  // Requests still in flight when autocannon stopped may still be written: let them finish.
  await settle(() => countLeads(server.databasePath, LEAD_POST.emailPrefix).total);
  const { total: rows, emails: storedEmails } = countLeads(server.databasePath, LEAD_POST.emailPrefix);
  const acknowledged = acknowledgedEmails.size;
  const acknowledgedWithRow = [...acknowledgedEmails].filter((email) => storedEmails.has(email)).length;
  const postErrors = post.errors + (post.non2xx - post["3xx"]) + (post["3xx"] - acknowledged);
  if (post.requests.average < BUDGET.postRps)
    failures.push(`POST lead ${Math.round(post.requests.average)} req/s < ${BUDGET.postRps}`);
  if (postErrors > 0) failures.push(`POST lead: ${postErrors} errors (statuses ${JSON.stringify(statuses)})`);
  if (acknowledged === 0) failures.push("POST lead: no submission was acknowledged");
  if (acknowledgedWithRow !== acknowledged) {
    failures.push(`POST lead: only ${acknowledgedWithRow} of ${acknowledged} acknowledged submissions have their row`);
  }
  // Each e-mail is distinct and (origem, email) is unique, so rows ≥ acknowledged; the only rows
  // without an acknowledgement are the few requests autocannon abandoned at the deadline.
  if (rows - acknowledged > CONNECTIONS)
    failures.push(`POST lead: ${rows} rows written for ${acknowledged} acknowledged answers`);
  return {
    rps: post.requests.average,
    p50: post.latency.p50,
    p99: post.latency.p99,
    errors: postErrors,
    statuses,
    acknowledged,
    rows,
    acknowledgedWithRow,
  };
}

/** The bench's lead rows (e-mails with this run's prefix). */
function countLeads(file: string, emailPrefix: string): { total: number; emails: Set<string> } {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare("SELECT email FROM leads WHERE origem = 'teste_vocacional' AND email LIKE ? || '%'")
      .all(emailPrefix) as { email: string }[];
    return { total: rows.length, emails: new Set(rows.map((r) => r.email)) };
  } finally {
    db.close();
  }
}

/** Waits until a count stops changing for 250 ms (in-flight requests done), at most `rounds` × 250 ms. */
export async function settle(count: () => number, rounds = 20) {
  let last = count();
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = count();
    if (now === last) return;
    last = now;
  }
}
