import { useLoaderData } from "react-router";

import { CourseCatalogue } from "~/components/home/course-catalogue";
import { PoloFinder } from "~/components/home/polo-finder";
import {
  FaqSection,
  HomeCountdown,
  HomeHero,
  HomeSearchBox,
  Testimonials,
  VocationalTestBanner,
  WhyChooseUs,
} from "~/components/home/sections";
import { courses } from "~/content/courses";
import { faq } from "~/content/faq";
import { polos } from "~/content/polos";
import { catalogueData, parseHomeQuery, polosData } from "~/lib/home-data";
import { faqJsonLd, institutionJsonLd, pageMeta, siteFromMatches } from "~/lib/seo";
import { config } from "~/server/config.server";

import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  const query = parseHomeQuery(new URL(request.url).searchParams);
  return {
    catalogue: catalogueData(courses, query),
    polos: polosData(polos, query),
    countdown: { target: config.homeCountdownTarget, now: Date.now() },
  };
}

/** The institution's JSON-LD, when the root data (site configuration) is there. */
function institution(matches: Route.MetaArgs["matches"]) {
  const site = siteFromMatches(matches);
  return site ? [institutionJsonLd(site)] : [];
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Graduação EAD, híbrida e presencial com bolsa de até 70%",
    description:
      "Mais de 80 cursos reconhecidos pelo MEC, bolsas de até 70% e mais de 1.000 polos. Pesquise cursos, encontre um polo perto de você e garanta sua vaga.",
    canonicalPath: "/",
    jsonLd: [...institution(args.matches), faqJsonLd(faq)],
  });

export default function Home() {
  const { catalogue, polos, countdown } = useLoaderData<typeof loader>();
  return (
    <>
      {/* Without JavaScript nothing can lay the sections out before a jump (/#faq): they never skip it. */}
      <noscript>
        <style>{".below-fold{content-visibility:visible}"}</style>
      </noscript>
      <HomeHero />
      <HomeSearchBox term={catalogue.term} />
      <WhyChooseUs />
      <VocationalTestBanner />
      <CourseCatalogue catalogue={catalogue} polos={polos} />
      <HomeCountdown target={countdown.target} now={countdown.now} />
      <Testimonials />
      <PoloFinder polos={polos} catalogue={catalogue} />
      <FaqSection />
    </>
  );
}
