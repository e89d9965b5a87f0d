import { Briefcase, GraduationCap, HeartHandshake, Mail, Users } from "lucide-react";

import { employeeBenefits, employeeTestimonials, employeeTexts, teamPhotos } from "~/features/careers/employee.seed";
import { employeePageTexts } from "~/features/club/club.server";
import { TestimonialCard } from "~/features/home/testimonial-card";
import { EmbeddedForm, FormJumpLink } from "~/features/leads/forms/embedded-form";
import { useSite } from "~/features/site/use-site";
import { config } from "~/platform/config.server";
import { institutionJsonLd } from "~/shared/json-ld";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta, siteFromMatches } from "~/shared/seo";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { Carousel } from "~/ui/carousel";
import { SectionHeading } from "~/ui/section-heading";
import { Title } from "~/ui/title";

import type { Route } from "./+types/page";

/** The team carousel advances every this many ms (paused on hover/focus, off with reduced motion). */
const TEAM_AUTOPLAY_MS = 4000;

/** Plain HTML in the browser (decision 092): the carousel and the form frame's height are islands (decision 098). */
export const handle = { framework: false } satisfies PageScriptsHandle;

/** The CV form, and the page's texts as the content studio last saved them. */
export function loader() {
  return { cvFormUrl: config.cvFormUrl ?? null, texts: employeePageTexts() };
}

export const meta: Route.MetaFunction = (args) => {
  const site = siteFromMatches(args.matches);
  return pageMeta(args, {
    title: "Trabalhe conosco",
    description: args.loaderData
      ? `Venha trabalhar com a gente: Auxílio Educação com bolsa de até ${args.loaderData.texts.staffPercent}% para colaboradores e ${args.loaderData.texts.dependantPercent}% para dependentes. Envie seu currículo.`
      : "Venha trabalhar com a gente: Auxílio Educação para colaboradores e dependentes. Envie seu currículo.",
    jsonLd: site ? [institutionJsonLd(site)] : [],
  });
};

export default function CareersPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const texts = { ...employeeTexts, ...loaderData.texts };
  const mailto = `mailto:${site.contactEmail}?subject=${encodeURIComponent("Trabalhe conosco - currículo")}`;

  return (
    <div>
      <section className="bg-gradient-to-br from-brand-900 to-brand-600 text-white">
        <div className="mx-auto max-w-5xl px-4 py-14 text-center">
          <Badge icon={Briefcase}>Carreiras</Badge>
          <Title size="hero" onDark className="mt-4">
            {texts.heroTitle}
          </Title>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-100">{texts.heroText}</p>
          <FormJumpLink>Envie seu currículo</FormJumpLink>
        </div>
      </section>

      {/* Auxílio Educação */}
      <section aria-labelledby="auxilio" className="mx-auto max-w-6xl px-4 py-14">
        <div className="grid gap-10 md:grid-cols-[1fr_1.2fr] md:items-center">
          <div>
            <SectionHeading id="auxilio" icon={<GraduationCap aria-hidden="true" className="size-8 text-brand-600" />}>
              {texts.benefitTitle}
            </SectionHeading>
            <p className="mt-4 text-slate-700">{texts.benefitText}</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {employeeBenefits(texts.staffPercent, texts.dependantPercent).map((benefit) => (
              <li key={benefit.title} className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
                <p className="text-5xl font-extrabold text-brand-700">{benefit.percent}%</p>
                <h3 className="mt-2 text-lg font-bold text-slate-900">{benefit.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Team carousel */}
      <section aria-labelledby="equipe" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            id="equipe"
            center
            icon={<Users aria-hidden="true" className="size-8 text-brand-600" />}
            intro={texts.teamIntro}
          >
            {texts.teamTitle}
          </SectionHeading>
          <Carousel
            className="mt-8"
            label="Fotos da equipe"
            testId="team-carousel"
            itemName="foto"
            feminine
            items={teamPhotos}
            getKey={(photo) => photo.src}
            desktopCount={3}
            autoplayMs={TEAM_AUTOPLAY_MS}
            renderItem={(photo) => (
              <img
                src={photo.src}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-[4/3] h-auto w-full rounded-2xl bg-white object-cover shadow-sm"
              />
            )}
          />
        </div>
      </section>

      {/* Testimonials */}
      <section aria-labelledby="depoimentos-equipe" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading
          id="depoimentos-equipe"
          center
          icon={<HeartHandshake aria-hidden="true" className="size-8 text-brand-600" />}
        >
          {texts.testimonialsTitle}
        </SectionHeading>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {employeeTestimonials.map((t) => (
            <li key={t.id}>
              <TestimonialCard name={t.name} detail={t.role} text={t.quote} image={t.image} />
            </li>
          ))}
        </ul>
      </section>

      {/* CV form */}
      <section id="formulario" aria-labelledby="formulario-titulo" className="scroll-mt-36 bg-slate-50 py-14">
        <div className="mx-auto max-w-3xl px-4">
          <SectionHeading id="formulario-titulo" center intro={texts.formText}>
            {texts.formTitle}
          </SectionHeading>
          <div className="mt-8">
            {loaderData.cvFormUrl ? (
              <EmbeddedForm src={loaderData.cvFormUrl} title="Formulário de currículo" />
            ) : (
              <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" data-testid="cv-email">
                <Mail aria-hidden="true" className="mx-auto size-10 text-brand-600" />
                <p className="mt-4 text-slate-700">
                  Envie seu currículo em PDF por e-mail, informando no texto a área e a cidade em que você quer trabalhar.
                </p>
                <a href={mailto} className={buttonClass({ variant: "primary", size: "xl", className: "mt-6 min-h-12" })}>
                  <Mail aria-hidden="true" className="size-5" />
                  Enviar currículo para {site.contactEmail}
                </a>
              </div>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
