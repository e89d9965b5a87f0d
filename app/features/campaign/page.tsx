import { CalendarClock, Check, Zap } from "lucide-react";

import { formatDayMonth } from "~/features/campaign/campaign";
import { campaignTexts } from "~/features/campaign/campaign.seed";
import { campaignPageData } from "~/features/campaign/campaign.server";
import { ContactCtas } from "~/features/campaign/contact-ctas";
import { OfferCards, RegularPrices } from "~/features/campaign/offers";
import { TestimonialCard } from "~/features/home/testimonial-card";
import { renderPlaceholders } from "~/features/institution/placeholders";
import { siteSharePath } from "~/features/share/share-image.server";
import { useSite } from "~/features/site/use-site";
import { formatNumber } from "~/shared/format";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta, siteFromMatches } from "~/shared/seo";
import { Carousel } from "~/ui/carousel";
import { Countdown } from "~/ui/countdown";
import { SectionHeading } from "~/ui/section-heading";
import { Title } from "~/ui/title";

import type { Route } from "./+types/page";

/**
 * Plain HTML in the browser (decision 092): the countdown and the testimonials' carousel are islands
 * (decision 098), the form buttons links to the form page.
 */
export const handle = { framework: false } satisfies PageScriptsHandle;

/** The campaign as the content studio last saved it, seen now (expired cards left out). */
export function loader() {
  const now = new Date();
  // The site picture at an address that changes with it (decision 102).
  return { ...campaignPageData(now), shareImage: siteSharePath(now) };
}

export const meta: Route.MetaFunction = (args) => {
  const site = siteFromMatches(args.matches);
  return pageMeta(args, {
    title: `${campaignTitleOf(args.loaderData)}${site ? ` | ${site.brandName}` : ""}`,
    description: args.loaderData?.ended
      ? `${args.loaderData.title}: campanha encerrada. Fale com um consultor para conhecer as condições atuais de graduação, pós, técnicos e profissionalizantes.`
      : `${args.loaderData?.title ?? campaignTexts.title}: descontos de até ${args.loaderData?.headlinePercent ?? ""}% e primeira mensalidade a partir de ${args.loaderData?.firstPayment ?? ""} em graduação, pós, técnicos e profissionalizantes. Oferta por tempo limitado.`,
    image: args.loaderData?.shareImage,
  });
};

/** "Campanha Relâmpago: até 60% de desconto", or just the title once the campaign ended. */
function campaignTitleOf(data: { title: string; headlinePercent: number; ended: boolean } | undefined): string {
  if (!data) return campaignTexts.title;
  return data.ended ? `${data.title} (encerrada)` : `${data.title}: até ${data.headlinePercent}% de desconto`;
}

export default function CampanhaRelampago({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  // A deadline reached while the page is open: the countdown island rolls the window on, or reloads
  // the page for a fixed end date, which the server then shows ended (no clock at zero).
  const { deadline, ended } = loaderData;
  const texts = {
    ...campaignTexts,
    bannerText: renderPlaceholders(campaignTexts.bannerText, { campanha: loaderData.title }) ?? "",
    intro: loaderData.intro,
    title: loaderData.title,
    closingTitle: loaderData.closingTitle,
    closingText: loaderData.closingText,
  };
  const { offers, prices } = loaderData;
  const validUntil = formatDayMonth(deadline.endsAt);

  return (
    <div data-page="campanha">
      {/* Hero */}
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-20">
          {/* No call to hurry once the campaign ended (decision 081). */}
          {ended ? null : (
            <p className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-4 py-1.5 text-sm font-bold uppercase tracking-wide text-slate-900">
              <Zap aria-hidden="true" className="size-4" />
              {texts.badge}
            </p>
          )}
          <Title size="display" onDark className="mt-6">
            {texts.title}
          </Title>
          {ended ? null : (
            <p className="mt-4 text-3xl font-extrabold text-accent-300 sm:text-5xl" data-testid="campaign-headline">
              {loaderData.headline}
            </p>
          )}
          {texts.intro ? <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-100">{texts.intro}</p> : null}
          <ContactCtas
            type="lead"
            variant="accent"
            phoneVariant="inverse"
            size="2xl"
            formClassName="shadow-lg"
            phonePrefix="Ligue"
            className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row"
          >
            Garanta sua vaga
          </ContactCtas>
          <p className="mt-3 text-sm text-slate-200">{site.phoneHours}</p>
        </div>
      </section>

      {/* Limited-time offer banner with the countdown */}
      <section aria-labelledby="oferta-titulo" className="bg-accent-400 text-slate-900">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-5 px-4 py-8 text-center md:flex-row md:justify-between md:text-left">
          <div>
            <h2 id="oferta-titulo" className="flex items-center justify-center gap-2 text-2xl font-extrabold md:justify-start">
              <CalendarClock aria-hidden="true" className="size-6" />
              {ended ? "Campanha encerrada" : texts.bannerTitle}
            </h2>
            {ended ? (
              <p className="mt-1 font-medium" data-testid="campaign-ended">
                As condições desta campanha terminaram em {validUntil}. Fale com um consultor para conhecer as condições atuais.
              </p>
            ) : (
              <>
                <p className="mt-1 font-medium">{texts.bannerText}</p>
                <p className="mt-2 text-sm font-semibold" data-testid="campaign-valid-until" data-valid-until>
                  Condições válidas até {validUntil}
                </p>
              </>
            )}
          </div>
          {ended ? null : (
            <Countdown
              target={deadline.endsAt}
              now={loaderData.now}
              label="Tempo restante da campanha"
              rolling={deadline.rolling}
              expire="reload"
              boxClassName="flex w-16 flex-col items-center rounded-lg bg-slate-900 px-2 py-2 text-white sm:w-20"
            />
          )}
        </div>
      </section>

      {/* Modalidades e Descontos */}
      <section aria-labelledby="modalidades-titulo" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <div className="text-center">
            <SectionHeading id="modalidades-titulo">{texts.offersTitle}</SectionHeading>
            <p className="mt-3 text-slate-600">{texts.offersIntro}</p>
            {ended || offers.length === 0 ? null : (
              <p className="mt-2 text-sm font-semibold text-brand-700" data-testid="offers-valid-until" data-valid-until>
                Descontos válidos até {validUntil}.
              </p>
            )}
          </div>
          {ended || offers.length === 0 ? (
            <p className="mt-10 rounded-lg bg-white p-6 text-center text-slate-700 shadow-sm" data-testid="no-offers">
              Nenhuma oferta da campanha está ativa no momento. Fale com um consultor para conhecer as condições atuais.
            </p>
          ) : null}
          <OfferCards offers={ended ? [] : offers} />
        </div>
      </section>

      <RegularPrices title={texts.pricesTitle} intro={texts.pricesIntro} prices={prices} />

      {/* Histórias de Sucesso (studio "Histórias da campanha"): about the campaign, so not once it has ended (decision 143). */}
      {ended || loaderData.stories.length === 0 ? null : (
        <section aria-labelledby="historias-titulo" className="py-16">
          <div className="mx-auto max-w-6xl px-4">
            <div className="text-center">
              <SectionHeading id="historias-titulo">{texts.storiesTitle}</SectionHeading>
              <p className="mt-3 text-slate-600">{texts.storiesIntro}</p>
            </div>
            <Carousel
              className="mt-10"
              label="Depoimentos de quem aproveitou a campanha"
              testId="campaign-testimonials"
              itemName="depoimento"
              items={loaderData.stories}
              getKey={(t) => t.id}
              desktopCount={3}
              renderItem={(t) => (
                <TestimonialCard name={t.name} detail={t.course} text={t.text} image={t.image} photo={t.photo} />
              )}
            />
          </div>
        </section>
      )}

      {/* Closing call to action (a hurry that would be untrue once the campaign ended) */}
      {ended ? null : (
        <section
          aria-labelledby="ultima-semana-titulo"
          className="bg-gradient-to-r from-accent-400 to-accent-300 py-16 text-slate-900"
        >
          <div className="mx-auto max-w-3xl px-4 text-center">
            <h2 id="ultima-semana-titulo" className="text-3xl font-extrabold sm:text-4xl">
              {texts.closingTitle}
            </h2>
            <p className="mt-4 text-lg">{texts.closingText}</p>
            <ul className="mx-auto mt-6 grid max-w-xl gap-2 text-left sm:grid-cols-2">
              {[
                "Matrícula 100% on-line",
                // Only when every course the offers cover has its recognition act entered (decision 143).
                ...(loaderData.diplomaRecognized ? ["Diploma reconhecido pelo MEC"] : []),
                `Mais de ${formatNumber(site.claims.polos)} polos`,
                `Primeira mensalidade a partir de ${loaderData.firstPayment}`,
              ].map((item) => (
                <li key={item} className="flex items-center gap-2 font-medium">
                  <Check aria-hidden="true" className="size-5 shrink-0 text-green-800" />
                  {item}
                </li>
              ))}
            </ul>
            <ContactCtas
              type="lead"
              variant="primary-dark"
              phoneVariant="on-accent"
              size="2xl"
              formClassName="shadow-lg"
              className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row"
            >
              Garanta sua vaga
            </ContactCtas>
          </div>
        </section>
      )}
    </div>
  );
}
