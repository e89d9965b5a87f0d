import { useEffect } from "react";

import { EMBEDDED_HEIGHT_MESSAGE, type EmbeddedHeightMessage } from "~/shared/embedded-height";

/**
 * Inside a frame (?embed=1), tells the parent page how tall the content is, now and whenever it
 * changes (errors shown, thank-you page), so the parent sizes the frame to it and nobody has to
 * scroll inside the frame. The body's height is measured, not the document's, which is never less
 * than the frame itself and so could never shrink. Only our own origin is told; the parent's
 * frame-height island (frame-height.island.ts) sizes the frame.
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
