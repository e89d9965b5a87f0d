import { randomUUID } from "node:crypto";

import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

import { requirePermission } from "~/features/staff/auth.server";
import { studioFormSchema } from "~/features/studio/fields";
import { LIST_ITEM_FIELD } from "~/features/studio/studio";
import { readFormData } from "~/platform/form-data.server";

import { invalidPhotoForm, type PhotoUpload, saveUploadedPhoto, saveWithPhotos } from "./images.server";
import { type ContentCollection, listEntries, removeEntry, reorderEntries, saveEntry, type SaveResult } from "./store.server";
import { answerSave, invalidForm, refusedForm, versionOf } from "./studio.server";

/**
 * The studio's list sections (FAQ, Depoimentos): one form per item, whose buttons post an intent:
 * "salvar" (the item's fields; a new item has no id yet), "subir" / "descer" / "topo" / "fim" (its
 * place) and "remover". Every answer names the item (`item` comes back in the form's values), so
 * the page shows a refusal on that item's form; a save or a move goes back to the item's anchor, so
 * the editor stays where they were (decision 097).
 */

export const LIST_INTENTS = ["salvar", "subir", "descer", "topo", "fim", "remover"] as const;
export type ListIntent = (typeof LIST_INTENTS)[number];
type MoveIntent = Exclude<ListIntent, "salvar" | "remover">;

export const NOT_FOUND_MESSAGE = "Este item não existe mais (outra pessoa pode tê-lo removido). Recarregue a página.";

const changeSchema = z.object({
  [LIST_ITEM_FIELD]: z.string({ error: NOT_FOUND_MESSAGE }).max(64, NOT_FOUND_MESSAGE),
  intent: z.enum(["subir", "descer", "topo", "fim", "remover"]),
});

/** A list section's items for its page: each document with its id and version. */
export function listItems<T extends object>(collection: ContentCollection<T>): Array<T & { id: string; version: number }> {
  return listEntries(collection).map((entry) => ({ ...entry.data, id: entry.id, version: entry.version }));
}

/** An id for a new item: short, random, URL-safe. */
export function newItemId(): string {
  return randomUUID().slice(0, 8);
}

/** Moves an item one place up or down, or to the top or the end (nothing when it is there already). */
export function moveEntry<T>(collection: ContentCollection<T>, id: string, direction: MoveIntent, by: string): void {
  const ids = listEntries(collection).map((entry) => entry.id);
  const from = ids.indexOf(id);
  if (from < 0) return;
  const to = { subir: from - 1, descer: from + 1, topo: 0, fim: ids.length - 1 }[direction];
  if (to < 0 || to >= ids.length || to === from) return;
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  reorderEntries(collection, ids, by);
}

type ListActionInput<T> = {
  collection: ContentCollection<T>;
  /** The item's form schema (with its `item` field); the document is its value without `item`. */
  schema: z.ZodType<Record<string, unknown>>;
  /** The fields the site renders with placeholders ({bolsa}…); every other text refuses braces. */
  placeholderFields?: readonly string[];
  /** Turns the form's value into the document (e.g. keeping fields the form does not carry). */
  toDocument: (value: Record<string, unknown>, current: T | undefined) => T;
  redirectTo: string;
  /** The item's element on the page is `${anchorPrefix}-<id>`: a save or a move goes back there. */
  anchorPrefix: string;
  /** The item's photo fields (stored by saveUploadedPhoto before the form is parsed). */
  photos?: string[];
};

/** The action of a list section's page: the content permission first, then saves, adds, moves or removes one item. */
export async function listAction<T>(request: Request, input: ListActionInput<T>) {
  const by = (await requirePermission(request, "content")).email;
  const formData = await readFormData(request);
  const { collection, redirectTo } = input;
  const backTo = (id: string) => `${redirectTo}#${input.anchorPrefix}-${id}`;
  const intent = formData.get("intent") ?? "salvar";
  if (!LIST_INTENTS.includes(intent as ListIntent)) {
    return refusedForm(parseWithZod(formData, { schema: z.object({}) }), "Ação desconhecida", 400);
  }
  if (intent !== "salvar") {
    const submission = parseWithZod(formData, { schema: changeSchema });
    if (submission.status !== "success") return invalidForm(submission);
    const { item, intent: change } = submission.value;
    const entry = listEntries(collection).find((candidate) => candidate.id === item);
    if (!entry) return refusedForm(submission, NOT_FOUND_MESSAGE, 404);
    if (change === "remover") {
      const result = removeEntry(collection, { id: entry.id, expectedVersion: versionOf(formData), by });
      return answerSave(request, submission, result, redirectTo);
    }
    moveEntry(collection, entry.id, change, by);
    return answerSave(request, submission, { ok: true, version: entry.version }, backTo(entry.id));
  }
  const uploads: PhotoUpload[] = [];
  for (const field of input.photos ?? []) uploads.push(await saveUploadedPhoto(formData, field, by));
  const submission = parseWithZod(formData, { schema: studioFormSchema(input.schema, input.placeholderFields) });
  if (submission.status !== "success" || uploads.some((upload) => !upload.ok)) return invalidPhotoForm(submission, ...uploads);
  const { [LIST_ITEM_FIELD]: item, ...value } = submission.value as Record<string, unknown>;
  const id = typeof item === "string" && item ? item : "";
  const current = id ? listEntries(collection).find((entry) => entry.id === id) : undefined;
  if (id && !current) {
    for (const upload of uploads) upload.discard();
    return refusedForm(submission as Submission<unknown>, NOT_FOUND_MESSAGE, 404);
  }
  const savedId = id || newItemId();
  const result: SaveResult = saveWithPhotos(uploads, () =>
    saveEntry(collection, {
      id: savedId,
      data: input.toDocument(value, current?.data),
      expectedVersion: versionOf(formData),
      by,
    }),
  );
  return answerSave(request, submission as Submission<unknown>, result, backTo(savedId));
}
