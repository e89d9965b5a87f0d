// A course page's sticky bar without React (decision 099): it slides in once the page is scrolled past
// the threshold the React bar uses, and hides again above it. Without this script the bar stays
// hidden and the page's own calls to action remain (as before without JavaScript).
import { STICKY_BAR_THRESHOLD_PX } from "~/features/courses/sticky-bar";

for (const bar of document.querySelectorAll<HTMLElement>('[data-island="sticky-bar"]')) {
  const update = () => {
    const visible = window.scrollY > STICKY_BAR_THRESHOLD_PX;
    bar.hidden = !visible;
    bar.dataset.visible = String(visible);
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
  bar.dataset.islandReady = "";
}
