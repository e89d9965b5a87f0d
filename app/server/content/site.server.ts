import type { Institution } from "~/lib/content/institution";
import type { EmecSeal } from "~/lib/content/institution-mec";

import { type PublicConfig, publicConfig } from "../platform/config.server";
import { emecSeal } from "./emec-seal.server";
import { siteClaims } from "./home.server";
import { getInstitution } from "./institution.server";

/**
 * The claims every page may make ("bolsa de até 60%", "mais de 70 cursos"), the same numbers the
 * home page shows: derived from the active offers and catalogue (or the studio's lower overrides).
 * `selectedBolsa` is the scholarship of selected courses such as Educação Física ("Bolsas de até 70%
 * em cursos selecionados"), stored in the studio's "Campanha".
 */
export type { SiteClaims } from "~/lib/claims";
import type { SiteClaims } from "~/lib/claims";

export type PublicSite = PublicConfig & Institution & { claims: SiteClaims; emecSeal: EmecSeal | null };

/** What every page may show about the site: the institution (content studio), its claims and the public settings. */
export function publicSite(now: Date = new Date()): PublicSite {
  const institution = getInstitution();
  return { ...publicConfig(), ...institution, claims: siteClaims(now), emecSeal: emecSeal(institution) };
}
