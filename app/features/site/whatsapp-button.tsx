import { useLocation } from "react-router";

import { whatsappContactHref } from "~/features/whatsapp/contact";

import { useSite } from "./use-site";

/** WhatsApp's mark (the lucide set has none): a speech bubble with a handset. */
export function WhatsappIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M12.04 2C6.58 2 2.13 6.45 2.13 11.91c0 1.75.46 3.45 1.32 4.95L2.05 22l5.25-1.38a9.9 9.9 0 0 0 4.74 1.21c5.46 0 9.91-4.45 9.91-9.91S17.5 2 12.04 2Zm0 18.15a8.2 8.2 0 0 1-4.19-1.15l-.3-.18-3.12.82.83-3.04-.2-.31a8.22 8.22 0 0 1-1.26-4.38c0-4.54 3.7-8.24 8.24-8.24 4.54 0 8.24 3.7 8.24 8.24 0 4.54-3.7 8.24-8.24 8.24Zm4.52-6.16c-.25-.12-1.47-.72-1.7-.81-.23-.08-.39-.12-.56.13-.16.25-.64.81-.79.97-.14.17-.29.19-.54.06-.25-.12-1.05-.39-1.99-1.23-.74-.66-1.23-1.47-1.38-1.72-.14-.25-.02-.38.11-.51.11-.11.25-.29.37-.43.13-.15.17-.25.25-.42.08-.17.04-.31-.02-.43-.06-.12-.56-1.34-.76-1.84-.2-.48-.41-.42-.56-.43h-.48c-.17 0-.43.06-.66.31-.23.25-.87.85-.87 2.07 0 1.22.89 2.4 1.01 2.56.12.17 1.75 2.67 4.23 3.74.59.26 1.05.41 1.41.52.59.19 1.13.16 1.56.1.48-.07 1.47-.6 1.67-1.18.21-.58.21-1.07.14-1.18-.06-.1-.22-.16-.47-.29Z" />
    </svg>
  );
}

/**
 * A link to the counting route (never a <Link>: a GET that counts must not be prefetched nor
 * handled by the client router), naming the page it is on. It opens in a new tab, so the visitor
 * keeps the site. Nothing without a students' number.
 */
function ContactLink({
  course,
  className,
  children,
  ...rest
}: {
  course?: string;
  className: string;
  children: React.ReactNode;
  "aria-label"?: string;
  "data-whatsapp-button"?: string;
  "data-floating"?: boolean;
  "data-testid"?: string;
}) {
  const { whatsappNumber } = useSite();
  const { pathname: page } = useLocation();
  if (!whatsappNumber) return null;
  return (
    <a href={whatsappContactHref({ page, course })} target="_blank" rel="nofollow noopener" className={className} {...rest}>
      {children}
    </a>
  );
}

/**
 * The floating WhatsApp button, left of the floating assistant button (same size, 8 px apart, so
 * the footer's room for one holds both). Shown only when the studio has a students' number.
 */
export function WhatsappFloatingButton() {
  return (
    <ContactLink
      aria-label="Falar no WhatsApp (abre em nova aba)"
      data-whatsapp-button="flutuante"
      data-floating
      className="fixed bottom-4 max-sm:absolute right-20 z-30 inline-flex size-14 items-center justify-center rounded-full bg-green-700 text-white shadow-lg shadow-slate-900/30 hover:bg-green-800"
    >
      <WhatsappIcon className="size-7" />
    </ContactLink>
  );
}

/** "Falar no WhatsApp" on course and result pages; nothing without a students' number. */
export function WhatsappContactButton({ course, className = "" }: { course?: string; className?: string }) {
  return (
    <ContactLink
      course={course}
      data-testid="whatsapp-contato"
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-green-700 font-bold text-white hover:bg-green-800 ${className}`}
    >
      <WhatsappIcon className="size-5" />
      Falar no WhatsApp<span className="sr-only"> (abre em nova aba)</span>
    </ContactLink>
  );
}
