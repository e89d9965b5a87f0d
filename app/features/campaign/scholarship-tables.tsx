import type { CampaignPageData } from "~/features/campaign/campaign.server";
import { discountedFee, PUNCTUALITY_PERCENT } from "~/features/campaign/offers.seed";
import { formatReais } from "~/shared/format";
import { TableHead } from "~/ui/table-head";

/**
 * The worked example of the punctuality discount: the first current offer applied to the first
 * current regular price (Graduação in the seed); none when either is missing.
 */
export function punctualityExample({ offers, prices }: Pick<CampaignPageData, "offers" | "prices">) {
  const offer = offers[0];
  const price = prices[0];
  if (!offer || !price) return null;
  const fee = price.remainingPrice;
  return {
    modality: offer.title,
    fee,
    scholarship: offer.scholarshipPercent,
    withScholarship: discountedFee(fee, offer.scholarshipPercent),
    total: offer.discount,
    onTime: discountedFee(fee, offer.discount),
  };
}

/** The campaign's discounts by modality (/bolsas): first payment, scholarship, punctuality, total. */
export function DiscountTable({ offers }: { offers: CampaignPageData["offers"] }) {
  return (
    <section
      className="mt-8 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tabIndex={0}
      aria-label="Tabela de descontos por modalidade"
    >
      <table className="w-full min-w-[560px] text-left text-sm">
        <TableHead look="brand" columns={["Modalidade", "1ª mensalidade", "Bolsa", "Pontualidade", "Desconto total"]} />
        <tbody className="divide-y divide-slate-200">
          {offers.map((offer) => (
            <tr key={offer.title} className={offer.highlight ? "bg-accent-300/20" : undefined}>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {offer.title}
              </th>
              <td className="px-4 py-3">{formatReais(offer.firstPayment)}</td>
              <td className="px-4 py-3">{offer.scholarshipPercent}%</td>
              <td className="px-4 py-3">{PUNCTUALITY_PERCENT}%</td>
              <td className="px-4 py-3 font-bold text-green-800">até {offer.discount}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The punctuality discount worked through on the first offer and price. */
export function PunctualityExample({ example }: { example: NonNullable<ReturnType<typeof punctualityExample>> }) {
  return (
    <figure className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100" data-testid="punctuality-example">
      <figcaption className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        Exemplo ilustrativo: {example.modality}
      </figcaption>
      <dl className="mt-4 space-y-3">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Mensalidade regular</dt>
          <dd className="font-semibold">{formatReais(example.fee)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Com {example.scholarship}% de bolsa (pagando atrasado)</dt>
          <dd className="font-semibold">{formatReais(example.withScholarship)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-brand-200 pt-3">
          <dt className="font-semibold text-slate-900">Pagando em dia ({example.total}% no total)</dt>
          <dd className="text-xl font-extrabold text-green-800">{formatReais(example.onTime)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-600">Valores de referência; o valor do seu curso é confirmado pelo consultor.</p>
    </figure>
  );
}
