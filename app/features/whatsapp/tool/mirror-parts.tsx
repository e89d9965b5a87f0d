import type { ReactNode } from "react";

import { OPERATOR_NAME_MAX, operatorNameError } from "~/features/whatsapp/tool/tool";

/** The small pieces the mirroring page's panels share. */

export function StatusPill({ ok, okText, badText, testId }: { ok: boolean; okText: string; badText: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      data-ok={ok}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-medium ${
        ok ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${ok ? "bg-emerald-500" : "bg-slate-400"}`} />
      {ok ? okText : badText}
    </span>
  );
}

export function Card({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

export function OperatorNameField({ value, onChange, id }: { value: string; onChange: (value: string) => void; id: string }) {
  const error = operatorNameError(value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Nome do Operador *
      </label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="name"
        maxLength={OPERATOR_NAME_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        className={`mt-1 block w-full rounded-md border px-3 py-2 ${error ? "border-red-500" : "border-slate-300"}`}
      />
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
