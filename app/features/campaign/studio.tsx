import { Link } from "react-router";

import { campaignContent } from "~/features/campaign/campaign.server";
import {
  type Campaign,
  CAMPAIGN_PLACEHOLDER_FIELDS,
  campaignSaveSchema,
  END_NOW_FIELD,
  MAX_OFFER_CARDS,
} from "~/features/campaign/content";
import { PUNCTUALITY_PERCENT } from "~/features/campaign/offers.seed";
import { COURSE_LEVELS } from "~/features/courses/course-offer";
import { activeCourses } from "~/features/courses/courses.server";
import { OFFER_FORMATS } from "~/features/courses/offer-formats";
import { loadSingletonForm, saveSingletonForm, STUDIO_PATH } from "~/features/studio/studio.server";
import { FieldGroup, SaveButton, StudioForm, StudioPage, useStudioForm } from "~/features/studio/studio-fields";
import { CheckboxField, CheckboxListField, RadioListField, TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/studio";

/**
 * /admin/conteudo/campanha: the flash campaign's title, headline percentage, end (a date or the
 * rolling 5-day window, or "Encerrar agora"), closing text, one to MAX_OFFER_CARDS offer cards
 * ("Adicionar oferta" / "Remover": without JavaScript the server answers with the list changed,
 * nothing saved) and the four price cards. A save is
 * checked against the honesty rules at that moment (app/features/campaign/content.ts): the headline
 * cannot promise more than the best active offer, and no date may already have passed.
 */

export const loader = ({ request }: Route.LoaderArgs) => loadSingletonForm(request, campaignContent, "campaign");

export const action = ({ request }: Route.ActionArgs) =>
  saveSingletonForm(request, {
    collection: campaignContent,
    schema: campaignSaveSchema(new Date(), activeCourses()),
    path: `${STUDIO_PATH}/campanha`,
    listButtons: true,
    placeholderFields: CAMPAIGN_PLACEHOLDER_FIELDS,
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

/** A price as the form shows it: 19.9 → "19,90". */
function priceText(value: number): string {
  return value.toFixed(2).replace(".", ",");
}

/** The stored document as the form's first values (prices with a comma, ticked boxes as "on"). */
function formValues(campaign: Campaign) {
  return {
    ...campaign,
    offers: campaign.offers.map((offer) => ({
      ...offer,
      firstPayment: priceText(offer.firstPayment),
      highlight: offer.highlight ? "on" : undefined,
    })),
    prices: campaign.prices.map((price) => ({
      ...price,
      firstPayment: priceText(price.firstPayment),
      remainingPrice: priceText(price.remainingPrice),
      remainingFrom: price.remainingFrom ? "on" : undefined,
    })),
  };
}

/** How the campaign ends: the rolling window or a date. */
const END_MODES = [
  { value: "rolling", label: "Janela de 5 dias (recomeça sozinha quando termina)" },
  { value: "date", label: "Numa data (termina às 23h59 desse dia, horário de Brasília)" },
  { value: "ended", label: "Encerrada (a página mostra “Campanha encerrada” até você escolher outro término)" },
];

const BUTTON_CLASS = "rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

/** The values a list of check boxes holds in the form now (after an add or remove too). */
function tickedValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === "string" && item !== "");
}

/** A new offer card's first values: the level and formats are ticked by the admin. */
const NEW_OFFER = { title: "", firstPayment: "", scholarshipPercent: "", details: "", validUntil: "", levels: [], formats: [] };

export default function CampaignStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, version } = loaderData;
  const { form, fields, status, lostErrors } = useStudioForm({
    id: `campanha-${version}`,
    actionData,
    schema: campaignSaveSchema(new Date()),
    defaultValue: formValues(campaign),
  });
  const offers = fields.offers.getFieldList();
  const prices = fields.prices.getFieldList();

  return (
    <StudioPage
      titleId="campanha-titulo"
      title="Campanha"
      intro={
        <>
          A página <Link to="/campanha-relampago">Campanha Relâmpago</Link> e os descontos de <Link to="/bolsas">Bolsas</Link>. O
          título não pode prometer mais que a maior oferta ativa; um cartão com a validade vencida some do site.{" "}
          <Link to="/campanha-relampago" className="font-semibold text-brand-800 underline">
            Ver página
          </Link>
        </>
      }
    >
      <StudioForm form={form} version={version} errors={lostErrors}>
        <FieldGroup legend="Campanha">
          <TextField meta={fields.title} label="Título" required />
          <TextField
            meta={fields.headlinePercent}
            label="Desconto do título (%)"
            hint={`Aparece como "Até X% de desconto!". Igual ao maior desconto das ofertas ativas (bolsa + ${PUNCTUALITY_PERCENT}% de pontualidade).`}
            inputMode="numeric"
            required
          />
          <RadioListField meta={fields.endMode} legend="Término da campanha" choices={END_MODES} className="sm:col-span-2" />
          <TextField
            meta={fields.endDate}
            label="Data de término"
            type="date"
            hint="Só vale quando a campanha termina numa data. Depois dela a página mostra “Campanha encerrada”."
          />
          <div className="sm:col-span-2">
            <button type="submit" name={END_NOW_FIELD} value="on" className={BUTTON_CLASS}>
              Encerrar agora
            </button>
            <p className="mt-1 text-sm text-slate-600">
              Salva o formulário com a campanha encerrada: as ofertas e a contagem saem do site na hora.
            </p>
          </div>
          <TextField meta={fields.closingTitle} label="Título do fechamento" required />
          <TextareaField
            meta={fields.closingText}
            label="Texto do fechamento"
            hint="Um “até N%” aqui também não pode passar do maior desconto ativo."
            rows={3}
            required
            className="sm:col-span-2"
          />
          <TextField
            meta={fields.selectedCoursesPercent}
            label="Bolsa em cursos selecionados (%)"
            hint="Cursos como Educação Física, fora da campanha e sem a pontualidade: “Bolsas de até X%” em Bolsas, Inscrição, no teste vocacional e nos cartões desses cursos."
            inputMode="numeric"
            required
          />
        </FieldGroup>
        {offers.map((offer, index) => {
          const card = offer.getFieldset();
          return (
            <FieldGroup key={offer.key} legend={`Oferta ${index + 1}`}>
              <TextField meta={card.title} label="Modalidade" required />
              <TextField meta={card.firstPayment} label="1ª mensalidade (R$)" inputMode="decimal" required />
              <TextField
                meta={card.scholarshipPercent}
                label="Bolsa da campanha (%)"
                hint={`O cartão mostra a bolsa + ${PUNCTUALITY_PERCENT}% de pontualidade.`}
                inputMode="numeric"
                required
              />
              <TextField
                meta={card.validUntil}
                label="Válida até"
                type="date"
                hint="Vazio: vale enquanto durar a campanha. Vencida: o cartão some do site."
              />
              <TextareaField meta={card.details} label="Descrição" rows={2} required />
              <CheckboxField meta={card.highlight} label="Destacar (MAIS POPULAR)" />
              <CheckboxListField
                meta={card.levels}
                legend="Níveis que o cartão cobre"
                intro="A página de cada curso desses níveis mostra o desconto deste cartão. Nenhum marcado: o nível escrito na modalidade."
                empty=""
                choices={COURSE_LEVELS.map((level) => ({
                  value: level,
                  label: level,
                  checked: tickedValues(card.levels.value).includes(level),
                }))}
              />
              <CheckboxListField
                meta={card.formats}
                legend="Formatos que o cartão cobre"
                intro="Nenhum marcado: todos os formatos dos níveis acima."
                empty=""
                choices={OFFER_FORMATS.map((format) => ({
                  value: format,
                  label: format,
                  checked: tickedValues(card.formats.value).includes(format),
                }))}
              />
              {offers.length > 1 ? (
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    {...form.remove.getButtonProps({ name: fields.offers.name, index })}
                    className={BUTTON_CLASS}
                    aria-label={`Remover oferta ${index + 1}`}
                  >
                    Remover
                  </button>
                </div>
              ) : null}
            </FieldGroup>
          );
        })}
        {offers.length < MAX_OFFER_CARDS ? (
          <button
            type="submit"
            {...form.insert.getButtonProps({ name: fields.offers.name, defaultValue: NEW_OFFER })}
            className={BUTTON_CLASS}
          >
            Adicionar oferta
          </button>
        ) : null}
        {prices.map((price, index) => {
          const card = price.getFieldset();
          return (
            <FieldGroup key={price.key} legend={`Preço regular ${index + 1} (AGORA EU POSSO)`}>
              <TextField meta={card.title} label="Modalidade" required />
              <TextField meta={card.firstPayment} label="1ª mensalidade (R$)" inputMode="decimal" required />
              <TextField meta={card.remainingPrice} label="Demais mensalidades (R$)" inputMode="decimal" required />
              <TextField
                meta={card.validUntil}
                label="Válido até"
                type="date"
                hint="Vazio: sem prazo. Vencido: o cartão some do site."
              />
              <CheckboxField meta={card.remainingFrom} label="Mostrar “a partir de” nas demais mensalidades" />
            </FieldGroup>
          );
        })}
        <SaveButton status={status} />
      </StudioForm>
    </StudioPage>
  );
}
