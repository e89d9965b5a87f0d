import { Share2 } from "lucide-react";
import { data } from "react-router";

import { resultCourses } from "~/features/courses/courses.server";
import { resultShareText, whatsappShareUrl } from "~/features/share/share";
import { resultSharePath } from "~/features/share/share-image.server";
import { useSite } from "~/features/site/use-site";
import { WhatsappContactButton } from "~/features/site/whatsapp-button";
import { GENERIC_PROFILES } from "~/features/vocational/profiles.seed";
import { CountdownBanner } from "~/features/vocational/result-countdown";
import { resultOfferNote } from "~/features/vocational/result-countdown-time";
import { CourseGrid } from "~/features/vocational/result-courses";
import {
  BottomBar,
  ConsultantButton,
  PROFILE_ICONS,
  ResultCta,
  ResultHero,
  RetakeLink,
} from "~/features/vocational/result-parts";
import { GENERIC_PROFILE_NAMES } from "~/features/vocational/scoring";
import { loadResultState } from "~/features/vocational/vocational.server";
import { WhyThisProfile } from "~/features/vocational/why-this-profile";
import { visitorPageHeaders } from "~/shared/cache-headers";
import { pageMeta } from "~/shared/seo";
import { buttonClass } from "~/ui/button";
import { SectionHeading } from "~/ui/section-heading";

import type { Route } from "./+types/result";

/** Built from the visitor's own answers: never marked for a shared cache. */
export const headers = visitorPageHeaders;

export const meta: Route.MetaFunction = (args) => {
  const name = args.loaderData ? GENERIC_PROFILE_NAMES[args.loaderData.letter] : "";
  return pageMeta(args, {
    title: name ? `Seu Perfil: ${name} - Resultado do Teste Vocacional` : "Resultado do Teste Vocacional",
    description: "Seu perfil no teste vocacional e os cursos que combinam com você.",
    noindex: true,
    // The profile's own share image (its name and the bolsa, nothing of the person; decision 082).
    image: args.loaderData?.shareImage,
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const { headers, view } = await loadResultState(request);
  return data(
    { ...view, courses: resultCourses(GENERIC_PROFILES[view.letter].courses), shareImage: resultSharePath(view.letter) },
    { headers },
  );
}

export default function GenericResultPage({ loaderData }: Route.ComponentProps) {
  const { nome, tally, letter, countdownEnd, now, courses } = loaderData;
  const site = useSite();
  const profile = GENERIC_PROFILES[letter];
  const name = GENERIC_PROFILE_NAMES[letter];
  const shareUrl = whatsappShareUrl(resultShareText(name, `${site.siteUrl}/teste-vocacional`));
  const form = { nome };

  return (
    <div data-perfil-generico={profile.key}>
      <ResultHero
        heroClass={profile.heroClass}
        icon={PROFILE_ICONS[profile.icon]}
        nome={nome}
        heading="Seu Perfil:"
        name={name}
        tagline={profile.title}
        heroPhrase={profile.heroPhrase}
        description={profile.description}
      >
        <ConsultantButton form={form}>Falar com um consultor</ConsultantButton>
        <WhatsappContactButton className="px-5 py-3" />
        <RetakeLink className="text-white hover:bg-white/10" />
        <a href={shareUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "whatsapp", size: "xl" })}>
          <Share2 aria-hidden="true" className="size-5" /> Compartilhar no WhatsApp
        </a>
      </ResultHero>
      {/* After the headline: on a phone "Parabéns" and the profile come first (decision 144). */}
      <CountdownBanner target={countdownEnd} now={now} />

      <section aria-labelledby="cursos-perfil" className="mx-auto max-w-6xl px-4 py-12">
        <SectionHeading id="cursos-perfil" size="block">
          Cursos para o perfil {name}
        </SectionHeading>
        <CourseGrid ids={profile.courses} courses={courses} testId="cursos-perfil" />
      </section>

      <WhyThisProfile
        tally={tally}
        letter={letter}
        resultTitle={`${name} (${profile.title})`}
        shownIsResult
        resultUrl="/teste-vocacional/resultado"
      />

      <ResultCta nome={nome} countdownEnd={countdownEnd} now={now} note={resultOfferNote(countdownEnd)}>
        <ConsultantButton form={form}>Quero minha bolsa</ConsultantButton>
      </ResultCta>

      <BottomBar target={countdownEnd} now={now} form={form} buttonLabel="Quero minha bolsa" />
    </div>
  );
}
