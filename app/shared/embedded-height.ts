/** The message an embedded page of ours sends its parent with its content height (EmbeddedHeightReporter); the parent's frame-height island reads it. */
export const EMBEDDED_HEIGHT_MESSAGE = "embedded-form-height";

export type EmbeddedHeightMessage = { type: typeof EMBEDDED_HEIGHT_MESSAGE; height: number };

/** True for a well-formed height message. */
export function isEmbeddedHeightMessage(value: unknown): value is EmbeddedHeightMessage {
  const message = value as Partial<EmbeddedHeightMessage> | null;
  return (
    typeof message === "object" &&
    message !== null &&
    message.type === EMBEDDED_HEIGHT_MESSAGE &&
    typeof message.height === "number" &&
    Number.isFinite(message.height) &&
    message.height > 0
  );
}

/**
 * The frame's height (px) for the content height its page reported, plus the frame's own borders,
 * never below `min` (the form modal's 600 px: taller when our form needs it, as in a phone's narrow
 * modal or with error messages, so nobody scrolls inside the frame to reach the submit button).
 */
export function reportedFrameHeight(reported: number, borders: number, min = 0): number {
  return Math.max(min, reported + borders);
}
