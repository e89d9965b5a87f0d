import { Award, CalendarDays, Clock, type LucideIcon, MapPin, Megaphone, Phone, Star, Trophy } from "lucide-react";
import { data } from "react-router";

import { claimText, SEED_SELECTED_BOLSA, type SiteClaims } from "~/features/campaign/claims";
import { FaqSection } from "~/features/home/faq-section";
import { TestimonialCard } from "~/features/home/testimonial-card";
import { EmbeddedForm, FormJumpLink } from "~/features/leads/forms/embedded-form";
import { telHref, useSite } from "~/features/site/use-site";
import { saoPauloInstant, SITE_TIME_ZONE } from "~/shared/dates";
import { faqJsonLd, institutionJsonLd } from "~/shared/json-ld";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta, siteFromMatches } from "~/shared/seo";
import { Badge } from "~/ui/badge";
import { Carousel } from "~/ui/carousel";
import { PageSection } from "~/ui/page-section";
import { SectionHeading } from "~/ui/section-heading";
import { Title } from "~/ui/title";

import type { Route } from "./+types/page";
import { clubTestimonials, clubTexts, clubTextsWithClaims, withPartnerName } from "./club.seed";
import { clubPageData } from "./club.server";

/** Plain HTML in the browser (decision 092); the carousel and the form frame's height are islands (decision 098). */
export const handle = { framework: false } satisfies PageScriptsHandle;
/** The partnership switched off in the studio: no page (decision 143). */
export function loader() {
  const page = clubPageData(new Date());
  if (!page.partnerName) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = (args) => {
  // The partnership switched off: the 404 page's title, no club name.
  if (!args.loaderData) return [{ title: "Página não encontrada" }];
  const site = siteFromMatches(args.matches);
  // Without the root's data (an error page) only the scholarship matters here: the seed's; no counts.
  const claims = (site as { claims?: SiteClaims } | undefined)?.claims;
  const claimed = clubTextsWithClaims(
    claims?.selectedBolsa ?? SEED_SELECTED_BOLSA,
    (text) => (claims && site ? claimText(text, claims, site.brandName) : null),
    args.loaderData.partnerName,
  );
  return pageMeta(args, {
    title: claimed.metaTitle,
    description: claimed.metaDescription,
    jsonLd: [...(site ? [institutionJsonLd(site)] : []), faqJsonLd(claimed.faq)],
  });
};

/** 'sábado, 12 de abril' for a YYYY-MM-DD date (read at noon in São Paulo, so it never shifts a day). */
function gameDate(date: string): string {
  return new Intl.DateTimeFormat("pt-BR", {
    timeZone: SITE_TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(saoPauloInstant(date, "12:00"));
}

/** A game's date, time or place, after its icon. */
function GameFact({ icon: Icon, children }: { icon: LucideIcon; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </li>
  );
}

export default function ClubPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const partner = loaderData.partnerName;
  const claimed = clubTextsWithClaims(site.claims.selectedBolsa, (text) => claimText(text, site.claims, site.brandName), partner);
  const { heroTitle, announcementText, hubsTitle } = claimed;
  const texts = { ...withPartnerName(clubTexts, partner), heroTitle, announcementText, hubsTitle };
  return (
    <div>
      {/* Hero */}
      <section className="relative overflow-hidden bg-gradient-to-br from-green-900 via-green-800 to-emerald-600 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-[1.4fr_1fr]">
          <div>
            <Badge icon={Trophy}>
              {texts.heroBadge} · {partner}
            </Badge>
            <Title size="hero" onDark className="mt-4">
              {texts.heroTitle}
            </Title>
            <p className="mt-4 max-w-xl text-lg text-green-50">{texts.heroText}</p>
            <FormJumpLink>Quero minha bolsa de torcedor</FormJumpLink>
          </div>
          <svg
            viewBox="0 0 300 240"
            width="300"
            height="240"
            role="img"
            aria-label="Ilustração: bola de futebol no gramado do estádio"
            className="mx-auto h-auto w-full max-w-xs"
          >
            <rect x="0" y="150" width="300" height="90" rx="12" fill="#15803d" />
            <path d="M0 190 H300 M150 150 V240" stroke="#bbf7d0" strokeWidth="3" opacity="0.6" />
            <circle cx="150" cy="195" r="22" fill="none" stroke="#bbf7d0" strokeWidth="3" opacity="0.6" />
            <circle cx="150" cy="95" r="62" fill="#ffffff" />
            <path d="M150 64 l29 21 -11 34 h-36 l-11 -34z" fill="#111827" />
            <path
              d="M150 33 v31 M179 85 l30 -10 M168 119 l18 26 M132 119 l-18 26 M121 85 l-30 -10"
              stroke="#111827"
              strokeWidth="4"
            />
            <path d="M40 40 l8 16 18 3 -13 12 3 18 -16 -8 -16 8 3 -18 -13 -12 18 -3z" fill="#facc15" />
          </svg>
        </div>
      </section>

      {/* Announcement */}
      <section aria-labelledby="anuncio" className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-10 text-center md:flex-row md:text-left">
          <Megaphone aria-hidden="true" className="size-12 shrink-0 text-accent-400" />
          <div>
            <h2 id="anuncio" className="text-2xl font-bold">
              {texts.announcementTitle}
            </h2>
            <p className="mt-2 text-slate-300">{texts.announcementText}</p>
          </div>
        </div>
      </section>

      {/* Benefits */}
      <PageSection headingId="beneficios" title={texts.benefitsTitle} className="mx-auto max-w-6xl px-4 py-14">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {claimed.benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Award aria-hidden="true" className="size-8 text-green-700" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      {/* Upcoming home games */}
      <section aria-labelledby="jogos" className="bg-green-50 py-14">
        <div className="mx-auto max-w-5xl px-4">
          <SectionHeading id="jogos" center intro={loaderData.gamesIntro}>
            {texts.gamesTitle}
          </SectionHeading>
          {loaderData.games.length === 0 ? (
            <p
              className="mt-8 rounded-2xl bg-white p-6 text-center text-slate-700 ring-1 ring-slate-200"
              data-testid="no-club-games"
            >
              {loaderData.noGamesText}
            </p>
          ) : (
            <ol className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="club-games">
              {loaderData.games.map((game) => (
                <li
                  key={`${game.date}-${game.time}-${game.opponent}`}
                  className={`relative rounded-2xl bg-white p-5 shadow-sm ${game.highlight ? "ring-2 ring-accent-400" : "ring-1 ring-slate-200"}`}
                >
                  {game.highlight ? (
                    <p className="absolute -top-3 right-4 rounded-full bg-accent-400 px-3 py-0.5 text-xs font-bold text-slate-900">
                      Jogo em destaque
                    </p>
                  ) : null}
                  <p className="text-sm font-semibold text-green-800">{game.round}</p>
                  <SectionHeading as="h3" size="card" className="mt-1">
                    {partner} x {game.opponent}
                  </SectionHeading>
                  <ul className="mt-3 space-y-1 text-sm text-slate-700">
                    <GameFact icon={CalendarDays}>
                      <time dateTime={game.date}>{gameDate(game.date)}</time>
                    </GameFact>
                    <GameFact icon={Clock}>{game.time.replace(":", "h")}</GameFact>
                    <GameFact icon={MapPin}>{game.location}</GameFact>
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>

      {/* Excellence */}
      <PageSection headingId="excelencia" title={texts.excellenceTitle} className="mx-auto max-w-6xl px-4 py-14">
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
          {claimed.excellence.map((item) => (
            <li key={item.label} className="rounded-2xl bg-green-800 p-6 text-center text-white">
              <p className="flex items-center justify-center gap-1 text-2xl font-extrabold">
                <Star aria-hidden="true" className="size-5 fill-accent-400 text-accent-400" />
                {item.value}
              </p>
              <p className="mt-1 text-sm text-green-100">{item.label}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      {/* Minas Gerais hubs: none active, no section (its title would name a state with no polo). */}
      {loaderData.hubs.length === 0 ? null : (
        <section aria-labelledby="polos-mg" className="bg-slate-50 py-14">
          <div className="mx-auto max-w-6xl px-4">
            <SectionHeading id="polos-mg" center intro={texts.hubsIntro}>
              {texts.hubsTitle}
            </SectionHeading>
            <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="club-hubs">
              {loaderData.hubs.map((hub) => (
                <li
                  key={hub.location}
                  className="flex items-start justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
                >
                  <span className="flex items-start gap-2 font-medium text-slate-900">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                    {hub.location} - MG
                  </span>
                  <a
                    href={telHref(hub.phone)}
                    className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                  >
                    <Phone aria-hidden="true" className="size-4" />
                    {hub.phone}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {/* Testimonials */}
      <PageSection headingId="depoimentos-clube" title={texts.testimonialsTitle} className="mx-auto max-w-6xl px-4 py-14">
        <Carousel
          className="mt-8"
          label="Depoimentos de torcedores"
          itemName="depoimento"
          items={clubTestimonials}
          getKey={(t) => t.id}
          renderItem={(t) => <TestimonialCard name={t.name} detail={t.role} text={t.quote} image={t.image} rating={t.rating} />}
        />
      </PageSection>

      {/* FAQ */}
      <FaqSection headingId="faq-clube" title={texts.faqTitle} name="faq-clube" items={claimed.faq} />

      {/* Club games form */}
      <PageSection
        id="formulario"
        headingId="formulario-titulo"
        title={texts.formTitle}
        intro={texts.formText}
        className="mx-auto max-w-3xl scroll-mt-36 px-4 py-14"
      >
        <div className="mt-8">
          <EmbeddedForm src={loaderData.formUrl} title={`Formulário de inscrição: torcida ${partner}`} />
        </div>
      </PageSection>
    </div>
  );
}
