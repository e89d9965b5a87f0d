import { useRouteLoaderData } from "react-router";

import type { PublicConfig } from "~/server/config.server";

/** The public site configuration (brand, phone, form URLs), loaded once by the root route. */
export function useSite(): PublicConfig {
  const data = useRouteLoaderData("root") as { site: PublicConfig } | undefined;
  if (!data) throw new Error("useSite must be used under the root route");
  return data.site;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
