import { TextareaField, TextField } from "~/components/forms";
import { StudioItemList } from "~/components/studio/item-list";
import { PhotoField } from "~/components/studio/photo-field";
import type { StoredPhoto } from "~/lib/content/fields";
import { testimonialFormSchema } from "~/lib/content/home";
import { STUDIO_PATH } from "~/lib/content/studio";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { testimonialsContent } from "~/server/content/home.server";
import { listAction, listItems } from "~/server/content/list-studio.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/testimonials";

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
