import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";

import { type AnyField, SubmitButton, useIsPending } from "~/components/forms";
import { FormAlert, VersionInput } from "~/components/studio/studio-fields";
import { LIST_ITEM_FIELD } from "~/lib/content/studio";

/**
 * One item of a list section (FAQ, Depoimentos) as its own form: its fields, "Salvar" and, for an
 * existing item, "Subir" / "Descer" / "Remover", each posting its intent (works without JavaScript).
 * The moving and removing buttons skip validation: they do not send the fields.
 */

type AnyFields = Record<string, AnyField>;

type ListItemFormProps = {
  /** The item's id; "" for the form that adds one. */
  itemId: string;
  version: number;
  /** Unique per form and per version of the item (a saved item's form starts again from the new values). */
  formId: string;
  legend: string;
  schema: z.ZodType<unknown>;
  defaultValue: Record<string, unknown>;
  /** The action's answer, when it was about this item. */
  lastResult?: SubmissionResult<string[]>;
  /** Extra form-level messages (a lost connection). */
  extraErrors?: string[];
  first?: boolean;
  last?: boolean;
  saveLabel: string;
  /** The item has a photo field (components/studio/photo-field.tsx): the form is sent as multipart. */
  multipart?: boolean;
  children: (fields: AnyFields) => ReactNode;
};

export function ListItemForm(props: ListItemFormProps) {
  const { itemId, version, formId, legend, schema, defaultValue, lastResult, extraErrors, first, last, saveLabel } = props;
  const savePending = useIsPending({ intent: "salvar" });
  const upPending = useIsPending({ intent: "subir" });
  const downPending = useIsPending({ intent: "descer" });
  const removePending = useIsPending({ intent: "remover" });
  const pendingItem = usePendingItem();
  const mine = (pending: boolean) => pending && pendingItem === itemId;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { ...defaultValue, [LIST_ITEM_FIELD]: itemId },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Moving and removing send no fields to check (conform ignores formNoValidate, so say it here).
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "salvar" ? schema : z.looseObject({}) }),
  });
  const errors = [...(form.errors ?? []), ...(extraErrors ?? [])];
  const titleId = `${formId}-titulo`;
  return (
    <Form
      method="post"
      encType={props.multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 p-4"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {legend}
      </h2>
      <FormAlert id={form.errorId} errors={errors} />
      <input type="hidden" name={LIST_ITEM_FIELD} value={itemId} />
      <VersionInput version={version} />
      <div className="mt-3 grid gap-4">{props.children(fields as AnyFields)}</div>
      <div className="mt-4 flex flex-wrap gap-2">
        <SubmitButton
          name="intent"
          value="salvar"
          pending={mine(savePending)}
          pendingText="Salvando..."
          spinnerClassName="size-4"
          variant="primary"
          size="md"
        >
          {saveLabel}
        </SubmitButton>
        {itemId ? (
          <>
            <SubmitButton
              name="intent"
              value="subir"
              formNoValidate
              disabled={first}
              pending={mine(upPending)}
              pendingText="Subindo..."
              spinnerClassName="size-4"
              variant="neutral"
              size="md"
            >
              <ArrowUp aria-hidden="true" className="size-4" /> Subir
            </SubmitButton>
            <SubmitButton
              name="intent"
              value="descer"
              formNoValidate
              disabled={last}
              pending={mine(downPending)}
              pendingText="Descendo..."
              spinnerClassName="size-4"
              variant="neutral"
              size="md"
            >
              <ArrowDown aria-hidden="true" className="size-4" /> Descer
            </SubmitButton>
            <SubmitButton
              name="intent"
              value="remover"
              formNoValidate
              pending={mine(removePending)}
              pendingText="Removendo..."
              spinnerClassName="size-4"
              variant="danger-outline"
              size="md"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Remover
            </SubmitButton>
          </>
        ) : null}
      </div>
    </Form>
  );
}

/** Which item's form is being posted (so only that item's button says "Salvando..."). */
function usePendingItem(): string | null {
  const item = useNavigation().formData?.get(LIST_ITEM_FIELD);
  return typeof item === "string" ? item : null;
}

/**
 * The id of the item an action's answer is about: "" for the form that adds one (conform leaves an
 * empty value out of what it sends back), undefined when no form of the page sent it (a forged list).
 */
export function answeredItem(result: SubmissionResult<string[]> | undefined): string | undefined {
  if (!result) return undefined;
  const value = result.initialValue?.[LIST_ITEM_FIELD];
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : undefined;
}

/**
 * A refusal no form of the page can show (a forged or duplicated item id, an unknown action): its
 * messages above the list, so nothing is refused in silence.
 */
export function UnplacedAlert({ result, itemIds }: { result?: SubmissionResult<string[]>; itemIds: string[] }) {
  const about = answeredItem(result);
  if (!result?.error || (about !== undefined && (about === "" || itemIds.includes(about)))) return null;
  const messages = [...new Set(Object.values(result.error).flatMap((list) => list ?? []))];
  if (messages.length === 0) return null;
  return (
    <div className="mt-4">
      <FormAlert id="lista-erros" errors={messages} />
    </div>
  );
}
