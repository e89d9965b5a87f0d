// The site header's behaviour on every page (site-header.tsx mounts it once hydrated, the islands'
// bundle on a page without React): the legal banner hides and the nav gains its shadow once the page
// is scrolled, and the phone menu opens and closes from its button (click, Space), "Fechar menu",
// Esc, a link in it and a history navigation. Without this script the menu still opens through its
// #menu-mobile link (CSS :target).
// It also starts the floating buttons' watch (floating-buttons.ts), which every page with the header
// has: one island less in every document.
import { watchFloatingButtons } from "~/features/site/floating-buttons";
import { MENU_BUTTON_LABEL, SCROLL_THRESHOLD_PX } from "~/features/site/site-header-links";

const SHADOW = ["shadow-lg", "shadow-slate-900/30"];

export function mount(header: HTMLElement): () => void {
  const events = new AbortController();
  const { signal } = events;
  const floating = document.querySelector<HTMLElement>("[data-floating-buttons]");
  const stopFloating = floating ? watchFloatingButtons(floating) : undefined;
  const banner = header.querySelector<HTMLElement>("#aviso-legal");
  const nav = header.querySelector<HTMLElement>("nav");
  const menu = header.querySelector<HTMLElement>("#menu-mobile");
  const toggle = header.querySelector<HTMLAnchorElement>('a[aria-controls="menu-mobile"]');

  const onScroll = () => {
    const scrolled = window.scrollY >= SCROLL_THRESHOLD_PX;
    if (banner) banner.hidden = scrolled;
    if (nav) {
      nav.dataset.scrolled = String(scrolled);
      for (const name of SHADOW) nav.classList.toggle(name, scrolled);
    }
  };
  onScroll();
  window.addEventListener("scroll", onScroll, { passive: true, signal });

  const setOpen = (open: boolean) => {
    if (!menu || !toggle) return;
    menu.dataset.open = String(open);
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? MENU_BUTTON_LABEL.close : MENU_BUTTON_LABEL.open);
    for (const icon of toggle.querySelectorAll<HTMLElement>("[data-icon]")) {
      icon.toggleAttribute("hidden", icon.dataset.icon !== (open ? "close" : "open"));
    }
  };
  const isOpen = () => menu?.dataset.open === "true";

  toggle?.addEventListener(
    "click",
    (event) => {
      event.preventDefault();
      setOpen(!isOpen());
    },
    { signal },
  );
  // A button opens with Space too (Enter already clicks the link).
  toggle?.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== " ") return;
      event.preventDefault();
      setOpen(!isOpen());
    },
    { signal },
  );
  // Esc closes the open menu and puts focus back on its button.
  nav?.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Escape" && isOpen()) {
        setOpen(false);
        toggle?.focus();
      }
    },
    { signal },
  );
  menu?.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link) return;
      if (link.getAttribute("href") === "#fechar-menu") event.preventDefault();
      setOpen(false);
    },
    { signal },
  );
  // Back or forward (a hydrated page's client navigation, or a jump within the page) closes it too.
  window.addEventListener("popstate", () => isOpen() && setOpen(false), { signal });

  header.dataset.islandReady = "";
  return () => {
    events.abort();
    stopFloating?.();
  };
}
