import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Form, useNavigate } from "react-router";

import { Button } from "~/ui/button";
import { SearchField } from "~/ui/search-field";
import { useIsland } from "~/ui/use-island";

import { HOME_PARTS } from "./home-parts";
import { LIVE_SEARCH_EVENT, type LiveSearchDetail, mount } from "./live-search.island";

/**
 * A home search that filters as the visitor types (the catalogue's, the polo finder's): a GET form
 * to `action`, live through the live-search island (live-search.island.ts), mounted here once
 * hydrated or by the islands' bundle on a page without React; with neither it simply submits.
 * Once hydrated the island's searches are client navigations (replacing the history entry, keeping
 * the scroll), and the box follows the address when it changes from elsewhere (back button, links)
 * unless it has the focus. `children` are the hidden fields that keep the other search's state.
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
  const ref = useIsland<HTMLFormElement>(mount);
  const navigate = useNavigate();

  useEffect(() => {
    const form = ref.current;
    const onSearch = (event: Event) => {
      const { url, part } = (event as CustomEvent<LiveSearchDetail>).detail;
      event.preventDefault();
      // The deferred parts stay links under React: following one is a client navigation.
      if (part === HOME_PARTS.search) void navigate(url.pathname + url.search, { replace: true, preventScrollReset: true });
    };
    form?.addEventListener(LIVE_SEARCH_EVENT, onSearch);
    return () => form?.removeEventListener(LIVE_SEARCH_EVENT, onSearch);
  }, [ref, navigate]);

  useEffect(() => {
    const input = ref.current?.querySelector<HTMLInputElement>('input[type="search"]');
    if (input && document.activeElement !== input && input.value !== value) input.value = value;
  }, [ref, value]);

  return (
    <Form
      ref={ref}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      data-island="live-search"
      className="mt-6 flex max-w-2xl gap-2"
    >
      <SearchField {...field} defaultValue={value} />
      {children}
      <Button type="submit" variant="primary" size="xl" className="h-12">
        {submit}
      </Button>
    </Form>
  );
}
