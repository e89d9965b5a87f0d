// The lead POST as production runs it since issue 30: every lead given an owner in its transaction
// (three available comercial users, round robin) and its owner's alert written to the e-mail
// outbox, sent over SMTP to a local server (smtp-server) started here. `--leads` measures the POST
// rate without both and with both, and the e-mails sent per second while the POSTs run.
import Database from "better-sqlite3";

import { startLocalSmtp } from "../../tests/support/local-smtp";
import { addSalesTeam } from "../../tests/support/seed";
import { type RunningServer, startServer } from "../../tests/support/server-process";
import { LEAD_POST } from "./lead-post";
import { measureLeadPost, settle } from "./load";

export type Mailbox = { url: string; received: () => number };

/** A local SMTP server that takes every message (the outbox's alerts leave for real) and counts them. */
export async function startMailbox(): Promise<Mailbox> {
  let received = 0;
  const server = await startLocalSmtp({
    onMessage() {
      received++;
    },
    unref: true,
  });
  return { url: server.url, received: () => received };
}

/** The three available comercial users: every lead gets an owner by round robin and its owner an e-mail. */
export const addBenchSalesTeam = (file: string) =>
  addSalesTeam(file, ["ana.carga@example.com", "bruno.carga@example.com", "carla.carga@example.com"]);

/** How many leads of this run each owner got, and what the outbox holds by status. */
function distributionAndOutbox(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const owners = db
      .prepare(
        `SELECT coalesce(u.email, '(sem responsável)') AS owner, count(*) AS n FROM leads l
         LEFT JOIN admin_users u ON u.id = l.owner_id WHERE l.email LIKE ? || '%' GROUP BY 1 ORDER BY 1`,
      )
      .all(LEAD_POST.emailPrefix) as { owner: string; n: number }[];
    const outbox = db.prepare("SELECT status, count(*) AS n FROM email_outbox GROUP BY status").all() as {
      status: string;
      n: number;
    }[];
    return {
      owners: Object.fromEntries(owners.map((row) => [row.owner, row.n])),
      outbox: Object.fromEntries(outbox.map((row) => [row.status, row.n])),
    };
  } finally {
    db.close();
  }
}

/** `--leads`: the lead POST rate without distribution and e-mail (before), then with both (after). */
export async function measureLeadsBeforeAfter(env: Record<string, string>, mailbox: Mailbox) {
  const report: Record<string, unknown> = { date: new Date().toISOString() };
  const before: RunningServer = await startServer(env, { quiet: true });
  try {
    const db = new Database(before.databasePath);
    db.prepare("INSERT INTO distribution_settings (key, value) VALUES ('active', '0')").run();
    db.close();
    console.log("Without distribution and e-mail:");
    report.before = await measureLeadPost(before);
  } finally {
    await before.stop();
    before.cleanup();
  }
  const after = await startServer({ ...env, SMTP_URL: mailbox.url }, { quiet: true });
  try {
    addBenchSalesTeam(after.databasePath);
    console.log("With distribution (3 available comercial users) and the e-mail outbox (SMTP):");
    const receivedBefore = mailbox.received();
    const loadStarted = Date.now();
    const post = await measureLeadPost(after);
    // The outbox's rate while the POSTs kept the event loop busy (warm-up included: it is load too).
    const sentDuringLoad = mailbox.received() - receivedBefore;
    const loadMs = Date.now() - loadStarted;
    const atEnd = distributionAndOutbox(after.databasePath);
    const started = Date.now();
    await settle(() => mailbox.received(), 240);
    report.after = {
      ...post,
      ...distributionAndOutbox(after.databasePath),
      pendingAtEnd: atEnd.outbox.pending ?? 0,
      sentDuringLoad,
      emailsPerSecondDuringLoad: Math.round((sentDuringLoad / loadMs) * 10_000) / 10,
      drainMs: Date.now() - started,
    };
  } finally {
    await after.stop();
    after.cleanup();
  }
  console.log(JSON.stringify(report, null, 2));
  return report;
}
