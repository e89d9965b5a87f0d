import type { ReactNode } from "react";
import { Form } from "react-router";

import { inputClass } from "~/components/forms";
import { StudioTable } from "~/components/studio/studio-table";
import { DISTRIBUTION_INTENTS as I } from "~/lib/leads/distribution";
import { pageMeta } from "~/lib/seo";
import { distributionAction, distributionPageData } from "~/server/leads/distribution-page.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/distribution";

/**
 * /admin/distribuicao: who gets each new lead (decision 086). The switch, the first-contact target
 * and holidays (decision 087), each comercial user's availability, the teams and the rules. Admin
 * only; plain forms, so everything works without JavaScript; a refused value's message is next to
 * its field.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Distribuição - Painel Administrativo",
    description: "Distribuição automática de leads.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "distribution");
  return distributionPageData();
}

export const action = ({ request }: Route.ActionArgs) => distributionAction(request);

const BUTTON =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70";
const PRIMARY =
  "inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70";

type Answer = { form?: string; fieldErrors?: Record<string, string> } | undefined;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** A labelled field whose error (if this form was the one refused) sits right under it. */
function Field({
  form,
  answer,
  name,
  label,
  children,
}: {
  form: string;
  answer: Answer;
  name: string;
  label: string;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `${form}-${name}`;
  const error = answer?.form === form ? answer.fieldErrors?.[name] : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">
        {label}
      </label>
      {children({ id, name, ...(error ? { "aria-invalid": true as const, "aria-describedby": `${id}-erro` } : {}) })}
      <FieldError id={`${id}-erro`} message={error} />
    </div>
  );
}

function Hidden({ values }: { values: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export default function DistributionPage({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const answer = actionData as Answer;
  const pageError =
    answer?.fieldErrors &&
    !["prazo", "equipe", "regra"].includes(answer.form ?? "") &&
    !answer.form?.startsWith("disponibilidade-") &&
    !answer.form?.startsWith("membro-")
      ? Object.values(answer.fieldErrors)[0]
      : null;
  return (
    <section aria-labelledby="distribuicao-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <h1 id="distribuicao-titulo" className="text-2xl font-bold text-slate-900">
        Distribuição de leads
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Cada novo lead recebe um responsável na hora em que chega: a mesma pessoa volta para quem já a atende; senão a primeira
        regra que combinar escolhe a equipe; sem regra, todos os comerciais. Dentro da equipe, a vez passa entre quem está
        disponível. Sem ninguém disponível, o lead fica sem responsável e os administradores recebem um e-mail.
      </p>
      {pageError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {pageError}
        </p>
      ) : null}

      <div
        className="mt-6 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 p-4"
        data-testid="distribution-switch"
      >
        <p className="font-semibold">Distribuição automática: {data.active ? "ligada" : "desligada"}</p>
        <Form method="post">
          <Hidden values={{ intent: I.switch, ativa: data.active ? "0" : "1" }} />
          <button type="submit" className={PRIMARY}>
            {data.active ? "Desligar" : "Ligar"} a distribuição
          </button>
        </Form>
        <p className="text-sm text-slate-600" data-testid="unassigned-count">
          Leads novos sem responsável: {data.unassigned}
        </p>
      </div>

      <h2 className="mt-8 text-xl font-bold text-slate-900">Prazo de primeiro contato</h2>
      <Form method="post" noValidate className="mt-3 flex flex-wrap items-start gap-4">
        <Hidden values={{ intent: I.clock }} />
        <Field form="prazo" answer={answer} name="prazo" label="Minutos úteis">
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              defaultValue={data.targetMinutes}
              className={inputClass("staff", "w-28")}
            />
          )}
        </Field>
        <Field form="prazo" answer={answer} name="feriados" label="Feriados (DD/MM/AAAA, um por linha)">
          {(props) => (
            <textarea
              {...props}
              rows={3}
              defaultValue={data.holidays.map((d) => d.split("-").reverse().join("/")).join("\n")}
              className={inputClass("staff", "w-56")}
            />
          )}
        </Field>
        <div className="self-end">
          <button type="submit" className={BUTTON}>
            Salvar prazo
          </button>
        </div>
      </Form>
      <p className="mt-2 text-sm text-slate-600">
        O relógio conta só o horário de atendimento do telefone (Conteúdo › Instituição), no horário de São Paulo.
      </p>

      <StudioTable
        testId="availability"
        caption="Disponibilidade dos comerciais"
        columns={["Usuário", "Situação", "Alterar"]}
        className="mt-8"
      >
        {data.availability.map((user) => (
          <tr key={user.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 break-all">{user.email}</td>
            <td className="py-2 pr-3">
              {user.available ? "Disponível" : "Ausente"}
              {!user.available && user.awayUntilText ? ` até ${user.awayUntilText}` : null}
            </td>
            <td className="py-2">
              <Form method="post" noValidate className="flex flex-wrap items-start gap-2">
                <Hidden values={{ intent: I.availability, usuario: user.id }} />
                {user.available ? (
                  <>
                    <Hidden values={{ estado: "ausente" }} />
                    <Field
                      form={`disponibilidade-${user.id}`}
                      answer={answer}
                      name="ausente_ate"
                      label={`Ausente até (opcional) – ${user.email}`}
                    >
                      {(props) => <input {...props} type="datetime-local" className={inputClass("staff", "w-56")} />}
                    </Field>
                    <div className="self-end">
                      <button type="submit" className={BUTTON}>
                        Marcar ausente<span className="sr-only"> {user.email}</span>
                      </button>
                    </div>
                  </>
                ) : (
                  <>
                    <Hidden values={{ estado: "disponivel" }} />
                    <button type="submit" className={BUTTON}>
                      Marcar disponível<span className="sr-only"> {user.email}</span>
                    </button>
                  </>
                )}
              </Form>
            </td>
          </tr>
        ))}
      </StudioTable>

      <h2 className="mt-8 text-xl font-bold text-slate-900">Equipes</h2>
      <Form method="post" noValidate className="mt-3 flex flex-wrap items-start gap-2">
        <Hidden values={{ intent: I.addTeam }} />
        <Field form="equipe" answer={answer} name="nome" label="Nome da nova equipe">
          {(props) => <input {...props} type="text" maxLength={60} className={inputClass("staff", "w-64")} />}
        </Field>
        <div className="self-end">
          <button type="submit" className={BUTTON}>
            Criar equipe
          </button>
        </div>
      </Form>
      <ul className="mt-4 space-y-4" data-testid="teams">
        {data.teams.map((team) => (
          <li key={team.id} className="rounded-lg border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{team.name}</h3>
              <Form method="post">
                <Hidden values={{ intent: I.removeTeam, equipe: team.id }} />
                <button type="submit" className={BUTTON}>
                  Remover equipe<span className="sr-only"> {team.name}</span>
                </button>
              </Form>
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {team.members.length === 0 ? <li>Nenhum membro.</li> : null}
              {team.members.map((member) => (
                <li key={member.id} className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{member.email}</span>
                  <Form method="post">
                    <Hidden values={{ intent: I.removeMember, equipe: team.id, usuario: member.id }} />
                    <button type="submit" className={BUTTON}>
                      Tirar
                      <span className="sr-only">
                        {" "}
                        {member.email} de {team.name}
                      </span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" noValidate className="mt-2 flex flex-wrap items-start gap-2">
              <Hidden values={{ intent: I.addMember, equipe: team.id }} />
              <Field form={`membro-${team.id}`} answer={answer} name="usuario" label={`Adicionar a ${team.name}`}>
                {(props) => (
                  <select {...props} className={inputClass("staff", "w-64")} defaultValue="">
                    <option value="">Escolha um comercial</option>
                    {data.availability.map((user) => (
                      <option key={user.id} value={user.id}>
                        {user.email}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div className="self-end">
                <button type="submit" className={BUTTON}>
                  Adicionar
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>

      <h2 className="mt-8 text-xl font-bold text-slate-900">Regras (a primeira que combinar vale)</h2>
      <Form method="post" noValidate className="mt-3 flex flex-wrap items-start gap-2">
        <Hidden values={{ intent: I.addRule }} />
        <Field form="regra" answer={answer} name="nome" label="Nome da regra">
          {(props) => <input {...props} type="text" maxLength={80} className={inputClass("staff", "w-56")} />}
        </Field>
        <Field form="regra" answer={answer} name="campo" label="Compara">
          {(props) => (
            <select {...props} defaultValue="" className={inputClass("staff", "w-44")}>
              <option value="">Escolha</option>
              <option value="polo">Polo</option>
              <option value="area">Área do curso</option>
              <option value="origem">Formulário</option>
            </select>
          )}
        </Field>
        <Field form="regra" answer={answer} name="valor" label="Valor">
          {(props) => (
            <input {...props} type="text" list="valores-regra" maxLength={120} className={inputClass("staff", "w-64")} />
          )}
        </Field>
        <datalist id="valores-regra">
          {data.ruleValues.polo.map((value) => (
            <option key={`p-${value}`} value={value} />
          ))}
          {data.ruleValues.area.map((value) => (
            <option key={`a-${value}`} value={value} />
          ))}
          {data.ruleValues.origem.map((origin) => (
            <option key={`o-${origin.value}`} value={origin.value}>
              {origin.label}
            </option>
          ))}
        </datalist>
        <Field form="regra" answer={answer} name="equipe" label="Equipe">
          {(props) => (
            <select {...props} defaultValue="" className={inputClass("staff", "w-48")}>
              <option value="">Escolha</option>
              {data.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="self-end">
          <button type="submit" className={BUTTON}>
            Criar regra
          </button>
        </div>
      </Form>
      <StudioTable
        testId="rules"
        caption={data.rules.length ? "Regras em ordem" : "Nenhuma regra: todos os comerciais recebem."}
        columns={["Regra", "Compara", "Valor", "Equipe", <span className="sr-only">Ações</span>]}
        className="mt-4"
      >
        {data.rules.map((rule) => (
          <tr key={rule.id} className="border-b border-slate-100">
            <td className="py-2 pr-3">{rule.name}</td>
            <td className="py-2 pr-3">{rule.fieldLabel}</td>
            <td className="py-2 pr-3">{rule.value}</td>
            <td className="py-2 pr-3">{rule.teamName}</td>
            <td className="py-2">
              <Form method="post">
                <Hidden values={{ intent: I.removeRule, regra: rule.id }} />
                <button type="submit" className={BUTTON}>
                  Remover<span className="sr-only"> regra {rule.name}</span>
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}
