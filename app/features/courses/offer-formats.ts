import { normalizeText } from "~/shared/text";

/**
 * The formats of offer of Decreto 12.456/2025 (DOU 20/05/2025, art. 4º) and the courses it keeps
 * away from some of them, kept as data: decision 083 cites the source of each line. The studio
 * refuses a format a course may not have; the seed's old modalities are mapped by `formatOf`.
 */

/** Art. 4º: the only names a course page may give its format (§ 5º). */
export const OFFER_FORMATS = ["Presencial", "Semipresencial", "EAD"] as const;
export type OfferFormat = (typeof OFFER_FORMATS)[number];

/** The modalities the catalogue used before the decree (decision 083 maps them). */
export const LEGACY_MODALITIES = ["Presencial/EAD", "Híbrido"] as const;

/** Courses the decree keeps presencial only (decision 083: Decreto 12.456/2025). */
export const PRESENCIAL_ONLY_COURSES = ["Medicina", "Direito", "Odontologia", "Enfermagem", "Psicologia"] as const;

/** Licenciaturas (Pedagogia is one) may be presencial or semipresencial, never EAD (decision 083). */
const NO_EAD_NAME_PARTS = ["licenciatura", "pedagogia"] as const;

/** The part of a course name before " - ", without accents and case ("Direito - Noturno" → "direito"). */
function baseName(name: string): string {
  return normalizeText(name.split(" - ")[0] ?? name).trim();
}

export function isPresencialOnly(name: string): boolean {
  const base = baseName(name);
  return PRESENCIAL_ONLY_COURSES.some((course) => normalizeText(course) === base);
}

export function isEadForbidden(name: string): boolean {
  const folded = normalizeText(name);
  return isPresencialOnly(name) || NO_EAD_NAME_PARTS.some((part) => folded.includes(part));
}

/** The formats a course of this name may be offered in. */
export function allowedFormats(name: string): OfferFormat[] {
  if (isPresencialOnly(name)) return ["Presencial"];
  if (isEadForbidden(name)) return ["Presencial", "Semipresencial"];
  return [...OFFER_FORMATS];
}

export function formatRefusal(name: string, format: OfferFormat): string | null {
  if (allowedFormats(name).includes(format)) return null;
  if (isPresencialOnly(name)) return "Pelo Decreto 12.456/2025 este curso só pode ser presencial";
  return "Pelo Decreto 12.456/2025 licenciaturas não podem ser EAD - escolha Presencial ou Semipresencial";
}

/**
 * An old modality (or a format) of a course → its format under the decree (decision 083):
 * what the old name promised that the decree still allows, the closest lawful format otherwise.
 */
export function formatOf(modality: string, name: string): OfferFormat {
  if (isPresencialOnly(name)) return "Presencial";
  const noEad = isEadForbidden(name);
  switch (modality) {
    case "Presencial":
      return "Presencial";
    case "Semipresencial":
    case "Híbrido":
      return "Semipresencial";
    case "Presencial/EAD":
      return noEad ? "Presencial" : "EAD";
    default:
      return noEad ? "Semipresencial" : "EAD";
  }
}
