import { useRouteLoaderData } from "react-router";

import type { PublicSite } from "./site.server";

/** The public site configuration (brand, phone, form URLs), loaded once by the root route. */
export function useSite(): PublicSite {
  const data = useRouteLoaderData("root") as { site: PublicSite } | undefined;
  if (!data) throw new Error("useSite must be used under the root route");
  return data.site;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
