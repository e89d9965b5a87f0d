import { randomUUID } from "node:crypto";

import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

import { LIST_ITEM_FIELD } from "~/lib/content/studio";

import { invalidPhotoForm, type PhotoUpload, saveUploadedPhoto, saveWithPhotos } from "./images.server";
import { type ContentCollection, listEntries, removeEntry, reorderEntries, saveEntry, type SaveResult } from "./store.server";
import { answerSave, invalidForm, refusedForm, versionOf } from "./studio.server";

/**
 * The studio's list sections (FAQ, Depoimentos): one form per item, whose buttons post an intent:
 * "salvar" (the item's fields; a new item has no id yet), "subir" / "descer" (its place) and
 * "remover". Every answer names the item (`item` comes back in the form's values), so the page
 * shows a refusal on that item's form.
 */

export const LIST_INTENTS = ["salvar", "subir", "descer", "remover"] as const;
export type ListIntent = (typeof LIST_INTENTS)[number];

export const NOT_FOUND_MESSAGE = "Este item não existe mais (outra pessoa pode tê-lo removido). Recarregue a página.";

const changeSchema = z.object({
  [LIST_ITEM_FIELD]: z.string({ error: NOT_FOUND_MESSAGE }).max(64, NOT_FOUND_MESSAGE),
  intent: z.enum(["subir", "descer", "remover"]),
});

/** An id for a new item: short, random, URL-safe. */
export function newItemId(): string {
  return randomUUID().slice(0, 8);
}

/** Moves an item one place up or down (nothing at either end). */
export function moveEntry<T>(collection: ContentCollection<T>, id: string, direction: "subir" | "descer", by: string): void {
  const ids = listEntries(collection).map((entry) => entry.id);
  const from = ids.indexOf(id);
  const to = direction === "subir" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  reorderEntries(collection, ids, by);
}

type ListActionInput<T> = {
  request: Request;
  formData: FormData;
  collection: ContentCollection<T>;
  /** The item's form schema (with its `item` field); the document is its value without `item`. */
  schema: z.ZodType<Record<string, unknown>>;
  /** Turns the form's value into the document (e.g. keeping fields the form does not carry). */
  toDocument: (value: Record<string, unknown>, current: T | undefined) => T;
  by: string;
  redirectTo: string;
  /** The item's photo fields (stored by saveUploadedPhoto before the form is parsed). */
  photos?: string[];
};

/** The action of a list section: saves, adds, moves or removes one item. */
export async function listAction<T>(input: ListActionInput<T>) {
  const { request, formData, collection, by, redirectTo } = input;
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
    return answerSave(request, submission, { ok: true, version: entry.version }, redirectTo);
  }
  const uploads: PhotoUpload[] = [];
  for (const field of input.photos ?? []) uploads.push(await saveUploadedPhoto(formData, field, by));
  const submission = parseWithZod(formData, { schema: input.schema });
  if (submission.status !== "success" || uploads.some((upload) => !upload.ok)) return invalidPhotoForm(submission, ...uploads);
  const { [LIST_ITEM_FIELD]: item, ...value } = submission.value as Record<string, unknown>;
  const id = typeof item === "string" && item ? item : "";
  const current = id ? listEntries(collection).find((entry) => entry.id === id) : undefined;
  if (id && !current) {
    for (const upload of uploads) upload.discard();
    return refusedForm(submission as Submission<unknown>, NOT_FOUND_MESSAGE, 404);
  }
  const result: SaveResult = saveWithPhotos(uploads, () =>
    saveEntry(collection, {
      id: id || newItemId(),
      data: input.toDocument(value, current?.data),
      expectedVersion: versionOf(formData),
      by,
    }),
  );
  return answerSave(request, submission as Submission<unknown>, result, redirectTo);
}
