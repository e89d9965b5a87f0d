import { regularPrices } from "~/features/campaign/offers.seed";

import type { Course } from "./course-areas.seed";

/** A course as the seed writes it; `course()` in courses.seed.ts fills in what is derived. */
export type CourseInput = Omit<Course, "level" | "image" | "featured" | "icon" | "photo" | "monthlyPrice" | "highlights"> & {
  image?: string;
  /** Graduação unless said (the campaign also sells the other levels: one course of each, ids 78-80). */
  level?: Course["level"];
  /** A price of its own; a graduação's comes from its format and length (seedPrice). */
  monthlyPrice?: number;
};

/** The later monthly payment of the campaign's regular price card with this title (the seed's price of that level). */
export function regularPriceOf(title: string): number {
  const card = regularPrices.find((price) => price.title === title);
  if (!card) throw new Error(`No regular price card "${title}"`);
  return card.remainingPrice;
}
