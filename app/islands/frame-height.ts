// Our own forms embedded in a frame (the club form, the CV form) report their content height
// (components/layout/embedded-height.tsx); on a page without React this island sizes the frame to it
// (decision 098), as useReportedHeight does on a hydrated page. Without it the frame keeps the
// height its classes give it, tall enough for the form on a phone.
import { isEmbeddedHeightMessage } from "~/shared/embedded-height";

const frames = [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-island="frame-height"]')];
window.addEventListener("message", (event) => {
  if (event.origin !== window.location.origin || !isEmbeddedHeightMessage(event.data)) return;
  const frame = frames.find((candidate) => candidate.contentWindow === event.source);
  if (!frame) return;
  const borders = frame.offsetHeight - frame.clientHeight;
  frame.style.height = `${event.data.height + borders}px`;
});
for (const frame of frames) frame.dataset.islandReady = "";
