import { TextareaField, TextField } from "~/components/forms";
import { answeredItem, ListItemForm, UnplacedAlert } from "~/components/studio/list-item-form";
import { useStudioAnswer } from "~/components/studio/studio-fields";
import { Alert } from "~/components/ui/alert";
import { faqFormSchema } from "~/lib/content/home";
import { STUDIO_PATH } from "~/lib/content/studio";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { faqContent, largestActiveDiscount } from "~/server/content/home.server";
import { listAction } from "~/server/content/list-studio.server";
import { listEntries } from "~/server/content/store.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/faq";

/** /admin/conteudo/faq: the home page's questions: edit, add, remove, reorder. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const items = listEntries(faqContent).map((entry) => ({ id: entry.id, version: entry.version, ...entry.data }));
  return { items, largestDiscount: largestActiveDiscount() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "content");
  const formData = await readFormData(request);
  return listAction({
    request,
    formData,
    collection: faqContent,
    schema: faqFormSchema(largestActiveDiscount()),
    toDocument: (value) => ({ question: String(value.question), answer: String(value.answer) }),
    by: admin.email,
    redirectTo: `${STUDIO_PATH}/faq`,
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

const TOKENS_HINT = "Pode usar {bolsa}, {cursos} e {polos}: aparecem com os números da página inicial.";

export default function FaqStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { items, largestDiscount } = loaderData;
  const { lost, failure } = useStudioAnswer(actionData);
  const about = answeredItem(failure?.result);
  const lostErrors = lost ? [lost.title + (lost.description ? ` ${lost.description}` : "")] : undefined;
  const schema = faqFormSchema(largestDiscount);
  const resultFor = (id: string) => (about === id ? failure?.result : undefined);

  return (
    <section aria-labelledby="faq-studio-titulo">
      <h1 id="faq-studio-titulo" className="text-2xl font-bold text-slate-900">
        FAQ
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        As perguntas frequentes da página inicial, na ordem em que aparecem. {TOKENS_HINT}
      </p>
      {/* Without an item to pin it on (a lost connection), the message goes above the list. */}
      {lostErrors && about === undefined ? (
        <Alert role="alert" as="p" className="mt-4">
          {lostErrors[0]}
        </Alert>
      ) : null}
      <UnplacedAlert result={failure?.result} itemIds={items.map((item) => item.id)} />
      <ol className="mt-6 space-y-4" data-testid="faq-items">
        {items.map((item, index) => (
          <li key={`${item.id}-${item.version}`} id={`pergunta-${item.id}`}>
            <ListItemForm
              itemId={item.id}
              version={item.version}
              formId={`faq-${item.id}-${item.version}`}
              legend={`Pergunta ${index + 1}`}
              schema={schema}
              defaultValue={{ question: item.question, answer: item.answer }}
              lastResult={resultFor(item.id)}
              extraErrors={about === item.id ? lostErrors : undefined}
              first={index === 0}
              last={index === items.length - 1}
              saveLabel="Salvar"
            >
              {(fields) => (
                <>
                  <TextField meta={fields.question} label="Pergunta" required />
                  <TextareaField meta={fields.answer} label="Resposta" rows={4} required />
                </>
              )}
            </ListItemForm>
          </li>
        ))}
      </ol>
      <div className="mt-8">
        <ListItemForm
          itemId=""
          version={0}
          formId={`faq-nova-${items.length}`}
          legend="Nova pergunta"
          schema={schema}
          defaultValue={{ question: "", answer: "" }}
          lastResult={resultFor("")}
          extraErrors={about === "" ? lostErrors : undefined}
          saveLabel="Adicionar pergunta"
        >
          {(fields) => (
            <>
              <TextField meta={fields.question} label="Pergunta" required />
              <TextareaField meta={fields.answer} label="Resposta" rows={4} required />
            </>
          )}
        </ListItemForm>
      </div>
    </section>
  );
}
