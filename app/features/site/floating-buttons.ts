/**
 * The floating WhatsApp and assistant buttons never lie over something a visitor acts on or must be
 * able to read (decision 144). What counts: every link, button, field and summary, and every text
 * marked `data-legal` (the legal banner, the footer's legal line, a course's offer conditions, the
 * campaign's price note).
 */
export const UNDER_FLOATING_SELECTOR =
  "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [data-legal]";

type Box = { left: number; right: number; top: number; bottom: number };

/** True when the two boxes share more than an edge. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Marks the floating buttons inside `root` (`[data-floating-buttons]`, components/layout/shells.tsx)
 * as watched (`data-watched`) and each one `data-covering` while an action or a legal text is under
 * it, checked once a frame after a scroll, a resize or a change of the page. On a phone app.css then
 * makes them float and hides a covering one; unwatched they sit at the end of the page, in the
 * footer's room for them. Returns the function that stops watching.
 */
export function watchFloatingButtons(root: HTMLElement): () => void {
  const buttons = [...root.querySelectorAll<HTMLElement>("[data-floating]")];
  let frame = 0;
  const update = () => {
    frame = 0;
    const targets = [...document.querySelectorAll(UNDER_FLOATING_SELECTOR)].filter((el) => !root.contains(el));
    for (const button of buttons) {
      const box = button.getBoundingClientRect();
      const covering = targets.some((el) => [...el.getClientRects()].some((rect) => boxesOverlap(rect, box)));
      button.toggleAttribute("data-covering", covering);
    }
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(update);
  };
  root.dataset.watched = "";
  update();
  const changes = new MutationObserver(schedule);
  changes.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["hidden", "open", "class", "data-open"],
  });
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  return () => {
    changes.disconnect();
    window.removeEventListener("scroll", schedule);
    window.removeEventListener("resize", schedule);
    cancelAnimationFrame(frame);
    delete root.dataset.watched;
  };
}
