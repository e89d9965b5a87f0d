import type { Institution } from "~/lib/content/institution";

import { type PublicConfig, publicConfig } from "./config.server";
import { getInstitution } from "./content/institution.server";

export type PublicSite = PublicConfig & Institution;

/** What every page may show about the site: the institution (content studio) and the public settings. */
export function publicSite(): PublicSite {
  return { ...publicConfig(), ...getInstitution() };
}
