import { z } from "zod";

import { emailField } from "../leads/contact-fields";
import { institutionPhoneField, optionalCnpjField, optionalUrl, optionalWhatsappNumber, requiredText } from "./fields";
import { institutionMecShape } from "./institution-mec";

/** The institution's identity (studio page "Instituição"): shown in the header, footer, legal pages and forms. */
export const institutionSchema = z.object({
  brandName: requiredText(80),
  productName: requiredText(60),
  groupName: requiredText(120),
  companyName: requiredText(160),
  /** "" until the studio sets it: then no CNPJ is shown. */
  taxId: optionalCnpjField,
  phone: institutionPhoneField,
  phoneHours: requiredText(120),
  contactEmail: emailField,
  privacyEmail: emailField,
  /** Up to four lines (street, city): one per line of the form's text box. */
  addressLines: z.array(requiredText(120)).min(1, "Informe o endereço").max(4, "Use no máximo 4 linhas"),
  socialLinks: z.object({
    instagram: optionalUrl,
    facebook: optionalUrl,
    youtube: optionalUrl,
    linkedin: optionalUrl,
  }),
  /** Students' WhatsApp (digits with country code, wa.me style); "" hides every WhatsApp button. */
  whatsappNumber: optionalWhatsappNumber,
  ...institutionMecShape,
});

export type Institution = z.infer<typeof institutionSchema>;
