import { faqFormSchema } from "~/features/home/content";
import { faqContent, largestActiveDiscount } from "~/features/home/home.server";
import { requirePermission } from "~/features/staff/auth.server";
import { StudioItemList } from "~/features/studio/item-list";
import { listAction, listItems } from "~/features/studio/list-studio.server";
import { STUDIO_PATH } from "~/features/studio/studio";
import { TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/faq-studio";

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
