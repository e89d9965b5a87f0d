import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { Button } from "~/ui/button";
import { SearchField } from "~/ui/search-field";

import { useLiveSearch } from "./use-live-search";

/**
 * A home search that filters as the visitor types (the catalogue's, the polo finder's): a GET form
 * to `action`, live with React (`useLiveSearch`) and without it (the live-search island); with
 * neither it simply submits. `children` are the hidden fields that keep the other search's state.
 */
export function LiveSearchForm({
  action,
  label,
  field,
  value,
  submit,
  children,
}: {
  action: string;
  /** The form's accessible name. */
  label: string;
  field: { id: string; name: string; label: string; placeholder: string; icon?: LucideIcon };
  /** The term in the URL. */
  value: string;
  /** The button's content. */
  submit: ReactNode;
  children: ReactNode;
}) {
  const live = useLiveSearch(value);
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      onSubmit={live.onSubmit}
      data-island="live-search"
      className="mt-6 flex max-w-2xl gap-2"
    >
      <SearchField {...field} ref={live.inputRef} value={live.value} onChange={live.onChange} />
      {children}
      <Button type="submit" variant="primary" size="xl" className="h-12">
        {submit}
      </Button>
    </Form>
  );
}
