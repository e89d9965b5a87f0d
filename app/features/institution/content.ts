import { z } from "zod";

import { emailField } from "~/features/leads/contact-fields";
import {
  institutionPhoneField,
  optionalCnpjField,
  optionalUrl,
  optionalWhatsappNumber,
  requiredText,
} from "~/features/studio/fields";

import { institutionMecShape } from "./mec";

/** The articles a brand name takes in pt-BR. */
export const BRAND_ARTICLES = ["a", "o"] as const;
export type BrandArticle = (typeof BRAND_ARTICLES)[number];

export const BRAND_ARTICLE_OPTIONS = [
  { value: "a", label: "a (a Faculdade…, da Universidade…)" },
  { value: "o", label: "o (o Centro Universitário…, do Instituto…)" },
] as const;

const CONTRACTIONS = {
  de: { a: "da", o: "do" },
  em: { a: "na", o: "no" },
  por: { a: "pela", o: "pelo" },
} as const;

/** The brand after a preposition, with its article: ("de", Centro Universitário X, "o") → "do Centro Universitário X". */
export function brandAfter(
  preposition: keyof typeof CONTRACTIONS,
  brand: { brandName: string; brandArticle?: BrandArticle },
): string {
  return `${CONTRACTIONS[preposition][brand.brandArticle ?? "a"]} ${brand.brandName}`;
}

/** The institution's identity (studio page "Instituição"): shown in the header, footer, legal pages and forms. */
export const institutionSchema = z.object({
  brandName: requiredText(80),
  /** The brand's article ("a Faculdade…", "o Centro Universitário…"): texts say "da"/"do", "na"/"no". */
  brandArticle: z.enum(BRAND_ARTICLES, { error: "Escolha o artigo do nome" }).default("a"),
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
