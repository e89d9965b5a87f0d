import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowDownToLine, ArrowUp, ArrowUpToLine, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";

import { LIST_ITEM_FIELD } from "~/features/studio/studio";
import { FormAlert, VersionInput } from "~/features/studio/studio-fields";
import { type AnyField, SubmitButton, useIsPending } from "~/ui/forms";

/**
 * One item of a list section (FAQ, Depoimentos) as its own form: its fields, "Salvar" and, for an
 * existing item, "Mover para o topo" / "Subir" / "Descer" / "Mover para o fim" / "Remover", each
 * posting its intent (works without JavaScript).
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

/** The buttons that move or remove an existing item: no fields sent, so no validation. */
const ITEM_CHANGES = [
  { intent: "topo", label: "Mover para o topo", pendingText: "Movendo...", Icon: ArrowUpToLine, atTop: true },
  { intent: "subir", label: "Subir", pendingText: "Subindo...", Icon: ArrowUp, atTop: true },
  { intent: "descer", label: "Descer", pendingText: "Descendo...", Icon: ArrowDown, atEnd: true },
  { intent: "fim", label: "Mover para o fim", pendingText: "Movendo...", Icon: ArrowDownToLine, atEnd: true },
  { intent: "remover", label: "Remover", pendingText: "Removendo...", Icon: Trash2, danger: true },
] as const;

export function ListItemForm(props: ListItemFormProps) {
  const { itemId, version, formId, legend, schema, defaultValue, lastResult, extraErrors, first, last, saveLabel } = props;
  const pending = useIsPending();
  const navigation = useNavigation();
  const sent = navigation.formData;
  // Only the pressed button of this item's form says what is happening.
  const mine = (intent: string) => pending && sent?.get(LIST_ITEM_FIELD) === itemId && sent?.get("intent") === intent;
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
          pending={mine("salvar")}
          pendingText="Salvando..."
          spinnerClassName="size-4"
          variant="primary"
          size="md"
        >
          {saveLabel}
        </SubmitButton>
        {itemId
          ? ITEM_CHANGES.map(({ intent, label, pendingText, Icon, ...where }) => (
              <SubmitButton
                key={intent}
                name="intent"
                value={intent}
                formNoValidate
                disabled={("atTop" in where && first) || ("atEnd" in where && last)}
                pending={mine(intent)}
                pendingText={pendingText}
                spinnerClassName="size-4"
                variant={"danger" in where ? "danger-outline" : "neutral"}
                size="md"
              >
                <Icon aria-hidden="true" className="size-4" /> {label}
              </SubmitButton>
            ))
          : null}
      </div>
    </Form>
  );
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
