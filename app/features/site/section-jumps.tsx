import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

import { fragmentId } from "~/shared/fragment";

export { fragmentId };

/**
 * Jumps to a section (/#faq, the menu's "Cursos", "Ver todos os polos") land on it. The home page's
 * lower sections skip their layout until scrolled near (`below-fold` in app.css), with placeholder
 * heights; a jump measured against those lands far from its section. Once the address has a
 * fragment, `data-jump` on <html> lays every section out for the rest of the visit. Rendered before
 * React Router's <ScrollRestoration>, so this runs before it scrolls to the fragment.
 */
export function SectionJumps() {
  const { hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) return;
    const html = document.documentElement;
    if ("jump" in html.dataset) return;
    html.dataset.jump = "";
    // The browser may have jumped before this page came alive, against the placeholders: again, now.
    document.getElementById(fragmentId(hash))?.scrollIntoView();
  }, [hash]);
  return null;
}
