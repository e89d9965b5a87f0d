import { type RefObject, useEffect, useRef } from "react";

/** An island's behaviour: binds to its markup and returns what undoes it. */
export type MountIsland = (root: HTMLElement) => () => void;

/**
 * Runs an island's `mount` (the same module a page without React loads) on the element the returned
 * ref is given, once React has put it in the document, and its cleanup on unmount. A new `key`
 * mounts it again (the component's markup changed). The component itself renders only the markup.
 */
export function useIsland<T extends HTMLElement>(mount: MountIsland, key?: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => (ref.current ? mount(ref.current) : undefined), [mount, key]);
  return ref;
}
