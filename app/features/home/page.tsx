import { useLoaderData } from "react-router";

import { activeCourses, activePolos, recognizedCourseCount } from "~/features/courses/courses.server";
import { siteSharePath } from "~/features/share/share-image.server";
import { publicSite } from "~/features/site/site.server";
import { useSite } from "~/features/site/use-site";
import { formatNumber } from "~/shared/format";
import { faqJsonLd, institutionJsonLd } from "~/shared/json-ld";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta } from "~/shared/seo";

import type { Route } from "./+types/page";
import { CatalogueContext, CatalogueResults, CourseCatalogue } from "./course-catalogue";
import { HomeFaq } from "./faq";
import { HomeHero, HomeSearchBox } from "./hero";
import { homePageContent } from "./home.server";
import { catalogueData, homeHref, homeView, parseHomeQuery, polosData } from "./home-data";
import { PoloContext, PoloCount, PoloFinder, PoloResults } from "./polo-finder";
import { HomeCountdown, Testimonials, VocationalTestBanner, WhyChooseUs } from "./sections";

/**
 * Plain HTML in the browser (decision 092): the countdown, the live course and polo searches and the
 * section jumps are islands (decision 098); the form buttons are links to the form page.
 */
export const handle = { framework: false } satisfies PageScriptsHandle;

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseHomeQuery(params);
  const view = homeView(params);
  const home = homePageContent();
  return {
    view,
    catalogue: catalogueData(activeCourses(), query),
    polos: polosData(activePolos(), query),
    home,
    recognizedCourses: recognizedCourseCount(),
    // Built here, not in `meta`: the page's JavaScript does not carry the JSON-LD builders. The FAQ's
    // only where the FAQ is in the document (the landing document has its placeholder: decision 104).
    jsonLd: view === "full" ? [institutionJsonLd(publicSite()), faqJsonLd(home.faq)] : [institutionJsonLd(publicSite())],
    // The site picture at an address that changes with it (decision 102).
    shareImage: siteSharePath(),
  };
}

/**
 * The title and description carry the same stats as the hero (from the store, never contradicting it);
 * "reconhecidos pelo MEC" counts only the courses whose recognition act is entered (decision 143).
 */
export const meta: Route.MetaFunction = (args) => {
  const home = args.loaderData?.home;
  const stats = home?.stats;
  const recognized = args.loaderData?.recognizedCourses ?? 0;
  return pageMeta(args, {
    title: stats?.bolsaPercent
      ? `Graduação EAD, semipresencial e presencial com bolsa de até ${stats.bolsa}`
      : "Graduação EAD, semipresencial e presencial",
    description: stats
      ? `Mais de ${formatNumber(stats.courseClaim)} cursos${recognized > 0 ? ` (${formatNumber(recognized)} reconhecidos pelo MEC)` : ""}, bolsas de até ${stats.bolsa} e mais de ${formatNumber(stats.poloClaim)} polos. Pesquise cursos, encontre um polo perto de você e garanta sua vaga.`
      : "",
    // A level of the catalogue (?nivel=, in the sitemap) is a page of its own; any other query is the home page.
    canonicalPath: args.loaderData?.catalogue.level ? homeHref({ level: args.loaderData.catalogue.level }) : "/",
    jsonLd: args.loaderData?.jsonLd ?? [],
    image: args.loaderData?.shareImage,
  });
};

export default function Home() {
  const { view, catalogue, polos, home } = useLoaderData<typeof loader>();
  const site = useSite();
  if (view === "search" || view === "parts") {
    // Only these parts reach the browser (entry.server.tsx cuts the document down to the template).
    return (
      <template data-fragment="">
        <div id="catalogo-contexto">
          <CatalogueContext polos={polos} />
        </div>
        <div id="cursos-resultados">
          <CatalogueResults catalogue={catalogue} polos={polos} bolsa={home.stats.bolsa} />
        </div>
        <div id="polo-contexto">
          <PoloContext catalogue={catalogue} />
        </div>
        <div id="polos-contagem">
          <PoloCount polos={polos} />
        </div>
        <div id="polos-resultados">
          <PoloResults polos={polos} catalogue={catalogue} />
        </div>
        {view === "parts" ? (
          <>
            <Testimonials items={home.testimonials} />
            <HomeFaq items={home.faq} />
          </>
        ) : null}
      </template>
    );
  }
  const deferred = view === "landing";
  return (
    <>
      {/* Without JavaScript nothing can lay the sections out before a jump (/#faq): they never skip it. */}
      <noscript>
        <style>{".below-fold{content-visibility:visible}"}</style>
      </noscript>
      {/* With JavaScript, the section-jumps island lays them out once the address has a fragment. */}
      <span hidden data-island="section-jumps" />
      <HomeHero hero={home.hero} stats={home.stats} partnerName={site.claims.partnerName} />
      <HomeSearchBox term={catalogue.term} />
      <WhyChooseUs poloClaim={home.stats.poloClaim} />
      <VocationalTestBanner />
      <CourseCatalogue catalogue={catalogue} polos={polos} bolsa={home.stats.bolsa} deferred={deferred} />
      {/* Keyed by its deadline: a new one from the loader (after a save) starts the clock again. */}
      <HomeCountdown key={home.countdown.view?.endsAt ?? "sem-contagem"} countdown={home.countdown} />
      <Testimonials items={home.testimonials} deferred={deferred} />
      <PoloFinder polos={polos} catalogue={catalogue} deferred={deferred} />
      <HomeFaq items={home.faq} deferred={deferred} />
    </>
  );
}
