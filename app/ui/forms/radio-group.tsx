import type { ReactNode } from "react";

import { ErrorList } from "./error-list";

/**
 * A question answered by choosing one option: a fieldset whose legend is the question, the message
 * under the legend and one card per option (the whole card is the radio's label). The group points
 * aria-describedby at the message only while there is one, and is outlined in red then.
 */
export function RadioGroup({
  legend,
  name,
  options,
  defaultValue,
  errorId,
  errors,
}: {
  legend: ReactNode;
  name: string;
  options: readonly { value: string; label: ReactNode }[];
  defaultValue?: string;
  errorId: string;
  errors?: string[] | null;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <fieldset
      aria-describedby={invalid ? errorId : undefined}
      className={`rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${invalid ? "ring-2 ring-red-500" : "ring-slate-200"}`}
    >
      {/* Floated, so the legend sits inside the card like any other line of it. */}
      <legend className="float-left w-full text-lg font-semibold text-slate-900">{legend}</legend>
      <ErrorList id={errorId} errors={errors} className="clear-both pt-1" />
      <div className="clear-both grid gap-2 pt-4">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              className="mt-1 size-4 accent-brand-600"
            />
            <span className="text-slate-800">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
