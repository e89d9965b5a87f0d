// Jumps to a home section (/#faq, the menu's "Cursos") land on it without React (decision 098), as
// components/layout/section-jumps.tsx does on a hydrated page: the lower sections skip their layout
// until scrolled near (`below-fold` in app.css), so once the address has a fragment `data-jump` on
// <html> lays them all out and the jump is made again, now against the real heights.
import { fragmentId } from "~/shared/fragment";

const jump = () => {
  if (!location.hash) return;
  const html = document.documentElement;
  const first = !("jump" in html.dataset);
  html.dataset.jump = "";
  if (first) document.getElementById(fragmentId(location.hash))?.scrollIntoView();
};
jump();
window.addEventListener("hashchange", jump);
for (const element of document.querySelectorAll<HTMLElement>('[data-island="section-jumps"]')) element.dataset.islandReady = "";
