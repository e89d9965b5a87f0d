import { describe, expect, it } from "vitest";

import { RESULT_PROFILE_LABELS } from "~/features/leads/filters";
import { RESULT_PAGES, RESULT_SLUGS } from "~/features/vocational/profiles.seed";
import { RESULT_TITLES } from "~/features/vocational/result-titles.seed";

describe("result titles for the admin panel", () => {
  it("match the result pages, slug for slug", () => {
    expect(Object.keys(RESULT_TITLES).sort()).toEqual([...RESULT_SLUGS].sort());
    for (const slug of RESULT_SLUGS) expect(RESULT_TITLES[slug]).toBe(RESULT_PAGES[slug].title);
    expect(RESULT_PROFILE_LABELS).toEqual(Object.fromEntries(RESULT_SLUGS.map((slug) => [slug, RESULT_PAGES[slug].title])));
  });
});
