import { CheckCircle2, Quote, Star } from "lucide-react";
import { data } from "react-router";

import { claimText } from "~/features/campaign/claims";
import { selectedBolsaFromMatches } from "~/features/campaign/claims";
import { resultCourses } from "~/features/courses/courses.server";
import { resultSharePath } from "~/features/share/share-image.server";
import { useSite } from "~/features/site/use-site";
import { WhatsappContactButton } from "~/features/site/whatsapp-button";
import {
  BUSINESS_DIFFERENTIALS,
  BUSINESS_TESTIMONIAL,
  type CourseGroups,
  isResultSlug,
  RESULT_PAGES,
} from "~/features/vocational/profiles.seed";
import { CountdownBanner } from "~/features/vocational/result-countdown";
import { resultOfferNote } from "~/features/vocational/result-countdown-time";
import { CourseGrid, ExtraCourseList, type ResultCourse } from "~/features/vocational/result-courses";
import {
  BottomBar,
  ConsultantButton,
  type ConsultantForm,
  PROFILE_ICONS,
  ResultCta,
  ResultHero,
  RetakeLink,
} from "~/features/vocational/result-parts";
import { loadResultState } from "~/features/vocational/vocational.server";
import { WhyThisProfile } from "~/features/vocational/why-this-profile";
import { visitorPageHeaders } from "~/shared/cache-headers";
import { pageMeta } from "~/shared/seo";
import { SectionHeading } from "~/ui/section-heading";

import type { Route } from "./+types/result-profile";

/** The consultant form's title on the business profile's page, with the selected courses' scholarship (site.claims). */
function businessFormTitle(selectedBolsa: string): string {
  return `Garanta sua bolsa de até ${selectedBolsa}`;
}

/** Built from the visitor's own answers: never marked for a shared cache. */
export const headers = visitorPageHeaders;

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData ? RESULT_PAGES[args.loaderData.slug] : undefined;
  return pageMeta(args, {
    title: page ? `Perfil ${page.title} - Resultado do Teste Vocacional` : "Resultado do Teste Vocacional",
    description: `Seu resultado do teste vocacional, com cursos recomendados e bolsas de até ${selectedBolsaFromMatches(args.matches)}.`,
    noindex: true,
    // The profile's own share image (its name and the bolsa, nothing of the person; decision 082).
    image: args.loaderData?.shareImage,
  });
};

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isResultSlug(params.perfil)) throw data(null, { status: 404 });
  const { headers, view } = await loadResultState(request);
  const page = RESULT_PAGES[params.perfil];
  const courses = resultCourses([...(page.recommended ?? []), ...(page.groups?.graduacao ?? [])]);
  return data({ slug: params.perfil, ...view, courses, shareImage: resultSharePath(params.perfil) }, { headers });
}

export default function ResultPage({ loaderData }: Route.ComponentProps) {
  const { slug, nome, tally, letter, perfil, countdownEnd, now, courses } = loaderData;
  const page = RESULT_PAGES[slug];
  const site = useSite();
  const { selectedBolsa } = site.claims;
  const isBusiness = slug === "negocios";
  const form: ConsultantForm = isBusiness
    ? {
        nome,
        title: businessFormTitle(selectedBolsa),
        description: `${nome}, preencha seus dados e um consultor entra em contato para garantir o seu desconto.`,
      }
    : { nome };
  const bolsaLabel = isBusiness ? "Quero minha Bolsa com Desconto!" : "Quero minha bolsa";

  return (
    <div data-perfil={slug}>
      <ResultHero
        heroClass={page.heroClass}
        icon={PROFILE_ICONS[page.icon]}
        nome={nome}
        heading="Seu perfil:"
        name={page.title}
        tagline={page.tagline}
        heroPhrase={page.heroPhrase}
        description={page.description}
      >
        <ConsultantButton form={form}>{isBusiness ? bolsaLabel : "Falar com um consultor"}</ConsultantButton>
        <WhatsappContactButton className="px-5 py-3" />
        {page.retake ? <RetakeLink className="text-white hover:bg-white/10" /> : null}
      </ResultHero>
      {/* After the headline: on a phone "Parabéns" and the profile come first (decision 144). */}
      <CountdownBanner target={countdownEnd} now={now} sticky={isBusiness} />

      {!page.recommended && page.groups ? (
        <CatalogueGroups groups={page.groups} courses={courses} heading="Cursos recomendados para você" />
      ) : (
        <section aria-labelledby="cursos-recomendados" className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeading id="cursos-recomendados" size="block">
            Cursos recomendados para você
          </SectionHeading>
          <p className="mt-2 text-slate-600">
            Cursos que combinam com o perfil {page.title}, com bolsas de até {selectedBolsa}.
          </p>
          <CourseGrid ids={page.recommended ?? []} courses={courses} testId="cursos-recomendados" />
        </section>
      )}

      {isBusiness && page.groups ? (
        <>
          <CatalogueGroups groups={page.groups} courses={courses} heading="Catálogo de cursos de Gestão & Negócios" />
          <section aria-labelledby="diferenciais" className="bg-slate-50">
            <div className="mx-auto max-w-6xl px-4 py-12">
              <SectionHeading id="diferenciais" size="block">
                Por que estudar com a gente
              </SectionHeading>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {BUSINESS_DIFFERENTIALS.flatMap((item) => {
                  const title = claimText(item.title, site.claims, site.brandName);
                  return title ? [{ ...item, title }] : [];
                }).map((item) => (
                  <li key={item.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                    <CheckCircle2 aria-hidden="true" className="size-6 text-green-600" />
                    <p className="mt-2 text-lg font-bold text-slate-900">{item.title}</p>
                    <p className="mt-1 text-sm text-slate-600">{item.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          </section>
          <section aria-label="Depoimento" className="mx-auto max-w-3xl px-4 py-12">
            <figure className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
              <Quote aria-hidden="true" className="size-8 text-brand-600" />
              <blockquote className="mt-3 text-lg text-slate-800">“{BUSINESS_TESTIMONIAL.quote}”</blockquote>
              <figcaption className="mt-4">
                <p className="font-bold text-slate-900">{BUSINESS_TESTIMONIAL.name}</p>
                <p className="text-sm text-slate-600">{BUSINESS_TESTIMONIAL.role}</p>
                <p className="mt-1 flex gap-0.5" role="img" aria-label={`Nota ${BUSINESS_TESTIMONIAL.rating} de 5`}>
                  {Array.from({ length: BUSINESS_TESTIMONIAL.rating }, (_, i) => (
                    <Star key={i} aria-hidden="true" className="size-4 fill-accent-400 text-accent-500" />
                  ))}
                </p>
              </figcaption>
            </figure>
          </section>
        </>
      ) : null}

      <WhyThisProfile
        tally={tally}
        letter={letter}
        resultTitle={RESULT_PAGES[perfil].title}
        shownIsResult={perfil === slug}
        resultUrl={`/teste-vocacional/resultado/${perfil}`}
      />

      <ResultCta nome={nome} countdownEnd={countdownEnd} now={now} retake={page.retake} note={resultOfferNote(countdownEnd)}>
        <ConsultantButton form={form}>{bolsaLabel}</ConsultantButton>
      </ResultCta>

      <BottomBar target={countdownEnd} now={now} form={form} buttonLabel={bolsaLabel} />
    </div>
  );
}

function CatalogueGroups({
  groups,
  courses,
  heading,
}: {
  groups: CourseGroups;
  courses: Record<number, ResultCourse>;
  heading: string;
}) {
  return (
    <section aria-labelledby="catalogo" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="catalogo" size="block">
        {heading}
      </SectionHeading>
      <SectionHeading as="h3" size="card" className="mt-8">
        Graduação (EAD e Semipresencial)
      </SectionHeading>
      <CourseGrid ids={groups.graduacao} courses={courses} testId="grupo-graduacao" />
      <SectionHeading as="h3" size="card" className="mt-10">
        Técnicos
      </SectionHeading>
      <ExtraCourseList items={groups.tecnicos} />
      <SectionHeading as="h3" size="card" className="mt-10">
        Profissionalizantes
      </SectionHeading>
      <ExtraCourseList items={groups.profissionalizantes} />
    </section>
  );
}
