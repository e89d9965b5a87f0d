/** The message an embedded page of ours sends its parent with its content height (components/public/embedded-form.tsx, or the frame-height island on a page without React). */
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
