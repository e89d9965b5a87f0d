import { campaignStoryFormSchema } from "~/features/campaign/stories";
import { activeCourseNames, campaignStoriesContent } from "~/features/campaign/stories.server";
import { requirePermission } from "~/features/staff/auth.server";
import type { StoredPhoto } from "~/features/studio/fields";
import { StudioItemList } from "~/features/studio/item-list";
import { listAction, listItems } from "~/features/studio/list-studio.server";
import { PhotoField } from "~/features/studio/photo-field";
import { STUDIO_PATH } from "~/features/studio/studio";
import { saoPauloDate } from "~/shared/dates";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/stories-studio";

/**
 * /admin/conteudo/historias: the campaign page's "Histórias de Sucesso": edit, add, remove,
 * reorder, switch off; each with the person's consent. The form's rules depend on today and on
 * the active catalogue, so the loader sends both and the browser checks with the same schema.
 */

const ANCHOR = "historia";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const courses = activeCourseNames();
  return { items: listItems(campaignStoriesContent), courses, today: saoPauloDate(new Date()) };
}

export const action = ({ request }: Route.ActionArgs) =>
  listAction(request, {
    collection: campaignStoriesContent,
    schema: campaignStoryFormSchema(saoPauloDate(new Date()), activeCourseNames()),
    // The seeded picture path is kept; the uploaded photo comes from the form.
    toDocument: (value, current) => ({
      name: String(value.name),
      course: String(value.course),
      text: String(value.text),
      image: current?.image ?? "",
      photo: (value.photo as StoredPhoto | null) ?? null,
      active: value.active === true,
      consentDate: String(value.consentDate),
      consentMethod: String(value.consentMethod),
    }),
    photos: ["photo"],
    redirectTo: `${STUDIO_PATH}/historias`,
    anchorPrefix: ANCHOR,
    // The campaign page shows these texts as typed: no placeholder, so no braces.
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function CampaignStoriesStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { items, courses, today } = loaderData;
  const schema = campaignStoryFormSchema(today, courses);
  return (
    <StudioItemList
      title="Histórias da campanha"
      intro='As "Histórias de Sucesso" da página da campanha, na ordem em que aparecem, enquanto a campanha está no ar. Uma história só aparece ligada e com um curso ativo do catálogo. Nome, foto e relato são dados pessoais: para ligar uma história, registre quando e como a pessoa autorizou a publicação.'
      testId="campaign-story-items"
      anchorPrefix={ANCHOR}
      items={items}
      legendOf={(item, index) => `História ${index + 1}: ${item.name}`}
      schema={schema}
      defaultValueOf={(item) => ({
        name: item.name,
        course: item.course,
        text: item.text,
        photo: item.photo ? { id: item.photo.id, alt: item.photo.alt } : null,
        active: item.active ? "on" : undefined,
        consentDate: item.consentDate,
        consentMethod: item.consentMethod,
      })}
      newItem={{
        legend: "Nova história",
        defaultValue: { name: "", course: "", text: "", active: "on", consentDate: "", consentMethod: "" },
        saveLabel: "Adicionar história",
      }}
      fields={(fields, item) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.name} label="Nome" required />
            <SelectField
              meta={fields.course}
              label="Curso"
              placeholder="Escolha um curso"
              // A story whose course left the catalogue keeps it as a choice until it is changed (it is not shown meanwhile).
              options={item && !courses.includes(item.course) ? [...courses, item.course] : courses}
              hint={
                item && !courses.includes(item.course)
                  ? "Este curso não está ativo no catálogo: a história não aparece."
                  : undefined
              }
              required
            />
          </div>
          <TextareaField meta={fields.text} label="História" rows={4} required />
          <PhotoField
            meta={fields.photo}
            current={item?.photo ?? null}
            label="Foto da pessoa"
            hint="JPEG, PNG, WebP ou AVIF, até 8 MB; aparece pequena e redonda. Sem foto: o avatar desenhado ou as iniciais."
            className=""
          />
          <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-slate-800">Consentimento da pessoa</legend>
            <TextField meta={fields.consentDate} label="Data do consentimento" type="date" max={today} />
            <TextField
              meta={fields.consentMethod}
              label="Forma do consentimento"
              hint="Ex.: termo assinado, e-mail, formulário."
            />
          </fieldset>
          <CheckboxField
            meta={fields.active}
            label="Mostrar na página da campanha"
            hint="Desligada, a história sai da página e pode ficar sem consentimento."
          />
        </>
      )}
      multipart
      actionData={actionData}
    />
  );
}
