import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";

import { Field, SubmitButton, useIsPending } from "~/components/forms";
import { Alert } from "~/components/ui/alert";
import { VERSION_FIELD } from "~/lib/content/studio";
import { splitConnectionLost } from "~/lib/offline-submit";
import type { StudioFailure } from "~/server/content/studio.server";

/**
 * The content studio's form parts, built on the forms toolkit: every studio form is a conform form
 * with these fields, the hidden version, the form-level alert and the toolkit's SubmitButton.
 */

export const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500";

/** Any field of any conform form (the form's own shape does not matter here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

type TextFieldProps = {
  meta: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  type?: "text" | "email" | "url" | "tel" | "date" | "number";
  required?: boolean;
  className?: string;
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "url" | "text";
  autoComplete?: string;
};

/** A labelled one-line input with its hint and its message. */
export function TextField({ meta, label, hint, type = "text", required, className, inputMode, autoComplete }: TextFieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <Field
      label={label}
      htmlFor={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      hint={hint}
      hintId={hintId}
      className={className}
    >
      <input
        {...props}
        key={props.key}
        required={required}
        inputMode={inputMode}
        autoComplete={autoComplete ?? "off"}
        className={INPUT_CLASS}
      />
    </Field>
  );
}

/** A labelled text box (several lines). */
export function TextAreaField({
  meta,
  label,
  hint,
  rows = 4,
  required,
  className,
}: Omit<TextFieldProps, "type" | "inputMode" | "autoComplete"> & { rows?: number }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <Field
      label={label}
      htmlFor={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      hint={hint}
      hintId={hintId}
      className={className}
    >
      <textarea {...props} key={props.key} rows={rows} required={required} className={INPUT_CLASS} />
    </Field>
  );
}

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
 * form keeps what was typed) or the server's refusal with its messages.
 */
export function useStudioAnswer(actionData: unknown) {
  const navigation = useNavigation();
  const pending = useIsPending();
  const { lost, answer } = splitConnectionLost(navigation.state === "idle" ? actionData : undefined);
  return { pending, lost, failure: answer as StudioFailure | undefined };
}

/** The studio forms' main button: "Salvar" (or `children`), "Salvando..." while the post is on its way. */
export function SaveButton({ pending, children = "Salvar" }: { pending: boolean; children?: ReactNode }) {
  return (
    <SubmitButton pending={pending} pendingText="Salvando..." variant="primary" size="lg">
      {children}
    </SubmitButton>
  );
}
