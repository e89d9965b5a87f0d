import { poloEntries } from "~/features/courses/courses.server";
import { activeCatalogueCounts, getHomeContent } from "~/features/home/home.server";
import { getInstitution } from "~/features/institution/institution.server";
import { type ContentWarning, STUDIO_PATH } from "~/features/studio/studio";

/**
 * The overview's list of defaults still on the site (decision 081): the seed's identity, its address,
 * its invented polo phones and a course or polo count typed above the catalogue's. Each is what the institution
 * must replace before launch; none is ever presented to visitors as more than what it is.
 */

/** The seed's placeholders of the identity (app/server/content/institution.server.ts FALLBACK). */
const SEED_IDENTITY = /\bExemplo\b/;
const SEED_ADDRESS = /Rua Exemplo|30000-000/;
/** The seed's polo phones: "(DD) 3000-0xxx". */
const SEED_POLO_PHONE = /\(\d{2}\) 3000-0\d{3}$/;

export function claimWarnings(): ContentWarning[] {
  const warnings: ContentWarning[] = [];
  const institution = getInstitution();
  const at = { section: "Instituição", to: `${STUDIO_PATH}/instituicao` };
  const seedNames = (
    [
      ["brandName", "O nome da marca"],
      ["productName", "O nome do produto"],
      ["groupName", "O nome do grupo"],
      ["companyName", "A razão social"],
    ] as const
  ).filter(([field]) => SEED_IDENTITY.test(institution[field]));
  for (const [field, label] of seedNames) {
    warnings.push({ ...at, text: `${label} ainda é o exemplo do conteúdo inicial ("${institution[field]}").` });
  }
  if (institution.addressLines.some((line) => SEED_ADDRESS.test(line))) {
    warnings.push({
      ...at,
      text: `O endereço ainda é o exemplo do conteúdo inicial ("${institution.addressLines.join(", ")}").`,
    });
  }
  const seedPhones = poloEntries().filter((entry) => entry.data.active && SEED_POLO_PHONE.test(entry.data.phone));
  if (seedPhones.length > 0) {
    warnings.push({
      section: "Polos",
      to: `${STUDIO_PATH}/polos`,
      text: `${seedPhones.length} polos ativos ainda têm o telefone de exemplo do conteúdo inicial ("(DD) 3000-0xxx").`,
    });
  }
  const home = getHomeContent();
  const { courses, polos } = activeCatalogueCounts();
  if (home.courseCount !== null && home.courseCount > courses) {
    warnings.push({
      section: "Página inicial",
      to: `${STUDIO_PATH}/inicio`,
      text: `O número de cursos anunciado (${home.courseCount}+) é digitado e passa dos cursos ativos do catálogo (${courses}): confirme esse número ou deixe o campo vazio para calcular.`,
    });
  }
  if (home.poloCount !== null && home.poloCount > polos) {
    warnings.push({
      section: "Página inicial",
      to: `${STUDIO_PATH}/inicio`,
      text: `O número de polos anunciado (${home.poloCount}+) é digitado e passa dos polos ativos do cadastro (${polos}): confirme que a rede tem esse tamanho ou deixe o campo vazio para calcular.`,
    });
  }
  return warnings;
}
