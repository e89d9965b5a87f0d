import type { ReactNode } from "react";

import { cx } from "~/shared/text";

import { ErrorList } from "./error-list";
import { type AnyField, CHECKBOX_LOOKS } from "./fields";

/**
 * The fields that are a list of choices drawn as small boxes beside their labels (the staff look):
 * one among a few (RadioListField), or several sent as one list (CheckboxListField). Each box's id
 * is the field's id and the choice's value.
 */

/** A small box (a checkbox or a radio button) with its label beside it: one choice of a list. */
function ChoiceBox({
  type,
  meta,
  name,
  value,
  label,
  checked,
}: {
  type: "checkbox" | "radio";
  meta: AnyField;
  name: string;
  value: string;
  label: ReactNode;
  checked: boolean;
}) {
  const id = `${meta.id}-${value}`;
  return (
    <>
      <input type={type} id={id} name={name} value={value} defaultChecked={checked} className={CHECKBOX_LOOKS.staff.box} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </>
  );
}

/**
 * A choice of one among a few, as small radio buttons under a legend (the staff look; a
 * visitor's question is a RadioGroup), with the field's message.
 */
export function RadioListField({
  meta,
  legend,
  choices,
  className,
}: {
  meta: AnyField;
  legend: ReactNode;
  choices: readonly { value: string; label: ReactNode }[];
  className?: string;
}) {
  return (
    <fieldset className={className} aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="block text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 space-y-1" key={meta.key}>
        {choices.map((choice) => (
          <div key={choice.value} className="flex items-center gap-2">
            <ChoiceBox
              type="radio"
              meta={meta}
              name={meta.name}
              value={choice.value}
              label={choice.label}
              checked={meta.initialValue === choice.value}
            />
          </div>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** One box of a CheckboxListField: the value it sends, its label and whether it starts ticked. */
export type CheckboxChoice = { value: string; label: ReactNode; checked: boolean };

/**
 * A titled list of boxes that send one list (the studio's polo × course boxes): a fieldset with its
 * legend, an optional intro line, one box per choice named `name[0]`, `name[1]`… (conform reads them
 * as one list with gaps), `empty` when there is no choice, and the list's message. `children` go
 * before the list (a hidden input that travels with it).
 */
export function CheckboxListField({
  meta,
  legend,
  intro,
  choices,
  empty,
  testId,
  children,
}: {
  meta: AnyField;
  legend: ReactNode;
  intro?: ReactNode;
  choices: readonly CheckboxChoice[];
  empty: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby={meta.errorId} data-testid={testId}>
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      {children}
      {choices.length === 0 ? (
        <p className={cx(intro ? "mt-2" : null, "text-sm text-slate-600")}>{empty}</p>
      ) : (
        <ul className={cx(intro ? "mt-3" : null, "grid gap-2 sm:grid-cols-2 lg:grid-cols-3")}>
          {choices.map((choice, index) => (
            <li key={choice.value} className="flex items-center gap-2">
              <ChoiceBox
                type="checkbox"
                meta={meta}
                name={`${meta.name}[${index}]`}
                value={choice.value}
                label={choice.label}
                checked={choice.checked}
              />
            </li>
          ))}
        </ul>
      )}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
