import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

import { SubmitButton, useActionAnswer, useIsPending } from "~/components/forms";
import { Alert } from "~/components/ui/alert";
import { VERSION_FIELD } from "~/lib/content/studio";
import type { StudioFailure } from "~/server/content/studio.server";

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
 * form keeps what was typed) or the server's refusal with its messages.
 */
export function useStudioAnswer(actionData: unknown) {
  const pending = useIsPending();
  const { lost, answer, idle } = useActionAnswer(actionData);
  return { pending, lost: idle ? lost : null, failure: idle ? (answer as StudioFailure | undefined) : undefined };
}

/** The studio forms' main button: "Salvar" (or `children`), "Salvando..." while the post is on its way. */
export function SaveButton({ pending, children = "Salvar" }: { pending: boolean; children?: ReactNode }) {
  return (
    <SubmitButton pending={pending} pendingText="Salvando..." variant="primary" size="lg">
      {children}
    </SubmitButton>
  );
}
