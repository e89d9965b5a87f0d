import { testimonialFormSchema } from "~/features/home/content";
import { testimonialsContent } from "~/features/home/home.server";
import { requirePermission } from "~/features/staff/auth.server";
import type { StoredPhoto } from "~/features/studio/fields";
import { StudioItemList } from "~/features/studio/item-list";
import { listAction, listItems } from "~/features/studio/list-studio.server";
import { PhotoField } from "~/features/studio/photo-field";
import { STUDIO_PATH } from "~/features/studio/studio";
import { TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/testimonials-studio";

/** /admin/conteudo/depoimentos: the students' testimonials on the home page: edit, add, remove, reorder. */

const ANCHOR = "depoimento";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  return { items: listItems(testimonialsContent) };
}

export const action = ({ request }: Route.ActionArgs) =>
  listAction(request, {
    collection: testimonialsContent,
    schema: testimonialFormSchema,
    // The seeded picture path is kept; the uploaded photo comes from the form.
    toDocument: (value, current) => ({
      name: String(value.name),
      course: String(value.course),
      text: String(value.text),
      image: current?.image ?? "",
      photo: (value.photo as StoredPhoto | null) ?? null,
    }),
    photos: ["photo"],
    redirectTo: `${STUDIO_PATH}/depoimentos`,
    anchorPrefix: ANCHOR,
    placeholderFields: ["name", "course", "text"],
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function TestimonialsStudio({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StudioItemList
      title="Depoimentos"
      intro='Os depoimentos de alunos da página inicial (seção "Quem estuda com a gente recomenda"), na ordem em que aparecem. Pode usar {campanha} e {marca}; sem campanha, um depoimento com {campanha} não aparece.'
      testId="testimonial-items"
      anchorPrefix={ANCHOR}
      items={loaderData.items}
      legendOf={(item, index) => `Depoimento ${index + 1}: ${item.name}`}
      schema={testimonialFormSchema}
      defaultValueOf={(item) => ({
        name: item.name,
        course: item.course,
        text: item.text,
        photo: item.photo ? { id: item.photo.id, alt: item.photo.alt } : null,
      })}
      newItem={{
        legend: "Novo depoimento",
        defaultValue: { name: "", course: "", text: "" },
        saveLabel: "Adicionar depoimento",
      }}
      fields={(fields, item) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.name} label="Nome" required />
            <TextField meta={fields.course} label="Curso" required />
          </div>
          <TextareaField meta={fields.text} label="Depoimento" rows={4} required />
          <PhotoField
            meta={fields.photo}
            current={item?.photo ?? null}
            label="Foto do aluno"
            hint="JPEG, PNG, WebP ou AVIF, até 8 MB; aparece pequena e redonda. Sem foto: o avatar desenhado ou as iniciais."
            className=""
          />
        </>
      )}
      multipart
      actionData={actionData}
    />
  );
}
