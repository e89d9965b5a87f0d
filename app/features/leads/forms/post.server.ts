import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type Session } from "react-router";
import type { z } from "zod";

import { readFormData } from "~/platform/form-data.server";
import { isSpam } from "~/platform/honeypot.server";
import { clientIp, publicFormLimiter } from "~/platform/rate-limit.server";
import { getVisitorSession } from "~/platform/session.server";
import type { ToastMessage } from "~/shared/toast";

/**
 * The one way a public lead form's post is handled (/inscricao and the vocational test), so that
 * both treat abuse and failures alike: read the body, rate limit, honeypot, parse, save.
 *
 * - Too many posts from one IP: 429 with Retry-After and the form's own message; nothing else runs.
 * - A bot filled the hidden field: it is sent where a person would be and nothing is stored.
 * - Bad input: 400 with each field's message and what was typed.
 * - The save fails (a full disk, a locked database): the visitor did nothing wrong, but the lead is
 *   not stored, so the answer is a 500 with the form as typed and a pt-BR message and toast asking
 *   to send again. The error page would lose everything the visitor typed.
 */

/** What the page gets back when the lead was not stored: conform's result and, maybe, a toast. */
export type LeadReply = { result: SubmissionResult<string[]>; error: ToastMessage | null };

export const SAVE_ERROR: ToastMessage = {
  title: "Erro ao salvar seus dados",
  description: "Por favor, tente novamente.",
  variant: "destructive",
};

export type LeadPostContext = {
  formData: FormData;
  session: Session;
  /** conform's result of the accepted post, for an answer that stays on the page. */
  result: SubmissionResult<string[]>;
};

export type LeadPostOptions<Schema extends z.ZodType, Saved, Done, Extra> = {
  schema: Schema;
  /** Written to the log when the save fails. */
  name: string;
  /** The form-level message over the rate limit, and the toast that goes with it (if any). */
  rateLimited: { message: string; toast: ToastMessage | null };
  /** Where a bot that filled the honeypot is sent: the page a person would see next. */
  spamRedirect: (formData: FormData) => string;
  /**
   * A check of the post the schema cannot make: when it refuses, the answer is a 400 with its
   * form-level message and its extra data for the page, and nothing is stored.
   */
  refuse?: (formData: FormData) => { message: string; extra: Extra } | null;
  save: (value: z.output<Schema>, context: LeadPostContext) => Saved;
  /** The answer once the lead is stored (a redirect, or data for the page). */
  saved: (saved: Saved, value: z.output<Schema>, context: LeadPostContext) => Promise<Done> | Done;
};

export async function handleLeadPost<Schema extends z.ZodType, Saved, Done, Extra = object>(
  request: Request,
  options: LeadPostOptions<Schema, Saved, Done, Extra>,
) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: options.schema });

  const ip = clientIp(request);
  if (!(await publicFormLimiter.hit(ip))) {
    const reply: LeadReply = {
      result: submission.reply({ formErrors: [options.rateLimited.message] }),
      error: options.rateLimited.toast,
    };
    return data(reply, { status: 429, headers: { "Retry-After": String(await publicFormLimiter.retryAfterSeconds(ip)) } });
  }
  if (isSpam(formData)) return redirect(options.spamRedirect(formData), 303);

  const refused = options.refuse?.(formData);
  if (refused) {
    const reply: LeadReply & Extra = {
      result: submission.reply({ formErrors: [refused.message] }),
      error: null,
      ...refused.extra,
    };
    return data(reply, { status: 400 });
  }
  if (submission.status !== "success") {
    const reply: LeadReply = { result: submission.reply(), error: null };
    return data(reply, { status: 400 });
  }

  const context: LeadPostContext = { formData, session: await getVisitorSession(request), result: submission.reply() };
  let saved: Saved;
  try {
    saved = options.save(submission.value, context);
  } catch (error) {
    console.error(`Falha ao salvar o lead (${options.name})`, error);
    const reply: LeadReply = {
      result: submission.reply({ formErrors: [`${SAVE_ERROR.title}. ${SAVE_ERROR.description}`] }),
      error: SAVE_ERROR,
    };
    return data(reply, { status: 500 });
  }
  return options.saved(saved, submission.value, context);
}
