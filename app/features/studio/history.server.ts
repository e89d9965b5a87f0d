import { coursePathTaken, coursesContent } from "~/features/courses/courses.server";
import { fieldLabel, itemTitle, POSITION_FIELD, valueText } from "~/features/studio/history-labels";
import { formatDateTimeBr } from "~/shared/dates";

import { collectionLabels, contentCollections } from "./collections.server";
import {
  changedFields,
  type ContentRevision,
  getEntry,
  getRevision,
  listRevisions,
  restoreRevision,
  SEED_AUTHOR,
  SINGLETON_ID,
} from "./store.server";
import { conflictMessage } from "./studio.server";

/**
 * The studio's "Histórico" (decision 097): every save in the studio's words (section, the item's
 * name, the labels of the fields that changed), and "Restaurar" as a question first: a page that
 * shows, field by field, what the site has now and what the version would put back.
 */

export const HISTORY_SIZE = 100;

export const REVISION_NOT_FOUND = "Versão não encontrada. Recarregue a página.";
export const REVISION_INVALID = "Esta versão não é mais válida com as regras atuais e não pode ser restaurada.";

export type HistoryRow = {
  id: number;
  /** The item's own history: `?secao=<collection>&item=<entryId>`. */
  collection: string;
  entryId: string;
  section: string;
  item: string;
  savedAt: string;
  savedBy: string;
  /** What changed, in the form's labels; "Removido" / "Versão inicial" when nothing field by field. */
  changes: string;
  current: boolean;
};

function documentOf(revision: ContentRevision): unknown {
  return revision.data === null ? null : JSON.parse(revision.data);
}

/** The item's title at this revision (a removal takes the title it had before). */
function titleOf(revision: ContentRevision): string {
  if (revision.entryId === SINGLETON_ID) return "";
  const own = itemTitle(revision.collection, documentOf(revision));
  if (own) return own;
  const earlier = listRevisions({ collection: revision.collection, entryId: revision.entryId, limit: 50 }).find(
    (candidate) => candidate.id < revision.id && candidate.data !== null,
  );
  return earlier ? itemTitle(revision.collection, documentOf(earlier)) : "";
}

function changesOf(revision: ContentRevision): string {
  if (revision.data === null) return "Removido";
  const changed = (JSON.parse(revision.changed) as string[]).map((field) => fieldLabel(revision.collection, field));
  return changed.length ? [...new Set(changed)].join(", ") : "Versão inicial";
}

/** One item's history (`?secao=<collection>&item=<id>`): which item, for the page's heading. */
export type HistoryItem = { collection: string; entryId: string };

/** The item a history link names, when its section is known. */
export function historyItemOf(params: URLSearchParams): HistoryItem | null {
  const collection = params.get("secao");
  const entryId = params.get("item");
  if (!collection || !entryId || !Object.hasOwn(contentCollections, collection)) return null;
  return { collection, entryId };
}

/** The heading of an item's history: "Cursos: Enfermagem", "Instituição". */
export function historyItemTitle(item: HistoryItem): string {
  const section = collectionLabels[item.collection] ?? item.collection;
  const [latest] = listRevisions({ collection: item.collection, entryId: item.entryId, limit: 1 });
  const title = latest ? titleOf(latest) : "";
  return title ? `${section}: ${title}` : section;
}

/**
 * The latest saves, newest first, of the whole studio or of one item (every version it had, back
 * to the seeded one, however many saves of other items came since). The newest revision of each
 * item is what the site shows now (nothing to restore); a seeded first version nobody changed yet
 * is left out.
 */
export function historyRows(item: HistoryItem | null = null): HistoryRow[] {
  const seen = new Set<string>();
  const revisions = item
    ? listRevisions({ collection: item.collection, entryId: item.entryId, limit: HISTORY_SIZE })
    : listRevisions({ limit: HISTORY_SIZE * 10 });
  return revisions
    .map((revision) => {
      const key = `${revision.collection}/${revision.entryId}`;
      const current = !seen.has(key);
      seen.add(key);
      return { revision, current };
    })
    .filter(({ revision, current }) => !(current && revision.savedBy === SEED_AUTHOR))
    .slice(0, HISTORY_SIZE)
    .map(({ revision, current }) => ({
      id: revision.id,
      collection: revision.collection,
      entryId: revision.entryId,
      section: collectionLabels[revision.collection] ?? revision.collection,
      item: titleOf(revision),
      savedAt: formatDateTimeBr(revision.savedAt),
      savedBy: revision.savedBy,
      changes: changesOf(revision),
      current,
    }));
}

export type RestoreDifference = { field: string; now: string; then: string };

export type RestorePreview = {
  id: number;
  section: string;
  item: string;
  savedAt: string;
  savedBy: string;
  /** The version removes the item, or brings back one that was removed. */
  kind: "change" | "remove" | "bring-back";
  differences: RestoreDifference[];
};

function revisionOf(raw: string | null): ContentRevision | undefined {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? getRevision(id) : undefined;
}

/**
 * What "Restaurar" would change (`?restaurar=<id>` of the history page): each field whose value
 * differs between the site now and the version, with both values as text. Undefined when there is
 * no such version.
 */
export function restorePreview(raw: string | null): RestorePreview | undefined {
  const revision = revisionOf(raw);
  const collection = revision ? contentCollections[revision.collection] : undefined;
  if (!revision || !collection) return undefined;
  const current = getEntry(collection, revision.entryId)?.data ?? null;
  const then = documentOf(revision);
  const kind = then === null ? "remove" : current === null ? "bring-back" : "change";
  const fields = then === null ? [] : changedFields(current, then);
  const now = (current ?? {}) as Record<string, unknown>;
  const old = (then ?? {}) as Record<string, unknown>;
  return {
    id: revision.id,
    section: collectionLabels[revision.collection] ?? revision.collection,
    item: titleOf(revision),
    savedAt: formatDateTimeBr(revision.savedAt),
    savedBy: revision.savedBy,
    kind,
    differences: fields
      .filter((field) => field !== POSITION_FIELD)
      .map((field) => ({
        field: fieldLabel(revision.collection, field),
        now: current === null ? "(não existe)" : valueText(now[field]),
        then: valueText(old[field]),
      })),
  };
}

export function pathTakenOnRestoreMessage(path: string): string {
  return `O endereço ${path} agora é de outro curso ativo: mude o endereço de um deles antes de restaurar esta versão.`;
}

/**
 * "Restaurar esta versão": saves the version again as a new one. Refused, with the reason, when
 * the version is gone, no longer valid, saved over meanwhile, or (a course) at a path another
 * active course now has.
 */
export function restoreVersion(
  raw: FormDataEntryValue | null,
  by: string,
): { ok: true } | { ok: false; error: string; status: number } {
  const revision = revisionOf(typeof raw === "string" ? raw : null);
  const collection = revision ? contentCollections[revision.collection] : undefined;
  if (!revision || !collection) return { ok: false, error: REVISION_NOT_FOUND, status: 404 };
  if (revision.collection === coursesContent.name && revision.data !== null) {
    const course = JSON.parse(revision.data) as { path?: unknown; active?: unknown };
    // A course that shares its page on purpose today ("Mesma página de outro curso") keeps it.
    const now = getEntry(coursesContent, revision.entryId)?.data;
    const sharedToday = now?.active === true && now.path === course.path;
    if (
      course.active === true &&
      typeof course.path === "string" &&
      !sharedToday &&
      coursePathTaken(course.path, revision.entryId)
    ) {
      return { ok: false, error: pathTakenOnRestoreMessage(course.path), status: 409 };
    }
  }
  const result = restoreRevision(collection, revision, by);
  if (result.ok) return { ok: true };
  return { ok: false, error: "invalid" in result ? REVISION_INVALID : conflictMessage(result.conflict), status: 409 };
}
