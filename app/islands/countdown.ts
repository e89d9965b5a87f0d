// The ticking countdown without React (decision 098). The server renders the boxes with the time left
// at its "now"; this island ticks them every second with the same math and labels (~/lib/countdown).
// When the deadline passes: a rolling campaign window moves on to the next one (and every
// `data-valid-until` text follows its new dd/mm); a fixed one hides its section (`data-expire="hide"`,
// the home: never zeros under a call to hurry) or reloads the page so the server shows the ended
// campaign (`data-expire="reload"`).
import { type CampaignDeadline, formatDayMonth, refreshDeadline } from "~/features/campaign/campaign";
import { countdownUnits, describeTimeLeft, isOver, timeLeft } from "~/ui/countdown-time";

for (const timer of document.querySelectorAll<HTMLElement>('[data-island="countdown"]')) {
  let deadline: CampaignDeadline = { endsAt: timer.dataset.endsAt ?? "", rolling: "rolling" in timer.dataset };
  const label = timer.dataset.label ?? "";

  const render = (now: Date) => {
    const left = timeLeft(new Date(deadline.endsAt), now);
    timer.setAttribute("aria-label", `${label}: ${describeTimeLeft(left)}`);
    for (const unit of countdownUnits(left)) {
      const cell = timer.querySelector(`[data-unit="${unit.key}"]`);
      if (cell && cell.textContent !== unit.value) cell.textContent = unit.value;
    }
  };

  const tick = () => {
    const now = new Date();
    if (isOver(new Date(deadline.endsAt), now)) {
      if (deadline.rolling) {
        const before = formatDayMonth(deadline.endsAt);
        deadline = refreshDeadline(deadline, now);
        const after = formatDayMonth(deadline.endsAt);
        for (const text of document.querySelectorAll("[data-valid-until]")) {
          text.textContent = (text.textContent ?? "").replace(before, after);
        }
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
}
