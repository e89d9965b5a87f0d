import { campaignWarnings } from "~/features/campaign/campaign.server";
import { claimWarnings } from "~/features/campaign/claim-warnings.server";
import { clubWarnings } from "~/features/club/club.server";
import { levelWarnings, mecWarnings, offerWarnings } from "~/features/courses/course-offer.server";
import { courseWarnings } from "~/features/courses/courses.server";
import { homeWarnings } from "~/features/home/home.server";
import { getInstitution } from "~/features/institution/institution.server";
import { poloWarnings } from "~/features/polos/polos.server";

import { type ContentWarning, STUDIO_PATH } from "./studio";

function institutionWarnings(): ContentWarning[] {
  const institution = getInstitution();
  const at = { section: "Instituição", to: `${STUDIO_PATH}/instituicao` };
  const warnings: ContentWarning[] = [];
  if (!institution.taxId) warnings.push({ ...at, text: "CNPJ não informado: o rodapé e as páginas legais aparecem sem CNPJ." });
  if (/@example\.(com|org|net)$/.test(institution.contactEmail) || /@example\.(com|org|net)$/.test(institution.privacyEmail)) {
    warnings.push({ ...at, text: "Os e-mails de contato e de privacidade ainda são exemplos (@example.com)." });
  }
  if (institution.phone.replace(/\D/g, "") === "08000000000")
    warnings.push({ ...at, text: "O telefone ainda é o exemplo 0800 000 0000." });
  if (!institution.whatsappNumber) {
    warnings.push({ ...at, text: "Sem número de WhatsApp para estudantes: nenhum botão de WhatsApp aparece no site." });
  }
  return warnings;
}

/**
 * What the studio's first page warns about: content that is missing, still a placeholder, or would
 * tell visitors something untrue (an expired date, a percentage no offer gives). Each section adds
 * its own check (a function giving ContentWarning[]) to CHECKS.
 */
const CHECKS: Array<(now: Date) => ContentWarning[]> = [
  institutionWarnings,
  mecWarnings,
  campaignWarnings,
  clubWarnings,
  homeWarnings,
  courseWarnings,
  claimWarnings,
  poloWarnings,
  offerWarnings,
  levelWarnings,
];

export function contentWarnings(now: Date = new Date()): ContentWarning[] {
  return CHECKS.flatMap((check) => check(now));
}
