import { useEffect, useState } from "react";

/** The legal banner hides and the nav gains a shadow once scrollY ≥ 20 px. */
export const SCROLL_THRESHOLD_PX = 20;

export function useScrolled(threshold = SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY >= threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}
