import { useEffect, useState } from "react";

import { SCROLL_THRESHOLD_PX } from "~/features/site/site-header-links";

export { SCROLL_THRESHOLD_PX };

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
