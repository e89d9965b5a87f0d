import { campaignTestimonials } from "~/features/campaign/campaign.seed";
import { type CampaignStory, campaignStorySchema, hasConsent } from "~/features/campaign/stories";
import { activeCourses } from "~/features/courses/courses.server";
import { type ContentCollection, type ContentEntry, listEntries } from "~/features/studio/store.server";

/**
 * The campaign page's "Histórias de Sucesso" in the content store (one document per person, in the
 * page's order), seeded from app/features/campaign/campaign.seed.ts: switched on, with no consent recorded.
 */
export const campaignStoriesContent: ContentCollection<CampaignStory> = {
  name: "campaignStories",
  schema: campaignStorySchema,
  seed: () =>
    campaignTestimonials.map((story) => ({
      id: String(story.id),
      data: {
        name: story.name,
        course: story.course,
        text: story.text,
        image: story.image,
        photo: null,
        active: true,
        consentDate: "",
        consentMethod: "",
      },
    })),
};

/** The names of the active catalogue's courses, once each, in the studio's order (the story form's choices). */
export function activeCourseNames(): string[] {
  return [...new Set(activeCourses().map((course) => course.name))];
}

/** The stories the campaign page shows while it runs: switched on and naming an active course. */
export function shownStoryEntries(): ContentEntry<CampaignStory>[] {
  const courses = new Set(activeCourseNames());
  return listEntries(campaignStoriesContent).filter((entry) => entry.data.active && courses.has(entry.data.course));
}

/** A story as the campaign page shows it (no consent record reaches the visitor). */
export type StoryView = Pick<CampaignStory, "name" | "course" | "text" | "image" | "photo"> & { id: string };

export function shownStories(): StoryView[] {
  return shownStoryEntries().map(({ id, data }) => ({
    id,
    name: data.name,
    course: data.course,
    text: data.text,
    image: data.image,
    photo: data.photo,
  }));
}

/** The shown stories with no consent recorded (only the seed's can be: the form refuses the rest). */
export function shownStoriesWithoutConsent(): ContentEntry<CampaignStory>[] {
  return shownStoryEntries().filter((entry) => !hasConsent(entry.data));
}
