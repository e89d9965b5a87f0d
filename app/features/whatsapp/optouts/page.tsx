import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";

import { StudioTable } from "~/features/studio/studio-table";
import { optOutsAction, optOutsPageData } from "~/features/whatsapp/replies/inbox.server";
import {
  OPT_OUT_SEARCH_PARAM,
  OPT_OUTS_PATH,
  REPLIES_PATH,
  UNDO_INTENT,
  UNDO_REASON_MAX,
  undoOptOutSchema,
} from "~/features/whatsapp/replies/replies";
import { SubpageHeader } from "~/features/whatsapp/tool/subpage-header";
import { privatePageMeta } from "~/shared/seo";
import { PageError } from "~/ui/alert";
import { Field, SubmitButton, TextField, TextInput, useIsPending } from "~/ui/forms";
import { textLink } from "~/ui/text-link";

import type { Route } from "./+types/page";

/**
 * /whatsapp/descadastros: the people who asked not to get WhatsApp messages (decision 071): number,
 * name when known, when, what they wrote and who recorded it; a search by number or name; "Desfazer"
 * with a required reason (kept in the undo log shown below). Operators and staff holding "whatsapp";
 * anyone else goes to the gate. Logic: app/features/whatsapp/replies/inbox.server.ts.
 */

export const meta = privatePageMeta("Descadastros - WhatsApp", "Quem pediu para não receber mensagens.");

export const loader = ({ request }: Route.LoaderArgs) => optOutsPageData(request);

export const action = ({ request }: Route.ActionArgs) => optOutsAction(request);

type UndoAnswer = { result?: SubmissionResult<string[]>; id?: number | null; error?: string };

/** "Desfazer" of one opt-out: the reason box (its message beside it) and the button. */
function UndoForm({
  id,
  number,
  answer,
  action,
}: {
  id: number;
  number: string;
  answer: UndoAnswer | undefined;
  action: string;
}) {
  const pending = useIsPending({ intent: UNDO_INTENT });
  const [form, fields] = useForm({
    id: `desfazer-${id}`,
    lastResult: answer?.id === id ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: undoOptOutSchema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={UNDO_INTENT} />
      <input type="hidden" name="id" value={id} />
      <TextField
        meta={fields.motivo}
        label={
          <>
            Motivo<span className="sr-only"> para desfazer o descadastro de {number}</span>
          </>
        }
        className="min-w-48 flex-1"
        aria-required="true"
        maxLength={UNDO_REASON_MAX}
      />
      <SubmitButton pending={pending} pendingText="Aguarde..." spinnerClassName="size-4" variant="neutral" size="sm">
        Desfazer<span className="sr-only"> o descadastro de {number}</span>
      </SubmitButton>
    </Form>
  );
}

export default function OptOutsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { search, total, optOuts, changes } = loaderData;
  const answer = actionData as UndoAnswer | undefined;
  const searching = useIsPending({ formMethod: "GET" });
  // The undo keeps the search: its answer (an error, or the list after it) is the same page.
  const undoAction = search ? `${OPT_OUTS_PATH}?${new URLSearchParams({ [OPT_OUT_SEARCH_PARAM]: search })}` : OPT_OUTS_PATH;
  return (
    <section aria-labelledby="descadastros-titulo" className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <SubpageHeader titleId="descadastros-titulo" title="Descadastros">
        Pessoas que pediram para não receber mais mensagens pelo WhatsApp: nenhum ajudante envia para elas. Desfaça um descadastro
        só se ele foi registrado por engano, e diga o motivo: ele fica no histórico abaixo.
      </SubpageHeader>
      <p className="mt-2 text-sm">
        <Link to={REPLIES_PATH} className={textLink()}>
          Ver respostas
        </Link>
      </p>

      <Form method="get" action={OPT_OUTS_PATH} role="search" className="mt-6 flex flex-wrap items-end gap-2">
        <Field label="Buscar por número ou nome" htmlFor="busca-descadastros" className="min-w-64 flex-1">
          <TextInput
            id="busca-descadastros"
            type="search"
            name={OPT_OUT_SEARCH_PARAM}
            defaultValue={search}
            maxLength={100}
            autoComplete="off"
          />
        </Field>
        <SubmitButton pending={searching} pendingText="Buscando..." variant="neutral" size="sm">
          Buscar
        </SubmitButton>
      </Form>

      <PageError message={answer?.error} />

      <StudioTable
        testId="optout-list"
        caption={
          search
            ? `${total} ${total === 1 ? "descadastro encontrado" : "descadastros encontrados"} para “${search}”`
            : `${total} ${total === 1 ? "descadastro" : "descadastros"}`
        }
        columns={["Número", "Nome", "Quando", "Última resposta", "Registrado por", "Desfazer"]}
      >
        {optOuts.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 align-top" data-testid="optout-row">
            <td className="py-2 pr-3 whitespace-nowrap">{row.number}</td>
            <td className="py-2 pr-3">{row.name || "-"}</td>
            <td className="py-2 pr-3 whitespace-nowrap">{row.when}</td>
            <td className="py-2 pr-3 break-words whitespace-pre-wrap" data-testid="optout-said">
              {row.said || "-"}
            </td>
            <td className="py-2 pr-3">
              {row.recordedBy}
              {row.operator ? <span className="block text-xs text-slate-600">Operador: {row.operator}</span> : null}
            </td>
            <td className="py-2">
              <UndoForm id={row.id} number={row.number} answer={answer} action={undoAction} />
            </td>
          </tr>
        ))}
      </StudioTable>
      {optOuts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {search ? "Nenhum descadastro encontrado." : "Nenhum descadastro registrado."}
        </p>
      ) : null}

      <StudioTable
        testId="optout-changes"
        caption="Histórico: descadastros desfeitos, registrados pela equipe e liberados (mais recentes primeiro)"
        columns={["Número", "O que", "Quando", "Por", "Motivo"]}
        className="mt-10"
      >
        {changes.map((change) => (
          <tr key={change.id} className="border-b border-slate-100 align-top" data-testid="optout-change">
            <td className="py-2 pr-3 whitespace-nowrap">{change.number}</td>
            <td className="py-2 pr-3">{change.action}</td>
            <td className="py-2 pr-3 whitespace-nowrap">{change.when}</td>
            <td className="py-2 pr-3">{change.by}</td>
            <td className="py-2 break-words whitespace-pre-wrap">{change.reason}</td>
          </tr>
        ))}
      </StudioTable>
      {changes.length === 0 ? <p className="mt-2 text-sm text-slate-700">Nada no histórico ainda.</p> : null}
    </section>
  );
}
