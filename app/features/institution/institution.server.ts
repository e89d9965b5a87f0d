import { type Institution, institutionSchema } from "~/features/institution/content";
import { isValidCnpj, normalizeWhatsappNumber } from "~/features/studio/fields";
import { getSingleton, singletonCollection } from "~/features/studio/store.server";
import { config } from "~/platform/config.server";

const EMPTY_MEC = {
  emecCode: "",
  emecUrl: "",
  igcGrade: "",
  igcYear: "",
  ciGrade: "",
  ciYear: "",
  leaders: [],
  dpoName: "",
  dpoEmail: "",
};

/** What an empty database starts with when the environment says nothing (neutral placeholders). */
const FALLBACK: Institution = {
  brandName: "Universidade Exemplo",
  brandArticle: "a",
  productName: "Universidade",
  groupName: "Grupo Educacional Exemplo",
  companyName: "Empresa Educacional Exemplo Ltda.",
  taxId: "",
  phone: "0800 000 0000",
  phoneHours: "Segunda a sexta, das 8h às 21h",
  contactEmail: "contato@example.com",
  privacyEmail: "privacidade@example.com",
  addressLines: ["Rua Exemplo, 100 - Centro", "Belo Horizonte - MG, 30000-000"],
  socialLinks: { instagram: "", facebook: "", youtube: "", linkedin: "" },
  whatsappNumber: "",
  ...EMPTY_MEC,
};

/**
 * The identity an empty database is seeded with: the environment variables (BRAND_NAME, PHONE, …)
 * where they are valid, the neutral placeholders otherwise. A placeholder CNPJ or a "#" social link
 * becomes "not set" instead of being shown as if real. After the first start the studio is the source.
 */
export function institutionSeed(): Institution {
  const link = (value: string) => (value === "#" ? "" : value);
  const candidate = {
    brandName: config.brandName,
    productName: config.productName,
    groupName: config.groupName,
    companyName: config.companyName,
    taxId: isValidCnpj(config.taxId) ? config.taxId : "",
    phone: config.phone,
    phoneHours: config.phoneHours,
    contactEmail: config.contactEmail,
    privacyEmail: config.privacyEmail,
    addressLines: config.addressLines,
    socialLinks: {
      instagram: link(config.socialLinks.instagram),
      facebook: link(config.socialLinks.facebook),
      youtube: link(config.socialLinks.youtube),
      linkedin: link(config.socialLinks.linkedin),
    },
    whatsappNumber: normalizeWhatsappNumber(process.env.WHATSAPP_NUMBER ?? "") ?? "",
    // Legal values are never seeded: the institution enters them in the studio (decision 084).
    ...EMPTY_MEC,
  };
  const parsed = institutionSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // An invalid environment value is replaced by its placeholder (and said once in the log).
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  console.warn(`content: ignoring invalid identity settings: ${[...bad].join(", ")}`);
  const repaired = Object.fromEntries(
    Object.entries(candidate).map(([key, value]) => [key, bad.has(key) ? FALLBACK[key as keyof Institution] : value]),
  );
  return institutionSchema.parse(repaired);
}

export const institutionContent = singletonCollection("institution", institutionSchema, institutionSeed);

export function getInstitution(): Institution {
  return getSingleton(institutionContent).data;
}
