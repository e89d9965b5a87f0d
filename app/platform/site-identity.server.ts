import { existsSync, rmSync } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";

import * as serverClock from "./clock.server";
import { config } from "./config.server";
import { RESTORED_MARKER } from "./data-dir.server";
import { db, schema } from "./db/client.server";

/**
 * A copy does not talk to production (decision 139). The database records the SITE_URL it was last
 * confirmed for. A server started with a SITE_URL of another host (a staging copy of the production database),
 * or on a database `npm run restore` put in place, holds every outgoing webhook and e-mail: they are
 * written to their outboxes as always and wait there. An admin confirms on the staff area's banner
 * that this is the site that should send; then everything waiting goes out, once.
 */

const ROW_ID = 1;

/**
 * The part of a SITE_URL that names the site: its host name. Another scheme or port on the same
 * host (TLS put in front, the port moved) is the same site; another host is a copy.
 */
function siteHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url.trim().toLowerCase();
  }
}

export type HoldReason = "address" | "restore";

export type OutgoingHold = { since: string; reason: HoldReason; fromUrl: string | null; siteUrl: string };

function identityRow() {
  return db.select().from(schema.siteIdentity).where(eq(schema.siteIdentity.id, ROW_ID)).get();
}

/**
 * At start-up, before the workers: records this SITE_URL on a database used for the first time,
 * and holds outgoing messages when the database was restored (the marker `npm run restore` leaves,
 * removed here) or was confirmed for another address. Returns the hold, or null.
 */
export function checkSiteIdentity(
  siteUrl: string = config.siteUrl,
  { now = serverClock.now(), dataDir = path.dirname(config.databasePath) }: { now?: Date; dataDir?: string } = {},
): OutgoingHold | null {
  const marker = path.join(dataDir, RESTORED_MARKER);
  const restored = existsSync(marker);
  const row = identityRow();
  const moved = row !== undefined && siteHost(row.siteUrl) !== siteHost(siteUrl);
  if (!row && !restored) {
    db.insert(schema.siteIdentity).values({ id: ROW_ID, siteUrl }).run();
  } else if ((restored || moved) && !row?.heldSince) {
    const hold = {
      heldSince: now.toISOString(),
      heldReason: restored ? "restore" : "address",
      heldFromUrl: row?.siteUrl ?? null,
    } satisfies Partial<typeof schema.siteIdentity.$inferInsert>;
    db.insert(schema.siteIdentity)
      .values({ id: ROW_ID, siteUrl: row?.siteUrl ?? siteUrl, ...hold })
      .onConflictDoUpdate({ target: schema.siteIdentity.id, set: hold })
      .run();
  }
  if (restored) rmSync(marker, { force: true });
  const hold = outgoingHold(siteUrl);
  if (hold) {
    console.error(
      `site: webhooks e e-mails retidos (${hold.reason === "restore" ? "banco restaurado de um backup" : `endereço mudou de ${hold.fromUrl} para ${siteUrl}`}); um administrador precisa confirmar no painel.`,
    );
  }
  return hold;
}

/** The hold in force, or null when outgoing messages flow. */
export function outgoingHold(siteUrl: string = config.siteUrl): OutgoingHold | null {
  const row = identityRow();
  if (!row?.heldSince) return null;
  return {
    since: row.heldSince,
    reason: row.heldReason === "restore" ? "restore" : "address",
    fromUrl: row.heldFromUrl,
    siteUrl,
  };
}

/** Whether the workers must wait (read on every poll: a confirmation takes effect at once). */
export function isOutgoingHeld(): boolean {
  return Boolean(identityRow()?.heldSince);
}

/**
 * The admin's confirmation: this database now belongs to this SITE_URL and the waiting webhooks and
 * e-mails may go. Returns false when nothing was held.
 */
export function confirmOutgoing(by: string, siteUrl: string = config.siteUrl, now: Date = serverClock.now()): boolean {
  const row = identityRow();
  if (!row?.heldSince) return false;
  db.update(schema.siteIdentity)
    .set({ siteUrl, heldSince: null, heldReason: null, heldFromUrl: null, confirmedBy: by, confirmedAt: now.toISOString() })
    .where(eq(schema.siteIdentity.id, ROW_ID))
    .run();
  console.info(`staff ${by}: confirmed that ${siteUrl} sends webhooks and e-mails`);
  return true;
}
