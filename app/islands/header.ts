// The site header without React (decision 092): the legal banner hides and the nav gains its shadow
// once the page is scrolled, and the phone menu opens and closes from its button, "Fechar menu" and Esc.
// Without this script the menu still opens through its #menu-mobile link (CSS :target).
// It also starts the floating buttons' watch (lib/floating-buttons.ts), which every page with the
// header has: one island less in every document.
import { watchFloatingButtons } from "~/features/site/floating-buttons";
import { MENU_BUTTON_LABEL, SCROLL_THRESHOLD_PX } from "~/features/site/site-header-links";

const SHADOW = ["shadow-lg", "shadow-slate-900/30"];

const floating = document.querySelector<HTMLElement>("[data-floating-buttons]");
if (floating) watchFloatingButtons(floating);

for (const header of document.querySelectorAll<HTMLElement>('[data-island="header"]')) {
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
  window.addEventListener("scroll", onScroll, { passive: true });

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

  toggle?.addEventListener("click", (event) => {
    event.preventDefault();
    setOpen(!isOpen());
  });
  toggle?.addEventListener("keydown", (event) => {
    if (event.key !== " ") return;
    event.preventDefault();
    setOpen(!isOpen());
  });
  nav?.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) {
      setOpen(false);
      toggle?.focus();
    }
  });
  menu?.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link) return;
    if (link.getAttribute("href") === "#fechar-menu") event.preventDefault();
    setOpen(false);
  });
  header.dataset.islandReady = "";
}
