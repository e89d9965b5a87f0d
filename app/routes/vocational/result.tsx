import { Share2 } from "lucide-react";
import { data } from "react-router";

import { useSite } from "~/components/layout/use-site";
import { WhatsappContactButton } from "~/components/layout/whatsapp-button";
import { buttonClass } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import {
  BottomBar,
  ConsultantButton,
  CountdownBanner,
  CourseGrid,
  GraduationLink,
  PROFILE_ICONS,
  ResultCountdown,
  RetakeLink,
  WhyThisProfile,
} from "~/components/vocational/result-parts";
import { visitorPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { resultShareText, whatsappShareUrl } from "~/lib/share";
import { GENERIC_PROFILE_NAMES } from "~/lib/vocational/scoring";
import { GENERIC_PROFILES } from "~/seed/profiles";
import { resultCourses } from "~/server/content/courses.server";
import { loadResultState } from "~/server/vocational/vocational.server";

import type { Route } from "./+types/result";

/** Built from the visitor's own answers: never marked for a shared cache. */
export const headers = visitorPageHeaders;

export const meta: Route.MetaFunction = (args) => {
  const name = args.loaderData ? GENERIC_PROFILE_NAMES[args.loaderData.letter] : "";
  return pageMeta(args, {
    title: name ? `Seu Perfil: ${name} - Resultado do Teste Vocacional` : "Resultado do Teste Vocacional",
    description: "Seu perfil no teste vocacional e os cursos que combinam com você.",
    noindex: true,
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const { headers, view } = await loadResultState(request);
  return data({ ...view, courses: resultCourses(GENERIC_PROFILES[view.letter].courses) }, { headers });
}

export default function GenericResultPage({ loaderData }: Route.ComponentProps) {
  const { nome, tally, letter, countdownEnd, now, courses } = loaderData;
  const site = useSite();
  const profile = GENERIC_PROFILES[letter];
  const name = GENERIC_PROFILE_NAMES[letter];
  const Icon = PROFILE_ICONS[profile.icon];
  const shareUrl = whatsappShareUrl(resultShareText(name, `${site.siteUrl}/teste-vocacional`));

  return (
    <div data-perfil-generico={profile.key}>
      <CountdownBanner target={countdownEnd} now={now} />
      <section className={`${profile.heroClass} text-white`}>
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
            <Icon aria-hidden="true" className="size-4" /> Resultado do teste vocacional
          </p>
          <p className="mt-5 text-lg font-semibold">Parabéns, {nome}!</p>
          <h1 className="mt-1 text-3xl font-extrabold sm:text-5xl">
            Seu Perfil: <span className="text-accent-300">{name}</span>
          </h1>
          <p className="mt-3 text-xl font-semibold">{profile.title}</p>
          <p className="mt-2 max-w-3xl text-lg text-white/90">{profile.heroPhrase}</p>
          <p className="mt-2 max-w-3xl text-white/80">{profile.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ConsultantButton
              nome={nome}
              className="rounded-lg bg-accent-400 px-6 py-3 font-extrabold text-slate-900 hover:bg-accent-300"
            >
              Falar com um consultor
            </ConsultantButton>
            <WhatsappContactButton className="px-5 py-3" />
            <RetakeLink className="text-white hover:bg-white/10" />
            <a href={shareUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "whatsapp", size: "xl" })}>
              <Share2 aria-hidden="true" className="size-5" /> Compartilhar no WhatsApp
            </a>
          </div>
        </div>
      </section>

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

      <section aria-labelledby="cta" className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-14 text-center">
          <h2 id="cta" className="text-2xl font-extrabold sm:text-3xl">
            {nome}, garanta sua bolsa de até {site.claims.selectedBolsa}
          </h2>
          {countdownEnd !== null && <ResultCountdown target={countdownEnd} now={now} />}
          <div className="flex flex-wrap justify-center gap-3">
            <ConsultantButton
              nome={nome}
              className="rounded-lg bg-accent-400 px-6 py-3 font-extrabold text-slate-900 hover:bg-accent-300"
            >
              Quero minha bolsa
            </ConsultantButton>
            <GraduationLink className="bg-white/10 text-white hover:bg-white/20" />
          </div>
        </div>
      </section>

      <BottomBar target={countdownEnd} now={now} nome={nome} buttonLabel="Quero minha bolsa" />
    </div>
  );
}
