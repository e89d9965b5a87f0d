import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

import { requirePermission } from "~/features/staff/auth.server";
import { studioFormSchema } from "~/features/studio/fields";
import { STUDIO_PATH, VERSION_FIELD } from "~/features/studio/studio";
import { readFormData } from "~/platform/form-data.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";
import { SITE_TIME_ZONE } from "~/shared/dates";
import type { ToastMessage } from "~/shared/toast";

import {
  type ContentCollection,
  type ContentConflict,
  getSingleton,
  saveEntry,
  type SaveResult,
  SINGLETON_ID,
} from "./store.server";

/**
 * What every form of the content studio does after parsing (one way for every section): a refused
 * form comes back with its messages next to the fields and what was typed; a save somebody else
 * got in first is refused with who and when; a save goes back to the page with "Alterações salvas".
 */

export { STUDIO_PATH, VERSION_FIELD };

export const SAVED_TOAST: ToastMessage = { title: "Alterações salvas", description: "Já estão no site." };

export type StudioFailure = { result: SubmissionResult<string[]> };

/** "Este conteúdo foi alterado por {nome} às {hora}" (São Paulo time). */
export function conflictMessage(conflict: ContentConflict): string {
  const time = conflict.at
    ? new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit" }).format(
        new Date(conflict.at),
      )
    : "";
  return `Este conteúdo foi alterado por ${conflict.by || "outra pessoa"} às ${time}. Copie o que você digitou, recarregue a página e aplique suas mudanças de novo.`;
}

/** The version the form was opened with (0 for a new item; -1, never current, when missing or forged). */
export function versionOf(formData: FormData): number {
  const raw = formData.get(VERSION_FIELD);
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
}

/** A refused form: 400 with the field messages, everything typed kept (passwords are not studio fields). */
export function invalidForm(submission: Submission<unknown>) {
  return privateData<StudioFailure>({ result: submission.reply() }, { status: 400 });
}

/** A form-level refusal (conflict, a rule across fields) with its status. */
export function refusedForm(submission: Submission<unknown>, message: string, status = 409) {
  return privateData<StudioFailure>({ result: submission.reply({ formErrors: [message] }) }, { status });
}

/** After a save: back to `redirectTo` with the saved toast, or the conflict with the form kept. */
export async function answerSave(request: Request, submission: Submission<unknown>, result: SaveResult, redirectTo: string) {
  if (!result.ok) return refusedForm(submission, conflictMessage(result.conflict));
  return privateRedirectWithToast(request, redirectTo, SAVED_TOAST);
}

/**
 * The loader of a singleton section's page: the content permission first, then the document under
 * the page's name for it, and the version it is opened with.
 */
export async function loadSingletonForm<T, Name extends string>(
  request: Request,
  collection: ContentCollection<T>,
  name: Name,
): Promise<Record<Name, T> & { version: number }> {
  await requirePermission(request, "content");
  const entry = getSingleton(collection);
  return { [name]: entry.data, version: entry.version } as Record<Name, T> & { version: number };
}

/**
 * The action of a singleton section's page (one document, no photo): the admin's session first,
 * then the form parsed with `schema`, refused with its messages or saved over the version it was
 * opened with, and back to `path` with "Alterações salvas". With `listButtons`, a press of the
 * form's add or remove buttons (conform's intents) comes back with the list changed, nothing saved.
 */
export async function saveSingletonForm<T>(
  request: Request,
  options: {
    collection: ContentCollection<T>;
    schema: z.ZodType<T>;
    path: string;
    listButtons?: boolean;
    /** The fields the site renders with placeholders ({bolsa}…); every other text refuses braces. */
    placeholderFields?: readonly string[];
  },
) {
  const admin = await requirePermission(request, "content");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: studioFormSchema(options.schema, options.placeholderFields) });
  if (options.listButtons && submission.status === undefined) {
    return privateData<StudioFailure>({ result: submission.reply() });
  }
  if (submission.status !== "success") return invalidForm(submission);
  const result = saveEntry(options.collection, {
    id: SINGLETON_ID,
    data: submission.value,
    expectedVersion: versionOf(formData),
    by: admin.email,
  });
  return answerSave(request, submission, result, options.path);
}
