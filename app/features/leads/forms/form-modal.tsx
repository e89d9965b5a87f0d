import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";

import { closeFormModal, connectFormModal, openFormModal } from "~/features/leads/forms/form-modal-state";

import type { FormModalRequest } from "./form-modal-dialog";

export { closeFormModal, openFormModal };

const FormModalDialog = lazy(() => import("./form-modal-dialog"));

/**
 * The form modal, mounted once by the public layout (components/layout/shells.tsx). Until JavaScript runs, every
 * `a[data-form-modal]` is a plain link to the form page; afterwards one delegated click listener
 * opens the form here instead (form-modal-dialog.tsx, loaded on the first opening).
 */
export function FormModal() {
  const [request, setRequest] = useState<FormModalRequest | null>(null);

  useEffect(() => {
    let seq = 0;
    const disconnect = connectFormModal((options) => {
      if (!options) {
        document.querySelector<HTMLDialogElement>("dialog[data-form-modal-dialog]")?.close();
        return;
      }
      const active = document.activeElement;
      const opener = active instanceof HTMLElement && active !== document.body ? active : null;
      setRequest({ options, opener, seq: ++seq });
    });

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // new tab/window
      const link = event.target instanceof Element ? event.target.closest("a[data-form-modal]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank") return;
      event.preventDefault();
      link.focus();
      openFormModal({
        formUrl: link.getAttribute("href") ?? undefined,
        type: link.dataset.formModal,
        title: link.dataset.formTitle,
        description: link.dataset.formDescription,
      });
    };
    // Capture phase: runs before React's own handlers, so a router <Link> never navigates instead.
    document.addEventListener("click", onClick, true);
    return () => {
      disconnect();
      document.removeEventListener("click", onClick, true);
    };
  }, []);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <FormModalDialog request={request} />
    </Suspense>
  );
}

/**
 * True when the page is shown inside the form modal: the route declares `handle.embeddable` and
 * the URL carries `?embed=1`. The public layout then leaves out the site's header, footer and widgets.
 */
export function useEmbedded(): boolean {
  const matches = useMatches();
  const location = useLocation();
  if (new URLSearchParams(location.search).get("embed") !== "1") return false;
  return matches.some((match) => (match.handle as { embeddable?: boolean } | undefined)?.embeddable === true);
}
