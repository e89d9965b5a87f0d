import { activeOffers, activePrices } from "~/features/campaign/campaign.server";
import { levelOfTitle } from "~/features/campaign/content";
import { getInstitution } from "~/features/institution/institution.server";
import { type ContentEntry, listEntries } from "~/features/studio/store.server";
import { type ContentWarning, STUDIO_PATH } from "~/features/studio/studio";

import { type CourseDocument, poloLabel } from "./content";
import { missingOfferItems, type OfferConditions } from "./course-offer";
import { activeCourses, coursesContent, poloEntries } from "./courses.server";

/**
 * The MEC's "condições de oferta" of each course (decision 084), read from the studio's course
 * documents, and the overview's "falta para publicar" list.
 */

function conditionsOf(entry: ContentEntry<CourseDocument>, polos: Map<string, { label: string; slug: string }>): OfferConditions {
  const course = entry.data;
  return {
    id: Number(entry.id),
    name: course.name,
    path: course.path,
    level: course.level,
    format: course.modality,
    act:
      course.actType && course.actNumber && course.actDate
        ? { type: course.actType, number: course.actNumber, date: course.actDate }
        : null,
    evaluation:
      course.evaluationKind && course.evaluationGrade && course.evaluationYear
        ? { kind: course.evaluationKind, grade: course.evaluationGrade, year: course.evaluationYear }
        : null,
    coordinator: course.coordinator,
    workloadHours: course.workloadHours,
    duration: course.duration,
    curriculum: course.curriculum,
    monthlyPrice: course.monthlyPrice,
    readjustmentRule: course.readjustmentRule,
    polos: course.poloIds.flatMap((id) => {
      const polo = polos.get(id);
      return polo ? [polo] : [];
    }),
    missing: missingOfferItems(course),
  };
}

function activePoloLabels(): Map<string, { label: string; slug: string }> {
  return new Map(
    poloEntries()
      .filter((entry) => entry.data.active)
      .map((entry) => [entry.id, { label: poloLabel(entry.data), slug: entry.data.slug }]),
  );
}

/** The conditions of the active courses among `ids` (a course page's variants), in the catalogue's order. */
export function offerConditions(ids: readonly number[]): OfferConditions[] {
  const polos = activePoloLabels();
  const wanted = new Set(ids.map(String));
  return listEntries(coursesContent)
    .filter((entry) => entry.data.active && wanted.has(entry.id))
    .map((entry) => conditionsOf(entry, polos));
}

/** Every active course's conditions, for /condicoes-de-oferta. */
export function allOfferConditions(): OfferConditions[] {
  const polos = activePoloLabels();
  return listEntries(coursesContent)
    .filter((entry) => entry.data.active)
    .map((entry) => conditionsOf(entry, polos));
}

/** What /condicoes-de-oferta says about the institution itself. */
export function institutionConditions() {
  const institution = getInstitution();
  return {
    companyName: institution.companyName,
    emecCode: institution.emecCode,
    emecUrl: institution.emecUrl,
    igc: institution.igcGrade ? { grade: institution.igcGrade, year: institution.igcYear } : null,
    ci: institution.ciGrade ? { grade: institution.ciGrade, year: institution.ciYear } : null,
    leaders: institution.leaders,
  };
}

/** The overview's "falta para publicar": one line per active course with what the law still needs. */
export function offerWarnings(): ContentWarning[] {
  return listEntries(coursesContent)
    .filter((entry) => entry.data.active)
    .flatMap((entry) => {
      const missing = missingOfferItems(entry.data);
      if (missing.length === 0) return [];
      return [
        {
          section: "Cursos",
          to: `${STUDIO_PATH}/cursos/${entry.id}`,
          text: `Falta para publicar "${entry.data.name}": ${missing.join(", ")}.`,
        },
      ];
    });
}

/**
 * The overview flags a campaign card (an offer card or a price card active at `now`) selling a level
 * the catalogue has no active course of; a title both lists share is said once.
 */
export function levelWarnings(now: Date): ContentWarning[] {
  const levels = new Set(activeCourses().map((course) => course.level));
  const titles = new Set([...activeOffers(now), ...activePrices(now)].map((card) => card.title));
  return [...titles].flatMap((title) => {
    const level = levelOfTitle(title);
    if (!level || levels.has(level)) return [];
    return [
      {
        section: "Campanha",
        to: `${STUDIO_PATH}/campanha`,
        text: `O cartão "${title}" vende ${level}, mas nenhum curso ativo é desse nível: cadastre um curso ou retire o cartão.`,
      },
    ];
  });
}

/** The overview's lines about the institution's MEC and LGPD information. */
export function mecWarnings(): ContentWarning[] {
  const institution = getInstitution();
  const at = { section: "Instituição", to: `${STUDIO_PATH}/instituicao` };
  const warnings: ContentWarning[] = [];
  if (!institution.emecCode || !institution.emecUrl) {
    warnings.push({ ...at, text: "Falta para publicar: código e link do e-MEC (o selo do e-MEC não aparece no rodapé)." });
  }
  if (!institution.igcGrade && !institution.ciGrade) warnings.push({ ...at, text: "Falta para publicar: IGC ou CI com o ano." });
  if (institution.leaders.length === 0) warnings.push({ ...at, text: "Falta para publicar: os dirigentes da instituição." });
  if (!institution.dpoName) {
    warnings.push({ ...at, text: "Falta para publicar: o Encarregado de dados (LGPD, art. 41) da Política de Privacidade." });
  }
  return warnings;
}
