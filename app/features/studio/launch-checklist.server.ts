import { campaignContent, campaignPageData, campaignSeed } from "~/features/campaign/campaign.server";
import { shownStoriesWithoutConsent } from "~/features/campaign/stories.server";
import { CLUB_NAME } from "~/features/club/club.seed";
import { clubPagesContent } from "~/features/club/club.server";
import { coursesContent, polosContent } from "~/features/courses/courses.server";
import { faqContent, testimonialsContent } from "~/features/home/home.server";
import { STUDIO_PATH } from "~/features/studio/studio";

import { type ContentCollection, type ContentEntry, getSingleton, listEntries } from "./store.server";

/**
 * The overview's launch checklist (decision 143): every item of the seed still published, each with
 * the studio page where it is changed or switched off. "Still the seed's" means equal to the seed's
 * document of the same id: the first save that changes it takes it off the list, a save that changes
 * nothing leaves it on.
 */
export type LaunchItem = { section: string; to: string; text: string };

/** The entries of `collection` that are still exactly the seed's document of their id and are `published`. */
export function seedEntriesStillPublished<T>(
  collection: ContentCollection<T>,
  published: (data: T) => boolean = () => true,
): ContentEntry<T>[] {
  const seed = new Map(collection.seed().map((item) => [item.id, JSON.stringify(collection.schema.parse(item.data))]));
  return listEntries(collection).filter((entry) => published(entry.data) && seed.get(entry.id) === JSON.stringify(entry.data));
}

/** "1 polo" / "3 polos". */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The same fields of the stored campaign and the seed's: the offers, prices, name and the selected courses' scholarship. */
function campaignStillSeed(): boolean {
  const pick = ({ title, offers, prices, selectedCoursesPercent, headlinePercent }: ReturnType<typeof campaignSeed>) =>
    JSON.stringify({ title, offers, prices, selectedCoursesPercent, headlinePercent });
  return pick(getSingleton(campaignContent).data) === pick(campaignContent.schema.parse(campaignSeed()));
}

export function launchChecklist(now: Date = new Date()): LaunchItem[] {
  const items: LaunchItem[] = [];
  const polos = seedEntriesStillPublished(polosContent, (polo) => polo.active);
  if (polos.length > 0) {
    items.push({
      section: "Polos",
      to: `${STUDIO_PATH}/polos`,
      text: `${count(polos.length, "polo do conteúdo inicial continua ativo", "polos do conteúdo inicial continuam ativos")} (ex.: ${polos[0]!.data.location} - ${polos[0]!.data.state}, ${polos[0]!.data.phone}): aparecem no localizador, nas páginas de polo e no JSON-LD. Edite cada um ou desative.`,
    });
  }
  const club = getSingleton(clubPagesContent).data;
  if (!club.partnerRetired && club.partnerName === CLUB_NAME) {
    items.push({
      section: "Clube e Trabalhe conosco",
      to: `${STUDIO_PATH}/clube`,
      text: `A parceria do conteúdo inicial ("${CLUB_NAME}") está no ar: a página /america-mg, o botão da página inicial e o cartão de Bolsas. Troque o nome ou desligue a parceria.`,
    });
  }
  const testimonials = seedEntriesStillPublished(testimonialsContent);
  if (testimonials.length > 0) {
    items.push({
      section: "Depoimentos",
      to: `${STUDIO_PATH}/depoimentos`,
      text: `${count(testimonials.length, "depoimento da página inicial é", "depoimentos da página inicial são")} do conteúdo inicial (ex.: ${testimonials[0]!.data.name}): pessoas de exemplo, sem consentimento registrado. Troque por depoimentos reais ou remova.`,
    });
  }
  const stories = campaignPageData(now).ended ? [] : shownStoriesWithoutConsent();
  if (stories.length > 0) {
    items.push({
      section: "Histórias da campanha",
      to: `${STUDIO_PATH}/historias`,
      text: `${count(stories.length, "história da campanha está publicada", "histórias da campanha estão publicadas")} sem consentimento registrado (ex.: ${stories[0]!.data.name}): registre a data e a forma do consentimento ou desligue.`,
    });
  }
  if (campaignStillSeed()) {
    items.push({
      section: "Campanha",
      to: `${STUDIO_PATH}/campanha`,
      text: "O nome, as ofertas, os preços e os percentuais da campanha ainda são os do conteúdo inicial.",
    });
  }
  const faq = seedEntriesStillPublished(faqContent);
  if (faq.length > 0) {
    items.push({
      section: "FAQ",
      to: `${STUDIO_PATH}/faq`,
      text: `${count(faq.length, "pergunta do FAQ é", "perguntas do FAQ são")} do conteúdo inicial: confira se cada resposta vale para a instituição.`,
    });
  }
  const courses = seedEntriesStillPublished(coursesContent, (course) => course.active);
  if (courses.length > 0) {
    items.push({
      section: "Cursos",
      to: `${STUDIO_PATH}/cursos`,
      text: `${count(courses.length, "curso do conteúdo inicial continua ativo", "cursos do conteúdo inicial continuam ativos")} sem nenhuma alteração: confira o catálogo e desative o que a instituição não oferece.`,
    });
  }
  return items;
}
