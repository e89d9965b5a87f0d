import { useEffect, useRef, useState } from "react";

import {
  FORM_FRAME_HEIGHT_PX,
  FORM_MODAL_IFRAME_TITLE,
  type FormModalOptions,
  type FormModalState,
  formModalTexts,
  formModalType,
  iframeUrl,
} from "~/features/leads/forms/form-modal-state";
import { mount } from "~/features/site/frame-height.island";
import { useSite } from "~/features/site/use-site";
import { CloseButton } from "~/ui/close-button";
import { useIsland } from "~/ui/use-island";

const CLOSED: FormModalState = { isOpen: false, formUrl: "", type: "other", title: "", description: "" };

/** One opening asked of the modal: what to show and who opened it (focus returns there). */
export type FormModalRequest = { options: FormModalOptions; opener: HTMLElement | null; seq: number };

/**
 * The form modal's dialog: a native modal <dialog> (focus kept inside, Esc closes, focus returns
 * to the opener) with page scrolling locked. Loaded on the first opening (form-modal.tsx), so a
 * page's first view does not carry it.
 */
export default function FormModalDialog({ request }: { request: FormModalRequest }) {
  const site = useSite();
  const [state, setState] = useState<FormModalState>(CLOSED);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const origin = typeof window === "undefined" ? site.siteUrl : window.location.origin;
  const src = iframeUrl(state.formUrl, state.type, state.formData, origin);
  // Our own form (a same-origin path) reports its content height and the frame takes it, never
  // less than the spec's 600 px (the frame-height island).
  const frameRef = useIsland<HTMLIFrameElement>(mount, state.isOpen && src);

  useEffect(() => {
    const { options, opener } = request;
    openerRef.current = opener;
    const type = formModalType(options.type);
    const formUrl = options.formUrl || (type === "contact" ? site.consultantFormUrl : site.enrolmentFormUrl);
    setState({ isOpen: true, formUrl, type, ...formModalTexts(options), formData: options.formData });
  }, [request, site.consultantFormUrl, site.enrolmentFormUrl]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !state.isOpen) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    // Scroll lock, keeping the page from shifting where a scrollbar disappears.
    const root = document.documentElement;
    const previous = { overflow: root.style.overflow, paddingRight: document.body.style.paddingRight };
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      root.style.overflow = previous.overflow;
      document.body.style.paddingRight = previous.paddingRight;
    };
  }, [state.isOpen]);

  // The dialog closed (close button, Esc, backdrop, closeFormModal): clear formData, restore focus.
  const onClose = () => {
    setState((current) => ({ ...current, isOpen: false, formData: undefined }));
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  };

  // Inside the site's own (same-origin) form: Esc closes the modal too, and Tab from the form's
  // last control comes back to the close button instead of leaving the dialog (focus stays inside).
  const onFrameLoad = (event: React.SyntheticEvent<HTMLIFrameElement>) => {
    try {
      const frameWindow = event.currentTarget.contentWindow;
      frameWindow?.addEventListener("keydown", (key: KeyboardEvent) => {
        if (key.key === "Escape") dialogRef.current?.close();
        if (key.key === "Tab" && !key.shiftKey) {
          const controls = tabbables(frameWindow.document);
          if (controls.length && frameWindow.document.activeElement === controls[controls.length - 1]) {
            key.preventDefault();
            closeRef.current?.focus();
          }
        }
      });
    } catch {
      // A cross-origin form: its own keys stay its own.
    }
  };

  // Shift+Tab on the close button (the dialog's first control) goes to the form's last control.
  const onDialogKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !event.shiftKey || document.activeElement !== closeRef.current) return;
    const frame = frameRef.current;
    if (!frame) return;
    event.preventDefault();
    try {
      const controls = frame.contentDocument ? tabbables(frame.contentDocument) : [];
      const last = controls[controls.length - 1];
      if (last) last.focus();
      else frame.focus();
    } catch {
      frame.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={state.title ? "form-modal-title" : undefined}
      aria-describedby="form-modal-description"
      aria-modal="true"
      data-testid="form-modal"
      data-form-modal-dialog=""
      onClose={onClose}
      onKeyDown={onDialogKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close(); // backdrop
      }}
      className="m-auto max-h-[90vh] w-[calc(100%-1.5rem)] max-w-[625px] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60"
    >
      <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0 flex-1">
          {/* No heading before the first opening: an empty one would be announced as such. */}
          {state.title ? (
            <h2 id="form-modal-title" className="text-xl font-bold text-brand-800">
              {state.title}
            </h2>
          ) : null}
          <p id="form-modal-description" className="mt-1 text-sm text-slate-600">
            {state.description}
          </p>
        </div>
        <CloseButton ref={closeRef} label="Fechar" tone="light" onClick={() => dialogRef.current?.close()} />
      </div>
      {state.isOpen ? (
        <iframe
          ref={frameRef}
          src={src}
          title={FORM_MODAL_IFRAME_TITLE}
          loading="lazy"
          referrerPolicy="no-referrer"
          onLoad={onFrameLoad}
          style={{ height: FORM_FRAME_HEIGHT_PX }}
          data-min-height={FORM_FRAME_HEIGHT_PX}
          className="block w-full border-0"
        />
      ) : null}
    </dialog>
  );
}

/** The elements Tab stops at in a document, in order (visible, enabled, not tabindex=-1). */
function tabbables(doc: Document): HTMLElement[] {
  const selector =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';
  return Array.from(doc.querySelectorAll<HTMLElement>(selector)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest("[inert]"),
  );
}
