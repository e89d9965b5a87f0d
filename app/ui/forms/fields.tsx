import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";

import { ErrorList } from "./error-list";
import { Field } from "./field";
import { PhoneInput } from "./phone-input";
import { inputClass, type InputLook } from "./text-input";

/**
 * The fields every form of the site is drawn with. Each takes the field's `meta` (conform's field
 * metadata, or `plainField(...)` for a form that is not a conform form) and works out the rest: the
 * label's `for`, the control's id, name and first value, the message under it and, while there is
 * one, aria-invalid and aria-describedby pointing at it (and at the hint, if any). Other attributes
 * of the control (autoComplete, placeholder, maxLength, ref…) pass through.
 */

/** Any field of any conform form (the form's own shape does not matter here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

/**
 * The `meta` of a field in a form that is not a conform form (the lead page's cards): its name, its
 * id (the name unless said), its message element's id (`${id}-error` unless said), its message and
 * its first value. Only what the fields read is filled in.
 */
export function plainField(
  name: string,
  {
    id = name,
    errorId = `${id}-error`,
    error,
    defaultValue,
  }: { id?: string; errorId?: string; error?: string; defaultValue?: string } = {},
): AnyField {
  return {
    id,
    name,
    errorId,
    errors: error ? [error] : undefined,
    initialValue: defaultValue,
    valid: !error,
  } as unknown as AnyField;
}

type Shell = {
  meta: AnyField;
  label: ReactNode;
  /** A line under the control, read with it by screen readers. */
  hint?: ReactNode;
  className?: string;
  look?: InputLook;
};

/** Attributes a field sets itself, so callers do not. */
type Own = "id" | "name" | "form" | "type" | "defaultValue" | "defaultChecked" | "className" | "children";

function hintIdOf(meta: AnyField, hint: ReactNode): string | undefined {
  return hint ? `${meta.id}-hint` : undefined;
}

function Frame({
  meta,
  label,
  hint,
  hintId,
  className,
  children,
}: Omit<Shell, "look"> & { hintId?: string; children: ReactNode }) {
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
      {children}
    </Field>
  );
}

type TextType = "text" | "email" | "url" | "tel" | "date" | "datetime-local" | "number" | "password" | "search";

/** A labelled one-line input (autoComplete is "off" unless said). */
export function TextField({
  meta,
  label,
  hint,
  className,
  look,
  type = "text",
  autoComplete = "off",
  ...input
}: Shell & Omit<ComponentProps<"input">, Own> & { type?: TextType }) {
  const hintId = hintIdOf(meta, hint);
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <Frame meta={meta} label={label} hint={hint} hintId={hintId} className={className}>
      <input {...props} key={props.key} autoComplete={autoComplete} {...input} className={inputClass(look)} />
    </Frame>
  );
}

/** A labelled phone number, masked as (99)99999-9999 while it is typed (PhoneInput). */
export function PhoneField({ meta, label, hint, className, look, ...input }: Shell & Omit<ComponentProps<"input">, Own>) {
  const hintId = hintIdOf(meta, hint);
  const props = getInputProps(meta, { type: "tel", ariaDescribedBy: hintId });
  return (
    <Frame meta={meta} label={label} hint={hint} hintId={hintId} className={className}>
      <PhoneInput {...props} key={props.key} {...input} className={inputClass(look)} />
    </Frame>
  );
}

/** A labelled text box of several lines. */
export function TextareaField({
  meta,
  label,
  hint,
  className,
  look,
  rows = 4,
  ...textarea
}: Shell & Omit<ComponentProps<"textarea">, Own>) {
  const hintId = hintIdOf(meta, hint);
  const props = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <Frame meta={meta} label={label} hint={hint} hintId={hintId} className={className}>
      <textarea {...props} key={props.key} rows={rows} {...textarea} className={inputClass(look)} />
    </Frame>
  );
}

/** A choice of a <select>: its value and label, or one string that is both (a course name, a polo). */
export type SelectOption = string | { value: string; label: string };
export type OptionGroup = { label: string; options: readonly SelectOption[] };

/** The `<option>`s of a list of choices (a select's own, or a filter's drawn by hand). */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => {
    const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
    return (
      <option key={value} value={value}>
        {label}
      </option>
    );
  });
}

/**
 * A labelled list of choices (<select>): an empty first choice (`placeholder`), then `options`,
 * then `groups` (each an <optgroup>: the grouped select), then any `children` (<option>s drawn by
 * the caller, such as LabelOptions).
 */
export function SelectField({
  meta,
  label,
  hint,
  className,
  look,
  placeholder,
  options = [],
  groups = [],
  children,
  ...select
}: Shell &
  Omit<ComponentProps<"select">, Own> & {
    placeholder?: string;
    options?: readonly SelectOption[];
    groups?: readonly OptionGroup[];
    children?: ReactNode;
  }) {
  const hintId = hintIdOf(meta, hint);
  const props = getSelectProps(meta, { ariaDescribedBy: hintId });
  return (
    <Frame meta={meta} label={label} hint={hint} hintId={hintId} className={className}>
      <select {...props} key={props.key} {...select} className={inputClass(look)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        <SelectOptions options={options} />
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            <SelectOptions options={group.options} />
          </optgroup>
        ))}
        {children}
      </select>
    </Frame>
  );
}

export const CHECKBOX_LOOKS = {
  /** Staff pages and the studio: a small box beside a bold label. */
  staff: { row: "flex items-center gap-2", box: "size-4 accent-brand-600", label: "text-sm font-semibold text-slate-800" },
  /** A public form's consent: a larger box beside a paragraph (which may hold a link). */
  consent: { row: "flex items-start gap-3", box: "mt-1 size-5 shrink-0 accent-brand-600", label: "text-sm text-slate-700" },
} as const;

/** A checkbox with its label beside it, its hint and its message. */
export function CheckboxField({
  meta,
  label,
  hint,
  look = "staff",
}: {
  meta: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  look?: keyof typeof CHECKBOX_LOOKS;
}) {
  const hintId = hintIdOf(meta, hint);
  const props = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  const classes = CHECKBOX_LOOKS[look];
  return (
    <div>
      <div className={classes.row}>
        <input {...props} key={props.key} className={classes.box} />
        <label htmlFor={meta.id} className={classes.label}>
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
