import { Phone } from "lucide-react";
import type { ReactNode } from "react";

import { FormLink, type FormType } from "~/features/leads/forms/form-link";
import { telHref, useSite } from "~/features/site/use-site";
import { buttonClass, type ButtonVariant } from "~/ui/button";

type ContactCtasProps = {
  /** Which form the main button opens (the modal with JavaScript, the form's page without). */
  type: FormType;
  title?: string;
  newTab?: boolean;
  /** The main button's look, and the phone link's look beside it. */
  variant: ButtonVariant;
  phoneVariant: ButtonVariant;
  /** xl beside a text, 2xl in a hero or a closing band (the phone link then keeps the hero's height). */
  size: "xl" | "2xl";
  /** Words before the number ("Ligue"). */
  phonePrefix?: string;
  /** Only what the main button adds (a shadow). */
  formClassName?: string;
  /** The row: its flex direction, gaps and margins. */
  className: string;
  /** The main button's label. */
  children: ReactNode;
};

/** The public pages' pair of calls to action: open the form, or call the site's phone. */
export function ContactCtas({
  type,
  title,
  newTab,
  variant,
  phoneVariant,
  size,
  phonePrefix,
  formClassName,
  className,
  children,
}: ContactCtasProps) {
  const site = useSite();
  const hero = size === "2xl";
  return (
    <div className={className}>
      <FormLink type={type} title={title} newTab={newTab} className={buttonClass({ variant, size, className: formClassName })}>
        {children}
      </FormLink>
      <a
        href={telHref(site.phone)}
        className={buttonClass({ variant: phoneVariant, size: "xl", className: hero ? "min-h-12" : undefined })}
      >
        <Phone aria-hidden="true" className={hero ? "size-5" : "size-4"} />
        {phonePrefix ? `${phonePrefix} ${site.phone}` : site.phone}
      </a>
    </div>
  );
}
