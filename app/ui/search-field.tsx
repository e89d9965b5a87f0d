import { type LucideIcon, Search } from "lucide-react";
import type { ComponentProps } from "react";

/**
 * A public page's search box: the label for screen readers, an icon inside the field and the field
 * (type search, up to 80 characters). The form around it and its button are the caller's.
 */
export function SearchField({
  id,
  label,
  icon: Icon = Search,
  ...input
}: { id: string; label: string; icon?: LucideIcon } & Omit<ComponentProps<"input">, "id" | "type" | "className">) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Icon aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          maxLength={80}
          className="h-12 w-full rounded-lg border border-slate-300 bg-white pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500"
          {...input}
        />
      </div>
    </>
  );
}
