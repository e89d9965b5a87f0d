// The ticking countdown, on every page: the server renders the boxes with the time left at its
// "now"; this island ticks them every second with the same math and labels (~/ui/countdown-time).
// When the deadline passes: a rolling window moves on to the next one (and every `data-valid-until`
// text follows its new dd/mm); a fixed one hides its section (`data-expire="hide"`, the home: never
// zeros under a call to hurry) or reloads the page so the server shows the ended campaign
// (`data-expire="reload"`).
import {
  countdownUnits,
  type Deadline,
  describeTimeLeft,
  formatDayMonth,
  isOver,
  refreshDeadline,
  timeLeft,
} from "~/ui/countdown-time";
import { setText } from "~/ui/set-text";

/** Replaces `before` by `after` in every text node under `element`, leaving the nodes in place. */
function replaceText(element: Element, before: string, after: string) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes(before)) node.nodeValue = node.nodeValue.replace(before, after);
  }
}

export function mount(timer: HTMLElement): () => void {
  let deadline: Deadline = { endsAt: timer.dataset.endsAt ?? "", rolling: "rolling" in timer.dataset };
  const label = timer.dataset.label ?? "";

  const render = (now: Date) => {
    const left = timeLeft(new Date(deadline.endsAt), now);
    timer.setAttribute("aria-label", `${label}: ${describeTimeLeft(left)}`);
    for (const unit of countdownUnits(left)) {
      const cell = timer.querySelector(`[data-unit="${unit.key}"]`);
      if (cell) setText(cell, unit.value);
    }
  };

  const tick = () => {
    const now = new Date();
    if (isOver(new Date(deadline.endsAt), now)) {
      if (deadline.rolling) {
        const before = formatDayMonth(deadline.endsAt);
        deadline = refreshDeadline(deadline, now);
        const after = formatDayMonth(deadline.endsAt);
        for (const text of document.querySelectorAll("[data-valid-until]")) replaceText(text, before, after);
      } else {
        window.clearInterval(id);
        render(now);
        if (timer.dataset.expire === "reload") window.location.reload();
        else timer.closest("section")?.setAttribute("hidden", "");
        return;
      }
    }
    render(now);
  };
  const id = window.setInterval(tick, 1000);
  tick();
  timer.dataset.islandReady = "";
  return () => window.clearInterval(id);
}
