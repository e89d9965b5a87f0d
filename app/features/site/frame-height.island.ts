// Our own forms embedded in a frame (the club form, the CV form, the form modal's) report their
// content height (EmbeddedHeightReporter, embedded-height.tsx); this island sizes the frame to it,
// plus the frame's borders and never below its `data-min-height`. The embedded form and the form
// modal mount it once hydrated, the islands' bundle on a page without React. Only a message from
// that frame and our own origin counts. Without it the frame keeps the height it was given.
import { isEmbeddedHeightMessage, reportedFrameHeight } from "~/shared/embedded-height";

export function mount(root: HTMLElement): () => void {
  const frame = root as HTMLIFrameElement;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
    if (!isEmbeddedHeightMessage(event.data)) return;
    const borders = frame.offsetHeight - frame.clientHeight;
    frame.style.height = `${reportedFrameHeight(event.data.height, borders, Number(frame.dataset.minHeight) || 0)}px`;
  };
  window.addEventListener("message", onMessage);
  frame.dataset.islandReady = "";
  return () => window.removeEventListener("message", onMessage);
}
