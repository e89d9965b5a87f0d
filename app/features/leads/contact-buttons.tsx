import { MessageCircle, Phone } from "lucide-react";
import { Form } from "react-router";

import { contactActionPath } from "~/features/leads/contact";
import { WhatsappOptOutBadge } from "~/features/whatsapp/optouts/optout-badge";

/**
 * A lead's phone as text and its contact buttons: "Ligar" and "WhatsApp", each a same-origin POST
 * (works without JavaScript) to the contact action, which records the attempt and sends the browser
 * on to tel: or wa.me. A person on the WhatsApp opt-out list shows the badge and gets no WhatsApp
 * button; a phone that is not a usable mobile gets no buttons at all.
 */
export function ContactButtons({
  leadId,
  nome,
  telefone,
  optedOut,
  contactable,
  wrap = true,
}: {
  leadId: number;
  /** For screen readers: which lead each button contacts (the panel has one row per lead). */
  nome: string;
  telefone: string;
  optedOut: boolean;
  /**
   * The phone is a usable mobile (contactNumber, decided by the server's loader: the phone rules
   * stay out of the browser's bundle).
   */
  contactable: boolean;
  /** false in the panel's table: the phone and its buttons stay on one line. */
  wrap?: boolean;
}) {
  const button =
    "inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <div className={`flex items-center gap-2 ${wrap ? "flex-wrap" : "flex-nowrap"}`}>
      <span data-testid="lead-phone">{telefone}</span>
      <WhatsappOptOutBadge optedOut={optedOut} />
      {contactable ? (
        <Form method="post" action={contactActionPath(leadId)} className="inline">
          <input type="hidden" name="canal" value="telefone" />
          <button
            type="submit"
            data-testid="contact-call"
            className={`${button} border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}
          >
            <Phone aria-hidden="true" className="size-3.5" /> Ligar<span className="sr-only"> para {nome}</span>
          </button>
        </Form>
      ) : null}
      {contactable && !optedOut ? (
        <Form method="post" action={contactActionPath(leadId)} className="inline">
          <input type="hidden" name="canal" value="whatsapp" />
          <button
            type="submit"
            data-testid="contact-whatsapp"
            className={`${button} border-green-700 bg-green-700 text-white hover:bg-green-800`}
          >
            <MessageCircle aria-hidden="true" className="size-3.5" /> WhatsApp<span className="sr-only"> para {nome}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The contact fields of a lead as the lead pages' loaders give them. */
export type ContactLead = { id: number; nome: string; telefone: string; whatsappOptOut: boolean; contactable: boolean };

/** ContactButtons for one lead of a page's view model (the lead page, the contact page). */
export function LeadContactButtons({ lead, wrap }: { lead: ContactLead; wrap?: boolean }) {
  const { id, nome, telefone, whatsappOptOut, contactable } = lead;
  return <ContactButtons leadId={id} optedOut={whatsappOptOut} {...{ nome, telefone, contactable, wrap }} />;
}
