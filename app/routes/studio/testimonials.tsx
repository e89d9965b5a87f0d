import { TextareaField, TextField } from "~/components/forms";
import { answeredItem, ListItemForm, UnplacedAlert } from "~/components/studio/list-item-form";
import { PhotoField } from "~/components/studio/photo-field";
import { useStudioAnswer } from "~/components/studio/studio-fields";
import { Alert } from "~/components/ui/alert";
import type { StoredPhoto } from "~/lib/content/fields";
import { testimonialFormSchema } from "~/lib/content/home";
import { STUDIO_PATH } from "~/lib/content/studio";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { testimonialsContent } from "~/server/content/home.server";
import { listAction } from "~/server/content/list-studio.server";
import { listEntries } from "~/server/content/store.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/testimonials";

/** /admin/conteudo/depoimentos: the students' testimonials on the home page: edit, add, remove, reorder. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const items = listEntries(testimonialsContent).map((entry) => ({ id: entry.id, version: entry.version, ...entry.data }));
  return { items };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "content");
  const formData = await readFormData(request);
  return listAction({
    request,
    formData,
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
    by: admin.email,
    redirectTo: `${STUDIO_PATH}/depoimentos`,
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function TestimonialsStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const { lost, failure } = useStudioAnswer(actionData);
  const about = answeredItem(failure?.result);
  const lostErrors = lost ? [lost.title + (lost.description ? ` ${lost.description}` : "")] : undefined;
  const resultFor = (id: string) => (about === id ? failure?.result : undefined);
  const fieldsOf = (current: StoredPhoto | null) => (fields: Parameters<Parameters<typeof ListItemForm>[0]["children"]>[0]) => (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.name} label="Nome" required />
        <TextField meta={fields.course} label="Curso" required />
      </div>
      <TextareaField meta={fields.text} label="Depoimento" rows={4} required />
      <PhotoField
        meta={fields.photo}
        current={current}
        label="Foto do aluno"
        hint="JPEG, PNG, WebP ou AVIF, até 8 MB; aparece pequena e redonda. Sem foto: o avatar desenhado ou as iniciais."
        className=""
      />
    </>
  );

  return (
    <section aria-labelledby="depoimentos-studio-titulo">
      <h1 id="depoimentos-studio-titulo" className="text-2xl font-bold text-slate-900">
        Depoimentos
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Os depoimentos de alunos da página inicial (seção &quot;Quem estuda com a gente recomenda&quot;), na ordem em que
        aparecem.
      </p>
      {lostErrors && about === undefined ? (
        <Alert role="alert" as="p" className="mt-4">
          {lostErrors[0]}
        </Alert>
      ) : null}
      <UnplacedAlert result={failure?.result} itemIds={items.map((item) => item.id)} />
      <ol className="mt-6 space-y-4" data-testid="testimonial-items">
        {items.map((item, index) => (
          <li key={`${item.id}-${item.version}`} id={`depoimento-${item.id}`}>
            <ListItemForm
              itemId={item.id}
              version={item.version}
              formId={`depoimento-${item.id}-${item.version}`}
              legend={`Depoimento ${index + 1}: ${item.name}`}
              schema={testimonialFormSchema}
              defaultValue={{
                name: item.name,
                course: item.course,
                text: item.text,
                photo: item.photo ? { id: item.photo.id, alt: item.photo.alt } : null,
              }}
              lastResult={resultFor(item.id)}
              extraErrors={about === item.id ? lostErrors : undefined}
              first={index === 0}
              last={index === items.length - 1}
              saveLabel="Salvar"
              multipart
            >
              {fieldsOf(item.photo)}
            </ListItemForm>
          </li>
        ))}
      </ol>
      <div className="mt-8">
        <ListItemForm
          itemId=""
          version={0}
          formId={`depoimento-novo-${items.length}`}
          legend="Novo depoimento"
          schema={testimonialFormSchema}
          defaultValue={{ name: "", course: "", text: "" }}
          lastResult={resultFor("")}
          extraErrors={about === "" ? lostErrors : undefined}
          saveLabel="Adicionar depoimento"
          multipart
        >
          {fieldsOf(null)}
        </ListItemForm>
      </div>
    </section>
  );
}
