import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";

import {
  addMemberSchema,
  addRuleSchema,
  addTeamSchema,
  availabilitySchema,
  clockSchema,
  DISTRIBUTION_FORMS as F,
  DISTRIBUTION_INTENTS as I,
  type DistributionAnswer,
  RULE_FIELDS,
  summarySchema,
} from "~/features/leads/distribution/distribution";
import { Button, type ButtonLook } from "~/ui/button";
import { SelectField, TextareaField, TextField } from "~/ui/forms";

/**
 * The Distribuição page's forms (app/features/leads/distribution/page.tsx, decision 086). Each form with
 * fields is a conform form validated in the browser with its intent's schema (the server parses
 * the post with the same one), and shows the server's refusal only when the refusal names it.
 * Plain posts: everything works without JavaScript.
 */

/** The hidden fields of a post (its intent and the row it acts on). */
function Hidden({ values }: { values: Record<string, string | number> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * Conform's form `id`, its last refusal from the server (if it names this form) and the browser's
 * check with `schema` (or the schema `schema()` makes at each check, for one that reads the time).
 */
function useDistributionForm<Schema extends z.ZodType>(
  id: string,
  answer: DistributionAnswer | undefined,
  schema: Schema | (() => Schema),
  defaultValue?: Record<string, string>,
) {
  return useForm({
    id,
    lastResult: answer && "form" in answer && answer.form === id ? answer.result : undefined,
    defaultValue,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: typeof schema === "function" ? schema() : schema }),
  });
}

/** Its submit button sits level with the fields' boxes. */
function Submit({ children }: { children: ReactNode }) {
  return (
    <div className="self-end">
      <Button type="submit" variant="neutral" size="sm">
        {children}
      </Button>
    </div>
  );
}

/** A form that is one button (switch, remove, mark available): its hidden values and its label. */
export function PostButton({
  values,
  children,
  ...look
}: { values: Record<string, string | number>; children: ReactNode } & ButtonLook) {
  return (
    <Form method="post">
      <Hidden values={values} />
      <Button type="submit" variant="neutral" size="sm" {...look}>
        {children}
      </Button>
    </Form>
  );
}

const ROW = "flex flex-wrap items-start gap-2";

/** DD/MM/AAAA, one a line, as the holidays box shows them. */
function holidayLines(dates: string[]): string {
  return dates.map((date) => date.split("-").reverse().join("/")).join("\n");
}

/** The first-contact target (business minutes) and the holidays. */
export function ClockForm({ answer, minutes, holidays }: { answer?: DistributionAnswer; minutes: number; holidays: string[] }) {
  const [form, fields] = useDistributionForm(F.clock, answer, clockSchema, {
    prazo: String(minutes),
    feriados: holidayLines(holidays),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-start gap-4">
      <Hidden values={{ intent: I.clock }} />
      <TextField
        meta={fields.prazo}
        label="Minutos úteis"
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        className="w-28"
      />
      <TextareaField meta={fields.feriados} label="Feriados (DD/MM/AAAA, um por linha)" rows={3} className="w-56" />
      <Submit>Salvar prazo</Submit>
    </Form>
  );
}

const SUMMARY_HOURS = [
  { value: "nao", label: "Não enviar" },
  ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${hour} h` })),
];

/** The hour of the managers' daily summary (São Paulo), or "Não enviar". */
export function SummaryForm({ answer, hour }: { answer?: DistributionAnswer; hour: number | null }) {
  const [form, fields] = useDistributionForm(F.summary, answer, summarySchema, {
    hora: hour === null ? "nao" : String(hour),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-start gap-4">
      <Hidden values={{ intent: I.summary }} />
      <SelectField meta={fields.hora} label="Resumo diário às (horário de São Paulo)" options={SUMMARY_HOURS} className="w-64" />
      <Submit>Salvar resumo</Submit>
    </Form>
  );
}

/** A comercial user who is available: "Marcar ausente", with an optional end. */
export function AwayForm({ answer, user }: { answer?: DistributionAnswer; user: { id: number; email: string } }) {
  const [form, fields] = useDistributionForm(F.availability(user.id), answer, () => availabilitySchema(Date.now()));
  return (
    <Form method="post" {...getFormProps(form)} className={ROW}>
      <Hidden values={{ intent: I.availability, usuario: user.id, estado: "ausente" }} />
      <TextField
        meta={fields.ausente_ate}
        label={`Ausente até (opcional) – ${user.email}`}
        type="datetime-local"
        className="w-56"
      />
      <Submit>
        Marcar ausente<span className="sr-only"> {user.email}</span>
      </Submit>
    </Form>
  );
}

/** "Nome da nova equipe". */
export function AddTeamForm({ answer }: { answer?: DistributionAnswer }) {
  const [form, fields] = useDistributionForm(F.addTeam, answer, addTeamSchema);
  return (
    <Form method="post" {...getFormProps(form)} className={`mt-3 ${ROW}`}>
      <Hidden values={{ intent: I.addTeam }} />
      <TextField meta={fields.nome} label="Nome da nova equipe" maxLength={60} className="w-64" />
      <Submit>Criar equipe</Submit>
    </Form>
  );
}

/** "Adicionar a <equipe>": one of the comercial users. */
export function AddMemberForm({
  answer,
  team,
  users,
}: {
  answer?: DistributionAnswer;
  team: { id: number; name: string };
  users: { id: number; email: string }[];
}) {
  const [form, fields] = useDistributionForm(F.addMember(team.id), answer, addMemberSchema);
  return (
    <Form method="post" {...getFormProps(form)} className={`mt-2 ${ROW}`}>
      <Hidden values={{ intent: I.addMember, equipe: team.id }} />
      <SelectField
        meta={fields.usuario}
        label={`Adicionar a ${team.name}`}
        placeholder="Escolha um comercial"
        options={users.map((user) => ({ value: String(user.id), label: user.email }))}
        className="w-64"
      />
      <Submit>Adicionar</Submit>
    </Form>
  );
}

type RuleValues = { polo: string[]; area: string[]; origem: { value: string; label: string }[] };

const FIELD_OPTIONS = Object.entries(RULE_FIELDS).map(([value, label]) => ({ value, label }));

/** A new rule: its name, what it compares, the value (suggested from the polos, areas and forms) and the team. */
export function AddRuleForm({
  answer,
  values,
  teams,
}: {
  answer?: DistributionAnswer;
  values: RuleValues;
  teams: { id: number; name: string }[];
}) {
  const [form, fields] = useDistributionForm(F.addRule, answer, addRuleSchema);
  return (
    <Form method="post" {...getFormProps(form)} className={`mt-3 ${ROW}`}>
      <Hidden values={{ intent: I.addRule }} />
      <TextField meta={fields.nome} label="Nome da regra" maxLength={80} className="w-56" />
      <SelectField meta={fields.campo} label="Compara" placeholder="Escolha" options={FIELD_OPTIONS} className="w-44" />
      <TextField meta={fields.valor} label="Valor" list="valores-regra" maxLength={120} className="w-64" />
      <datalist id="valores-regra">
        {values.polo.map((value) => (
          <option key={`p-${value}`} value={value} />
        ))}
        {values.area.map((value) => (
          <option key={`a-${value}`} value={value} />
        ))}
        {values.origem.map((origin) => (
          <option key={`o-${origin.value}`} value={origin.value}>
            {origin.label}
          </option>
        ))}
      </datalist>
      <SelectField
        meta={fields.equipe}
        label="Equipe"
        placeholder="Escolha"
        options={teams.map((team) => ({ value: String(team.id), label: team.name }))}
        className="w-48"
      />
      <Submit>Criar regra</Submit>
    </Form>
  );
}
