import type { ReactNode } from "react";
import type { z } from "zod";

import { answeredItem, ListItemForm, UnplacedAlert } from "~/features/studio/list-item-form";
import { StudioPage, useStudioAnswer } from "~/features/studio/studio-fields";
import { PageError } from "~/ui/alert";

type ItemFields = Parameters<Parameters<typeof ListItemForm>[0]["children"]>[0];

/**
 * A list section of the studio (FAQ, Depoimentos): its title, the items in their order, each its
 * own form (list-item-form.tsx) inside an element whose id the action sends the editor back to
 * after a save or a move (`${anchorPrefix}-<id>`, decision 097), and the form that adds one. A
 * refusal shows on the item's form it is about; a lost connection without an item above the list.
 */
export function StudioItemList<Item extends { id: string; version: number }>(props: {
  title: string;
  intro: ReactNode;
  testId: string;
  /** The items' element ids and form ids start with this ("pergunta", "depoimento"). */
  anchorPrefix: string;
  items: Item[];
  legendOf: (item: Item, index: number) => string;
  schema: z.ZodType<unknown>;
  defaultValueOf: (item: Item) => Record<string, unknown>;
  newItem: { legend: string; defaultValue: Record<string, unknown>; saveLabel: string };
  /** The item's fields (null: the form that adds one). */
  fields: (fields: ItemFields, item: Item | null) => ReactNode;
  multipart?: boolean;
  actionData: unknown;
}) {
  const { items, anchorPrefix } = props;
  const { lostErrors, failure } = useStudioAnswer(props.actionData);
  const about = answeredItem(failure?.result);
  const answerFor = (id: string) =>
    about === id ? { lastResult: failure?.result, extraErrors: lostErrors } : { lastResult: undefined, extraErrors: undefined };
  const titleId = `${anchorPrefix}-lista-titulo`;
  return (
    <StudioPage titleId={titleId} title={props.title} intro={props.intro}>
      <PageError message={lostErrors && about === undefined ? lostErrors[0] : null} />
      <UnplacedAlert result={failure?.result} itemIds={items.map((item) => item.id)} />
      <ol className="mt-6 space-y-4" data-testid={props.testId}>
        {items.map((item, index) => (
          <li key={`${item.id}-${item.version}`} id={`${anchorPrefix}-${item.id}`} className="scroll-mt-4">
            <ListItemForm
              itemId={item.id}
              version={item.version}
              formId={`${anchorPrefix}-${item.id}-${item.version}`}
              legend={props.legendOf(item, index)}
              schema={props.schema}
              defaultValue={props.defaultValueOf(item)}
              {...answerFor(item.id)}
              first={index === 0}
              last={index === items.length - 1}
              saveLabel="Salvar"
              multipart={props.multipart}
            >
              {(fields) => props.fields(fields, item)}
            </ListItemForm>
          </li>
        ))}
      </ol>
      <div className="mt-8">
        <ListItemForm
          itemId=""
          version={0}
          formId={`${anchorPrefix}-novo-${items.length}`}
          legend={props.newItem.legend}
          schema={props.schema}
          defaultValue={props.newItem.defaultValue}
          {...answerFor("")}
          saveLabel={props.newItem.saveLabel}
          multipart={props.multipart}
        >
          {(fields) => props.fields(fields, null)}
        </ListItemForm>
      </div>
    </StudioPage>
  );
}
