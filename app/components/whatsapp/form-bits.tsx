import type { ComponentProps, ReactNode } from "react";
import type { ToastMessage } from "~/lib/toast";

/** An alert box for a failed action (rendered in the HTML, so it shows without JavaScript). */
export function ActionAlert({ alert, id }: { alert: ToastMessage | null | undefined; id?: string }) {
  if (!alert) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="action-alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <p className="font-semibold">{alert.title}</p>
      {alert.description ? <p className="mt-1 text-sm">{alert.description}</p> : null}
    </div>
  );
}

type FieldProps = {
  label: string;
  id: string;
  errors?: string[];
  hint?: ReactNode;
} & Omit<ComponentProps<"input">, "id">;

/** A labelled input with its hint and error, wired with aria-describedby / aria-invalid. */
export function Field({ label, id, errors, hint, className, ...input }: FieldProps) {
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const hasError = !!errors?.length;
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 ${
          hasError ? "border-red-500" : "border-slate-300"
        }`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
