import { BadgePercent, CalendarCheck } from "lucide-react";
import { Link } from "react-router";

import { type CampaignPageData, campaignPageData } from "~/features/campaign/campaign.server";
import { claimText, SEED_SELECTED_BOLSA, type SiteClaims, withSelectedBolsa } from "~/features/campaign/claims";
import { selectedBolsaFromMatches } from "~/features/campaign/claims";
import { ContactCtas } from "~/features/campaign/contact-ctas";
import { PRICES_NOTE, PUNCTUALITY_PERCENT, remainingPriceText } from "~/features/campaign/offers.seed";
import { DiscountTable, PunctualityExample, punctualityExample } from "~/features/campaign/scholarship-tables";
import { scholarshipAudiences, scholarshipFaq, scholarshipSteps } from "~/features/campaign/scholarships.seed";
import { partnerSentences } from "~/features/club/club.seed";
import { employeePageTexts } from "~/features/club/club.server";
import { FaqSection } from "~/features/home/faq-section";
import { FormLink } from "~/features/leads/forms/form-link";
import { useSite } from "~/features/site/use-site";
import { formatReais } from "~/shared/format";
import { faqJsonLd, institutionJsonLd } from "~/shared/json-ld";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta, siteFromMatches } from "~/shared/seo";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { PageSection } from "~/ui/page-section";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/scholarships";

/** Plain HTML in the browser (decision 092): only the header island; the form buttons are links to the form page. */
export const handle = { framework: false } satisfies PageScriptsHandle;

export const meta: Route.MetaFunction = (args) => {
  const site = siteFromMatches(args.matches);
  const selected = selectedBolsaFromMatches(args.matches);
  const partner = (site as { claims?: SiteClaims } | undefined)?.claims?.partnerName ?? "";
  return pageMeta(args, {
    title: `Bolsas de estudo de até ${selected}`,
    description: `Bolsas de até ${selected} em graduação, pós-graduação, cursos técnicos e profissionalizantes, mais 10% de desconto de pontualidade. Veja quem pode receber e como solicitar.`,
    jsonLd: [...(site ? [institutionJsonLd(site)] : []), faqJsonLd(faqWithSelected(selected, partner))],
  });
};

/**
 * The FAQ's first question asks about the selected courses' scholarship ("Quem pode receber a bolsa
 * de até 70%?"); an answer names the partnership by the studio's name, or not at all once it is off.
 */
function faqWithSelected(selected: string, partnerName: string) {
  return scholarshipFaq.flatMap((item, index) => {
    const answer = partnerSentences(item.answer, partnerName);
    if (!answer) return [];
    return [{ question: index === 0 ? withSelectedBolsa(item.question, selected) : item.question, answer }];
  });
}

/** The campaign's current offers and prices (the content studio's "Campanha"), seen now. */
export function loader() {
  const employee = employeePageTexts();
  return {
    ...campaignPageData(new Date()),
    employee: { staffPercent: employee.staffPercent, dependantPercent: employee.dependantPercent },
  };
}

/**
 * The "Campanha Relâmpago" audience says what the campaign gives now (and is left out once it ended);
 * the selected courses' audiences (Educação Física, the club's courses) state the stored scholarship.
 */
function audiencesFor(
  {
    offers,
    ended,
    employee,
  }: Pick<CampaignPageData, "offers" | "ended"> & { employee: { staffPercent: number; dependantPercent: number } },
  selected: string,
  fill: (text: string) => string | null,
  partnerName: string,
) {
  const best = offers.reduce<CampaignPageData["offers"][number] | undefined>(
    (top, offer) => (!top || offer.discount > top.discount ? offer : top),
    undefined,
  );
  return scholarshipAudiences.flatMap((audience) => {
    // The partnership's card: its studio name, none once it is switched off (decision 143).
    if (audience.href === "/america-mg") {
      const title = partnerSentences(audience.title, partnerName);
      const text = title ? fill(withSelectedBolsa(audience.text, selected)) : null;
      return title && text ? [{ ...audience, title, percent: `até ${selected}`, text }] : [];
    }
    if (audience.percent === `até ${SEED_SELECTED_BOLSA}`) {
      const text = fill(withSelectedBolsa(audience.text, selected));
      return text ? [{ ...audience, percent: `até ${selected}`, text }] : [];
    }
    if (audience.href === "/trabalhe-conosco") {
      return [
        {
          ...audience,
          percent: `até ${employee.staffPercent}%`,
          text: `Com o Auxílio Educação, colaboradores estudam com até ${employee.staffPercent}% de bolsa e dependentes com ${employee.dependantPercent}%.`,
        },
      ];
    }
    if (audience.href !== "/campanha-relampago") {
      const text = fill(audience.text);
      return text ? [{ ...audience, text }] : [];
    }
    if (ended || !best) return [];
    return [
      {
        ...audience,
        title: fill(audience.title) ?? audience.title,
        percent: `até ${best.discount}%`,
        text: `${best.title}: ${best.scholarshipPercent}% de bolsa da campanha mais ${PUNCTUALITY_PERCENT}% de pontualidade, com a primeira mensalidade de ${formatReais(best.firstPayment)}.`,
      },
    ];
  });
}

export default function ScholarshipsPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { offers, prices } = loaderData;
  const example = punctualityExample(loaderData);
  const selected = site.claims.selectedBolsa;
  const audiences = audiencesFor(
    loaderData,
    selected,
    (text) => claimText(text, site.claims, site.brandName),
    site.claims.partnerName,
  );

  return (
    <div>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-5xl px-4 py-14 text-center">
          <Badge icon={BadgePercent}>Bolsas de estudo</Badge>
          <Title size="hero" onDark className="mt-4">
            Bolsas de até {selected}
          </Title>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-100">
            Graduação, pós-graduação, técnicos e profissionalizantes com bolsa nas mensalidades e mais {PUNCTUALITY_PERCENT}% de
            desconto quando você paga em dia. Sem comprovação de renda.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <FormLink type="scholarship" className={buttonClass({ variant: "accent", size: "2xl" })}>
              Solicite sua bolsa
            </FormLink>
            {site.claims.campaignRunning && (
              <Link
                to="/campanha-relampago"
                className="inline-flex min-h-12 items-center justify-center rounded-lg border border-white/60 px-6 py-3 font-semibold hover:bg-white/10"
              >
                Ver a {site.claims.campaignName}
              </Link>
            )}
          </div>
        </div>
      </section>

      <PageSection headingId="quem-pode" title="Quem pode ter as maiores bolsas" className="mx-auto max-w-6xl px-4 py-14">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.map((audience) => (
            <li key={audience.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="text-3xl font-extrabold text-brand-700">{audience.percent}</p>
              <h3 className="mt-2 text-lg font-bold text-slate-900">{audience.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{audience.text}</p>
              <Link to={audience.href} className={textLink("mt-4 text-sm")}>
                {audience.linkLabel}
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="por-modalidade" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-5xl px-4">
          <SectionHeading id="por-modalidade" center intro={<>Bolsa da campanha + {PUNCTUALITY_PERCENT}% de pontualidade.</>}>
            Descontos por modalidade
          </SectionHeading>
          {offers.length === 0 ? (
            <p className="mt-8 rounded-lg bg-white p-6 text-center text-slate-700 shadow-sm" data-testid="no-offers">
              Nenhuma oferta de campanha está ativa no momento. Fale com um consultor para conhecer as condições atuais.
            </p>
          ) : (
            <DiscountTable offers={offers} />
          )}
        </div>
      </section>

      <section aria-labelledby="pontualidade" className="mx-auto grid max-w-5xl gap-8 px-4 py-14 md:grid-cols-2 md:items-center">
        <div>
          <SectionHeading id="pontualidade" icon={<CalendarCheck aria-hidden="true" className="size-8 text-brand-600" />}>
            Desconto de pontualidade
          </SectionHeading>
          <p className="mt-4 text-slate-700">
            Todo mês em que você paga a mensalidade <strong>até a data de vencimento</strong>, ganha {PUNCTUALITY_PERCENT}% de
            desconto a mais, somado à sua bolsa. Pagou depois do vencimento? Naquele mês vale só a bolsa; no mês seguinte, pagando
            em dia, os {PUNCTUALITY_PERCENT}% voltam.
          </p>
        </div>
        {example ? <PunctualityExample example={example} /> : null}
      </section>

      <section aria-labelledby="valores" className="bg-brand-900 py-14 text-white">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="valores" className="text-center text-3xl font-extrabold">
            Valores regulares
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {prices.map((price) => (
              <li key={price.title} className="rounded-2xl bg-white p-6 text-slate-900">
                <h3 className="text-lg font-bold">{price.title}*</h3>
                <p className="mt-3 text-sm text-slate-600">1ª mensalidade</p>
                <p className="text-2xl font-extrabold text-brand-700">{formatReais(price.firstPayment)}</p>
                <p className="mt-2 text-sm text-slate-600">Demais mensalidades: {remainingPriceText(price)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center text-sm font-semibold text-slate-200">{PRICES_NOTE}</p>
        </div>
      </section>

      <PageSection headingId="como-solicitar" title="Como solicitar sua bolsa" className="mx-auto max-w-5xl px-4 py-14">
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {scholarshipSteps.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent-400 text-lg font-extrabold text-slate-900">
                {i + 1}
              </span>
              <h3 className="mt-3 text-lg font-bold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <FaqSection
        headingId="duvidas-bolsas"
        title="Dúvidas sobre bolsas"
        name="faq-bolsas"
        items={faqWithSelected(selected, site.claims.partnerName)}
      />

      <section className="bg-accent-400">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-12 text-center text-slate-900">
          <h2 className="text-3xl font-extrabold">Garanta a sua bolsa hoje</h2>
          <p>As condições das campanhas têm prazo. Solicite agora e um consultor confirma o seu desconto.</p>
          <ContactCtas
            type="scholarship"
            variant="primary-dark"
            phoneVariant="on-accent"
            size="2xl"
            className="flex flex-col gap-3 sm:flex-row"
          >
            Solicite sua bolsa
          </ContactCtas>
        </div>
      </section>
    </div>
  );
}
