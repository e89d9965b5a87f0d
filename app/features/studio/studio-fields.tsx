import { type DefaultValue, type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ZodType } from "zod";

import { VERSION_FIELD } from "~/features/studio/studio";
import type { StudioFailure } from "~/features/studio/studio.server";
import { Alert } from "~/ui/alert";
import { SubmitButton, type SubmitStatus, useActionAnswer, useIsPending, useSubmitStatus } from "~/ui/forms";
import { Title } from "~/ui/title";

/**
 * The content studio's own form parts: the hidden version, the form-level alert, the group frame and
 * the save button. The fields themselves are the forms toolkit's (app/components/forms).
 */

/** The version the editor started from (a later save by someone else is then refused). */
export function VersionInput({ version }: { version: number }) {
  return <input type="hidden" name={VERSION_FIELD} value={version} />;
}

/** The form's own message (a conflict, a rule across fields), announced and linked to the form. */
export function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <Alert id={id} role="alert" data-testid="form-alert" className="flex gap-3">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** A titled group of fields. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * What a studio page shows about its last post: whether one is on its way, a lost connection (the
 * form keeps what was typed) or the server's refusal with its messages, and the save button's
 * status: a post that ends with neither (the save's redirect back) is a success.
 */
export function useStudioAnswer(actionData: unknown) {
  const pending = useIsPending();
  const { lost, answer, idle } = useActionAnswer(actionData);
  const shownLost = idle ? lost : null;
  const saved = idle && lost === null && answer === undefined;
  const status = useSubmitStatus({ pending, ok: saved ? true : undefined });
  return {
    pending,
    status,
    lost: shownLost,
    /** The lost connection as the form's message (title and description in one line). */
    lostErrors: shownLost ? [shownLost.title + (shownLost.description ? ` ${shownLost.description}` : "")] : undefined,
    failure: idle ? (answer as StudioFailure | undefined) : undefined,
  };
}

/**
 * A studio page's form: its answer (useStudioAnswer) and the conform form checked with `schema` in
 * the browser (on leaving a field, then as it is typed in), starting from the server's refusal when
 * there is one. `id` carries the version, so a saved document starts a fresh form.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useStudioForm<Shape extends Record<string, any>>({
  id,
  actionData,
  schema,
  defaultValue,
}: {
  id: string;
  actionData: unknown;
  schema: ZodType;
  /** The stored document as the form's first values. */
  defaultValue: DefaultValue<Shape>;
}) {
  const answer = useStudioAnswer(actionData);
  // The fields are typed from the first values (the schemas preprocess their input, so theirs is unknown).
  const [form, fields] = useForm<Shape, unknown>({
    id,
    lastResult: answer.failure?.result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { ...answer, form, fields };
}

/** A studio page: the title that labels it, the grey line under the title, then the page. */
export function StudioPage({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId} size="area">
        {title}
      </Title>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}

/**
 * A studio form's frame: the post (multipart when it carries a photo), the form's own message (the
 * lost connection's when given, else the form's), the version it started from, then the fields.
 */
export function StudioForm({
  form,
  version,
  errors,
  multipart = false,
  compact = false,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  version: number;
  /** Messages shown instead of the form's own (a lost connection). */
  errors?: string[];
  multipart?: boolean;
  /** Closer groups (the polo form). */
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      className={compact ? "mt-6 space-y-4" : "mt-6 space-y-6"}
    >
      <FormAlert id={form.errorId} errors={errors ?? form.errors} />
      <VersionInput version={openedVersion(form.initialValue, version)} />
      {children}
    </Form>
  );
}

/**
 * The version a form goes back with: a refused post (a field left empty, a list button, a save
 * somebody else got in first) shows again every field as it was typed, that is the document as it
 * was when the form was opened, so it posts the version it was opened with (`posted`, from what
 * was sent) and not the stored one; otherwise a second "Salvar" would write those old values over
 * a colleague's save without the conflict message. A fresh form has no posted version: the page's.
 */
export function openedVersion(initialValue: unknown, version: number): number {
  const posted = (initialValue as Record<string, unknown> | undefined)?.[VERSION_FIELD];
  return typeof posted === "string" && /^\d{1,9}$/.test(posted) ? Number(posted) : version;
}

/**
 * The studio forms' main button: "Salvar" (or `children`), "Salvando..." while the post is on its
 * way, "Salvo" with a check for a moment after the save.
 */
export function SaveButton({
  status,
  pending,
  children = "Salvar",
}: {
  status?: SubmitStatus;
  pending?: boolean;
  children?: ReactNode;
}) {
  return (
    <SubmitButton status={status} pending={pending} pendingText="Salvando..." variant="primary" size="lg">
      {children}
    </SubmitButton>
  );
}
