import { type RefObject, useEffect, useState } from "react";

import { EMBEDDED_HEIGHT_MESSAGE, type EmbeddedHeightMessage, isEmbeddedHeightMessage } from "~/shared/embedded-height";

/**
 * Inside a frame (?embed=1), tells the parent page how tall the content is, now and whenever it
 * changes (errors shown, thank-you page), so the parent sizes the frame to it and nobody has to
 * scroll inside the frame. The body's height is measured, not the document's, which is never less
 * than the frame itself and so could never shrink. Only our own origin is told.
 */
export function EmbeddedHeightReporter() {
  useEffect(() => {
    if (window.parent === window) return;
    const report = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      window.parent.postMessage(
        { type: EMBEDDED_HEIGHT_MESSAGE, height } satisfies EmbeddedHeightMessage,
        window.location.origin,
      );
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return null;
}

/**
 * In the parent page: the content height one of our frames reports (same origin only, and only
 * from that frame), plus the frame's borders; null until it reports, for an outside page, and
 * without JavaScript. Used by the embedded forms and the form modal.
 */
export function useReportedHeight(ref: RefObject<HTMLIFrameElement | null>, external: boolean) {
  const [px, setPx] = useState<number | null>(null);
  useEffect(() => {
    if (external) return;
    const onMessage = (event: MessageEvent) => {
      const frame = ref.current;
      if (!frame || event.source !== frame.contentWindow || event.origin !== window.location.origin) return;
      if (!isEmbeddedHeightMessage(event.data)) return;
      const borders = frame.offsetHeight - frame.clientHeight;
      setPx(event.data.height + borders);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [ref, external]);
  return { ref, px };
}
