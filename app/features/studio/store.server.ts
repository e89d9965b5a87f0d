import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";

import { db, schema, sqlite } from "~/platform/db/client.server";

/**
 * The content studio's storage: documents of named collections in `content_entries`, each save
 * versioned and kept in `content_revisions`. Public pages read through an in-memory copy per
 * collection; every save drops the copies and moves `contentGeneration()` on, which the page
 * cache (server/html-cache.js) compares with the generation a page was rendered in: the next
 * request after a save renders the page again.
 */

/** A collection of content: its name, the schema every document must pass and its first content. */
export type ContentCollection<T> = {
  name: string;
  schema: z.ZodType<T>;
  /** The documents an empty database starts with (the features' `*.seed.ts` files). Singletons use id "main". */
  seed: () => Array<{ id: string; data: T }>;
};

export type ContentEntry<T> = { id: string; data: T; version: number; position: number; updatedAt: string; updatedBy: string };

/** Who last saved an item, for "Este conteúdo foi alterado por {nome} às {hora}". */
export type ContentConflict = { by: string; at: string };

export type SaveResult = { ok: true; version: number } | { ok: false; conflict: ContentConflict };

/** The `savedBy` of the seeded first version. */
export const SEED_AUTHOR = "Conteúdo inicial";

export const SINGLETON_ID = "main";

/** A collection of one document, `SINGLETON_ID`, that an empty database starts from `seed()`. */
export function singletonCollection<T>(name: string, schema: z.ZodType<T>, seed: () => T): ContentCollection<T> {
  return { name, schema, seed: () => [{ id: SINGLETON_ID, data: seed() }] };
}

let generation = 0;
const copies = new Map<string, ContentEntry<unknown>[]>();

/** Moves on with every save (and restore): pages rendered in an older generation are stale. */
export function contentGeneration(): number {
  return generation;
}

/**
 * `compute` wrapped so that its value is kept until the next save: a list derived from the content
 * (the active catalogue) is built once per content generation, not once per request.
 */
export function keptUntilNextSave<T>(compute: () => T): () => T {
  let copy: { generation: number; value: T } | null = null;
  return () => {
    if (copy?.generation === generation) return copy.value;
    const value = compute();
    copy = { generation, value };
    return value;
  };
}

/** Forgets the in-memory copies and makes every cached page stale. */
export function invalidateContent(): void {
  copies.clear();
  generation += 1;
}

type Row = typeof schema.contentEntries.$inferSelect;

function rowsOf(collection: string): Row[] {
  return db
    .select()
    .from(schema.contentEntries)
    .where(eq(schema.contentEntries.collection, collection))
    .orderBy(asc(schema.contentEntries.position), asc(schema.contentEntries.id))
    .all();
}

/** Seeds a collection that has no document yet (first start, or a collection added by an upgrade). */
function ensureSeeded<T>(collection: ContentCollection<T>, now: Date = new Date()): void {
  const seedOnce = sqlite.transaction(() => {
    const existing = db
      .select({ n: sql<number>`count(*)` })
      .from(schema.contentEntries)
      .where(eq(schema.contentEntries.collection, collection.name))
      .get();
    if ((existing?.n ?? 0) > 0) return;
    const at = now.toISOString();
    collection.seed().forEach(({ id, data }, position) => {
      const json = JSON.stringify(collection.schema.parse(data));
      db.insert(schema.contentEntries)
        .values({ collection: collection.name, id, data: json, position, version: 1, updatedAt: at, updatedBy: SEED_AUTHOR })
        .run();
      db.insert(schema.contentRevisions)
        .values({
          collection: collection.name,
          entryId: id,
          version: 1,
          data: json,
          changed: "[]",
          savedAt: at,
          savedBy: SEED_AUTHOR,
        })
        .run();
    });
  });
  seedOnce.immediate();
}

/** Every document of a collection, in its order. A document the schema no longer accepts is left out (and logged). */
export function listEntries<T>(collection: ContentCollection<T>): ContentEntry<T>[] {
  const copy = copies.get(collection.name);
  if (copy) return copy as ContentEntry<T>[];
  ensureSeeded(collection);
  const entries: ContentEntry<T>[] = [];
  for (const row of rowsOf(collection.name)) {
    const parsed = collection.schema.safeParse(JSON.parse(row.data));
    if (!parsed.success) {
      console.error(`content: ${collection.name}/${row.id} does not match its schema`, parsed.error.issues);
      continue;
    }
    entries.push({
      id: row.id,
      data: parsed.data,
      version: row.version,
      position: row.position,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
    });
  }
  copies.set(collection.name, entries);
  return entries;
}

export function getEntry<T>(collection: ContentCollection<T>, id: string): ContentEntry<T> | undefined {
  return listEntries(collection).find((entry) => entry.id === id);
}

/** A singleton section's document (its seed when the stored one is unreadable). */
export function getSingleton<T>(collection: ContentCollection<T>): ContentEntry<T> {
  const entry = getEntry(collection, SINGLETON_ID);
  if (entry) return entry;
  const seeded = collection.seed().find((item) => item.id === SINGLETON_ID);
  if (!seeded) throw new Error(`content: ${collection.name} has no "${SINGLETON_ID}" document`);
  return { id: SINGLETON_ID, data: seeded.data, version: 0, position: 0, updatedAt: "", updatedBy: SEED_AUTHOR };
}

/** Top-level fields whose value differs between two documents. */
export function changedFields(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).sort();
}

function currentRow(collection: string, id: string): Row | undefined {
  return db
    .select()
    .from(schema.contentEntries)
    .where(and(eq(schema.contentEntries.collection, collection), eq(schema.contentEntries.id, id)))
    .get();
}

function lastRevision(collection: string, id: string) {
  return db
    .select()
    .from(schema.contentRevisions)
    .where(and(eq(schema.contentRevisions.collection, collection), eq(schema.contentRevisions.entryId, id)))
    .orderBy(desc(schema.contentRevisions.id))
    .get();
}

/** Keeps one version of an item in the history (`data` null: the item was removed). */
function writeRevision(
  collection: string,
  entryId: string,
  version: number,
  revision: { data: string | null; changed: string[]; at: string; by: string },
): void {
  db.insert(schema.contentRevisions)
    .values({
      collection,
      entryId,
      version,
      data: revision.data,
      changed: JSON.stringify(revision.changed),
      savedAt: revision.at,
      savedBy: revision.by,
    })
    .run();
}

/** A refused save: who saved the item last, and when. */
function conflictOn(collection: string, id: string, current: Row | undefined): SaveResult {
  const last = lastRevision(collection, id);
  return {
    ok: false,
    conflict: { by: current?.updatedBy ?? last?.savedBy ?? "", at: current?.updatedAt ?? last?.savedAt ?? "" },
  };
}

export type SaveInput<T> = {
  id: string;
  data: T;
  /** The version the editor started from; 0 for a new item. */
  expectedVersion: number;
  by: string;
  now?: Date;
  /** For a new item of a list: its place (default: last). */
  position?: number;
};

/**
 * Saves one document if nobody saved it since `expectedVersion` (otherwise says who did and when),
 * keeping a revision. All or nothing: one transaction.
 */
export function saveEntry<T>(collection: ContentCollection<T>, input: SaveInput<T>): SaveResult {
  ensureSeeded(collection);
  const data = collection.schema.parse(input.data);
  const at = (input.now ?? new Date()).toISOString();
  const save = sqlite.transaction((): SaveResult => {
    const current = currentRow(collection.name, input.id);
    const currentVersion = current?.version ?? lastRevision(collection.name, input.id)?.version ?? 0;
    if (currentVersion !== input.expectedVersion) return conflictOn(collection.name, input.id, current);
    const before = current ? JSON.parse(current.data) : null;
    const changed = changedFields(before, data);
    if (current && changed.length === 0) return { ok: true, version: current.version };
    const version = currentVersion + 1;
    const json = JSON.stringify(data);
    if (current) {
      db.update(schema.contentEntries)
        .set({
          data: json,
          version,
          updatedAt: at,
          updatedBy: input.by,
          ...(input.position === undefined ? {} : { position: input.position }),
        })
        .where(and(eq(schema.contentEntries.collection, collection.name), eq(schema.contentEntries.id, input.id)))
        .run();
    } else {
      const last = db
        .select({ max: sql<number | null>`max(${schema.contentEntries.position})` })
        .from(schema.contentEntries)
        .where(eq(schema.contentEntries.collection, collection.name))
        .get();
      const position = input.position ?? (last?.max ?? -1) + 1;
      db.insert(schema.contentEntries)
        .values({ collection: collection.name, id: input.id, data: json, position, version, updatedAt: at, updatedBy: input.by })
        .run();
    }
    writeRevision(collection.name, input.id, version, { data: json, changed, at, by: input.by });
    return { ok: true, version };
  });
  const result = save.immediate();
  if (result.ok) invalidateContent();
  return result;
}

/** Removes one item of a list (kept in the history, so "Restaurar" can bring it back). */
export function removeEntry<T>(
  collection: ContentCollection<T>,
  input: { id: string; expectedVersion: number; by: string; now?: Date },
): SaveResult {
  const at = (input.now ?? new Date()).toISOString();
  const remove = sqlite.transaction((): SaveResult => {
    const current = currentRow(collection.name, input.id);
    if (!current || current.version !== input.expectedVersion) return conflictOn(collection.name, input.id, current);
    const version = current.version + 1;
    db.delete(schema.contentEntries)
      .where(and(eq(schema.contentEntries.collection, collection.name), eq(schema.contentEntries.id, input.id)))
      .run();
    writeRevision(collection.name, input.id, version, { data: null, changed: ["*"], at, by: input.by });
    return { ok: true, version };
  });
  const result = remove.immediate();
  if (result.ok) invalidateContent();
  return result;
}

/** Puts a list's items in the given order (ids not named keep their place after them). One revision per moved item. */
export function reorderEntries<T>(collection: ContentCollection<T>, ids: string[], by: string, now: Date = new Date()): void {
  const at = now.toISOString();
  const reorder = sqlite.transaction(() => {
    const rows = rowsOf(collection.name);
    const order = [
      ...ids.filter((id) => rows.some((row) => row.id === id)),
      ...rows.map((row) => row.id).filter((id) => !ids.includes(id)),
    ];
    order.forEach((id, position) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      if (row.position === position) return;
      const version = row.version + 1;
      db.update(schema.contentEntries)
        .set({ position, version, updatedAt: at, updatedBy: by })
        .where(and(eq(schema.contentEntries.collection, collection.name), eq(schema.contentEntries.id, id)))
        .run();
      writeRevision(collection.name, id, version, { data: row.data, changed: ["position"], at, by });
    });
  });
  reorder.immediate();
  invalidateContent();
}

export type ContentRevision = typeof schema.contentRevisions.$inferSelect;

/** The latest revisions, newest first (optionally of one collection or one item). */
export function listRevisions(filter: { collection?: string; entryId?: string; limit?: number } = {}): ContentRevision[] {
  const conditions = [];
  if (filter.collection) conditions.push(eq(schema.contentRevisions.collection, filter.collection));
  if (filter.entryId) conditions.push(eq(schema.contentRevisions.entryId, filter.entryId));
  return db
    .select()
    .from(schema.contentRevisions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(schema.contentRevisions.id))
    .limit(filter.limit ?? 50)
    .all();
}

export function getRevision(id: number): ContentRevision | undefined {
  return db.select().from(schema.contentRevisions).where(eq(schema.contentRevisions.id, id)).get();
}

/**
 * "Restaurar": saves a revision's document again as a new version (or removes the item when the
 * revision is a removal). Refused when today's schema no longer accepts the old document.
 */
export function restoreRevision<T>(
  collection: ContentCollection<T>,
  revision: ContentRevision,
  by: string,
  now: Date = new Date(),
): SaveResult | { ok: false; invalid: true } {
  const current = currentRow(collection.name, revision.entryId);
  const expectedVersion = current?.version ?? lastRevision(collection.name, revision.entryId)?.version ?? 0;
  if (revision.data === null) {
    if (!current) return { ok: true, version: expectedVersion };
    return removeEntry(collection, { id: revision.entryId, expectedVersion, by, now });
  }
  const parsed = collection.schema.safeParse(JSON.parse(revision.data));
  if (!parsed.success) return { ok: false, invalid: true };
  return saveEntry(collection, { id: revision.entryId, data: parsed.data, expectedVersion, by, now });
}
