import type { CampaignPageData } from "~/features/campaign/campaign.server";
import { HIGHLIGHT_RIBBON, PRICES_NOTE, remainingPriceText } from "~/features/campaign/offers.seed";
import { FormLink } from "~/features/leads/forms/form-link";
import { formatReais } from "~/shared/format";
import { SectionHeading } from "~/ui/section-heading";

/** The campaign's offer cards (/campanha-relampago, "Modalidades e Descontos"): none once it ended. */
export function OfferCards({ offers }: { offers: CampaignPageData["offers"] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {offers.map((offer) => (
        <li
          key={offer.title}
          data-highlight={offer.highlight ? "true" : undefined}
          className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ${
            offer.highlight ? "border-2 border-accent-400 shadow-lg ring-4 ring-accent-400/30" : "border border-slate-200"
          }`}
        >
          {offer.highlight ? (
            <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-accent-400 px-4 py-1 text-xs font-extrabold tracking-wider text-slate-900">
              {HIGHLIGHT_RIBBON}
            </p>
          ) : null}
          <SectionHeading as="h3" size="card">
            {offer.title}
          </SectionHeading>
          <p className="mt-4 text-sm text-slate-600">1ª mensalidade</p>
          <p className="text-4xl font-extrabold text-brand-700">{formatReais(offer.firstPayment)}</p>
          <p className="mt-3 inline-flex w-fit rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">
            {offer.discountText}
          </p>
          <p className="mt-3 flex-1 text-sm text-slate-600">{offer.detailsText}</p>
          {offer.validUntilText ? (
            <p className="mt-2 text-sm font-semibold text-brand-700">Válido até {offer.validUntilText}.</p>
          ) : null}
          <FormLink
            type="lead"
            description={`${offer.title}: 1ª mensalidade de ${formatReais(offer.firstPayment)} e ${offer.discountText.toLowerCase()}.`}
            className={`mt-6 inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2.5 font-semibold ${
              offer.highlight ? "bg-accent-400 text-slate-900 hover:bg-accent-300" : "bg-brand-600 text-white hover:bg-brand-700"
            }`}
          >
            Garanta sua vaga
          </FormLink>
        </li>
      ))}
    </ul>
  );
}

/** "AGORA EU POSSO": the regular prices after the campaign's first payment. */
export function RegularPrices({ title, intro, prices }: { title: string; intro: string; prices: CampaignPageData["prices"] }) {
  return (
    <section aria-labelledby="precos-titulo" className="bg-brand-900 py-16 text-white">
      <div className="mx-auto max-w-6xl px-4">
        <div className="text-center">
          <h2 id="precos-titulo" className="text-3xl font-extrabold tracking-wide text-accent-300 sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-slate-200">{intro}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {prices.map((price) => (
            <li key={price.title} className="rounded-2xl bg-white p-6 text-slate-900 shadow-sm">
              <h3 className="text-lg font-bold">{price.title}*</h3>
              <p className="mt-4 text-sm text-slate-600">1ª mensalidade</p>
              <p className="text-3xl font-extrabold text-brand-700">{formatReais(price.firstPayment)}</p>
              <p className="mt-3 text-sm text-slate-600">Demais mensalidades</p>
              <p className="text-lg font-semibold">{remainingPriceText(price)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm font-semibold tracking-wide text-slate-200" data-legal>
          {PRICES_NOTE}
        </p>
      </div>
    </section>
  );
}
