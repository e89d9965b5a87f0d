import type { ReactNode } from "react";

import { ErrorList } from "./error-list";

/**
 * A labelled control with its hint and its error. The control (an <input>, <select>, PhoneInput)
 * is the child, with its props from conform's getInputProps/getSelectProps, so it carries its own
 * id, aria-invalid and aria-describedby. A control that cannot be wrong (a search filter) has no
 * errorId, and then no message element.
 */
export function Field({
  label,
  htmlFor,
  errorId,
  errors,
  hint,
  hintId,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  errorId?: string;
  errors?: string[] | null;
  hint?: ReactNode;
  hintId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {errorId ? <ErrorList id={errorId} errors={errors} /> : null}
    </div>
  );
}
