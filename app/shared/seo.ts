import type { MetaDescriptor } from "react-router";

type MetaArgs = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
};

export type PageSeo = {
  title: string;
  description: string;
  /** Absolute or site-relative image for Open Graph; default: the site's share image. */
  image?: string;
  /** Canonical path when it differs from the current one. */
  canonicalPath?: string;
  /** Keep the page out of search engines (admin, WhatsApp, test-internal pages). */
  noindex?: boolean;
  /** JSON-LD objects to embed. */
  jsonLd?: object[];
};

/** The root loader's public site configuration, as a route's `meta` sees it. */
export function siteFromMatches(matches: MetaArgs["matches"]): SeoSite | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { site?: SeoSite } | undefined;
  return root?.site;
}

/**
 * Title, description, canonical URL, Open Graph tags and optional JSON-LD for a route's `meta`:
 * `export const meta: Route.MetaFunction = (args) => pageMeta(args, { title, description })`.
 */
/** The share image every page links to (decision 082), drawn from the studio content. */
export const SHARE_IMAGE_PATH = "/compartilhar/imagem.png";

export function pageMeta(args: MetaArgs, page: PageSeo): MetaDescriptor[] {
  const siteUrl = siteFromMatches(args.matches)?.siteUrl ?? "";
  const canonical = siteUrl + (page.canonicalPath ?? args.location.pathname);
  const image = page.image ?? SHARE_IMAGE_PATH;
  const imageUrl = image.startsWith("http") ? image : siteUrl + image;
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const item of page.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return tags;
}

/**
 * The `meta` of a page search engines must not list, with a fixed title and description: a page
 * behind a login or a secret address (staff, studio, WhatsApp tool), the vocational test's steps, a
 * person's own links. `export const meta: Route.MetaFunction = privatePageMeta("…", "…")`.
 */
export function privatePageMeta(title: string, description: string) {
  return (args: MetaArgs): MetaDescriptor[] => pageMeta(args, { title, description, noindex: true });
}

/** What the JSON-LD helpers need from the public site configuration. */
export type SeoSite = {
  siteUrl: string;
  brandName: string;
  phone?: string;
  contactEmail?: string;
  addressLines?: readonly string[];
  socialLinks?: Record<string, string>;
};
