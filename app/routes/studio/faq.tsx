import { TextareaField, TextField } from "~/components/forms";
import { StudioItemList } from "~/components/studio/item-list";
import { faqFormSchema } from "~/lib/content/home";
import { STUDIO_PATH } from "~/lib/content/studio";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { faqContent, largestActiveDiscount } from "~/server/content/home.server";
import { listAction, listItems } from "~/server/content/list-studio.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/faq";

/** /admin/conteudo/faq: the home page's questions: edit, add, remove, reorder. */

const ANCHOR = "pergunta";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  return { items: listItems(faqContent), largestDiscount: largestActiveDiscount() };
}

export const action = ({ request }: Route.ActionArgs) =>
  listAction(request, {
    collection: faqContent,
    schema: faqFormSchema(largestActiveDiscount()),
    toDocument: (value) => ({ question: String(value.question), answer: String(value.answer) }),
    redirectTo: `${STUDIO_PATH}/faq`,
    anchorPrefix: ANCHOR,
    placeholderFields: ["question", "answer"],
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

const TOKENS_HINT =
  "Pode usar {bolsa}, {cursos}, {polos}, {campanha} e {marca}: aparecem com os números e nomes atuais; sem campanha, uma pergunta com {bolsa} ou {campanha} não aparece.";

export default function FaqStudio({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StudioItemList
      title="FAQ"
      intro={`As perguntas frequentes da página inicial, na ordem em que aparecem. ${TOKENS_HINT}`}
      testId="faq-items"
      anchorPrefix={ANCHOR}
      items={loaderData.items}
      legendOf={(_, index) => `Pergunta ${index + 1}`}
      schema={faqFormSchema(loaderData.largestDiscount)}
      defaultValueOf={(item) => ({ question: item.question, answer: item.answer })}
      newItem={{ legend: "Nova pergunta", defaultValue: { question: "", answer: "" }, saveLabel: "Adicionar pergunta" }}
      fields={(fields) => (
        <>
          <TextField meta={fields.question} label="Pergunta" required />
          <TextareaField meta={fields.answer} label="Resposta" rows={4} required />
        </>
      )}
      actionData={actionData}
    />
  );
}
