import { campaignContent } from "~/features/campaign/campaign.server";
import { campaignStoriesContent } from "~/features/campaign/stories.server";
import { clubPagesContent } from "~/features/club/club.server";
import { coursesContent, polosContent } from "~/features/courses/courses.server";
import { faqContent, homeContent, testimonialsContent } from "~/features/home/home.server";
import { institutionContent } from "~/features/institution/institution.server";

import { type ContentCollection, listEntries } from "./store.server";

/**
 * Every collection of the content studio, by name: the history page finds a revision's schema here
 * ("Restaurar"). A new section adds its collection to this list.
 */
export const contentCollections: Record<string, ContentCollection<unknown>> = {
  [institutionContent.name]: institutionContent as ContentCollection<unknown>,
  [coursesContent.name]: coursesContent as ContentCollection<unknown>,
  [polosContent.name]: polosContent as ContentCollection<unknown>,
  [homeContent.name]: homeContent as ContentCollection<unknown>,
  [faqContent.name]: faqContent as ContentCollection<unknown>,
  [testimonialsContent.name]: testimonialsContent as ContentCollection<unknown>,
  [campaignContent.name]: campaignContent as ContentCollection<unknown>,
  [campaignStoriesContent.name]: campaignStoriesContent as ContentCollection<unknown>,
  [clubPagesContent.name]: clubPagesContent as ContentCollection<unknown>,
};

/** Seeds every collection that is still empty: at start-up, before the server listens (so no GET writes). */
export function seedContent(): void {
  for (const collection of Object.values(contentCollections)) listEntries(collection);
}

/** Names shown in the history ("Histórico"). */
export const collectionLabels: Record<string, string> = {
  institution: "Instituição",
  courses: "Cursos",
  polos: "Polos",
  home: "Página inicial",
  faq: "FAQ",
  testimonials: "Depoimentos",
  campaign: "Campanha",
  campaignStories: "Histórias da campanha",
  club: "Clube e Trabalhe conosco",
};
