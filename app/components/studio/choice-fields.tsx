import { getInputProps, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";

import { ErrorList, Field } from "~/components/forms";
import { type AnyField, INPUT_CLASS } from "~/components/studio/studio-fields";

/** A labelled list of choices (<select>) with its hint and its message. */
export function SelectField({
  meta,
  label,
  options,
  hint,
  required,
  placeholder,
}: {
  meta: AnyField;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getSelectProps(meta, { ariaDescribedBy: hintId });
  return (
    <Field label={label} htmlFor={meta.id} errorId={meta.errorId} errors={meta.errors} hint={hint} hintId={hintId}>
      <select {...props} key={props.key} required={required} className={INPUT_CLASS}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it, its hint and its message. */
export function CheckboxField({ meta, label, hint }: { meta: AnyField; label: ReactNode; hint?: ReactNode }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div>
      <div className="flex items-center gap-2">
        <input {...props} key={props.key} className="size-4 accent-brand-600" />
        <label htmlFor={meta.id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
