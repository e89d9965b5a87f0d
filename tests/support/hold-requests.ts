import type { Page, Request } from "@playwright/test";

/** Holds the page's requests that match until `release()`; `arrived` resolves once the first one is held. */
export async function holdRequests(page: Page, matches: (request: Request) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(
    () => true,
    async (route) => {
      if (!matches(route.request())) return route.fallback();
      arrive();
      await released;
      await route.continue().catch(() => {});
    },
  );
  return {
    arrived,
    release: async () => {
      release();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    },
  };
}
