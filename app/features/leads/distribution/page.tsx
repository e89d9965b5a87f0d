import { Link } from "react-router";

import { DISTRIBUTION_INTENTS as I, type DistributionAnswer } from "~/features/leads/distribution/distribution";
import {
  AddMemberForm,
  AddRuleForm,
  AddTeamForm,
  AwayForm,
  ClockForm,
  PostButton,
  SummaryForm,
} from "~/features/leads/distribution/forms";
import { distributionAction, distributionPageData } from "~/features/leads/distribution/page.server";
import { requirePermission } from "~/features/staff/auth.server";
import { StudioTable } from "~/features/studio/studio-table";
import { privatePageMeta } from "~/shared/seo";
import { PageError } from "~/ui/alert";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/page";

/**
 * /admin/distribuicao: who gets each new lead (decision 086). The switch, the first-contact target
 * and holidays (decision 087), each comercial user's availability, the teams and the rules. Admin
 * only; plain forms, so everything works without JavaScript; a refused value's message is next to
 * its field.
 */

export const meta = privatePageMeta("Distribuição - Painel Administrativo", "Distribuição automática de leads.");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "distribution");
  return distributionPageData(admin);
}

export const action = ({ request }: Route.ActionArgs) => distributionAction(request);

export default function DistributionPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const answer = actionData as DistributionAnswer | undefined;
  const heading = "mt-8 text-xl font-bold text-slate-900";
  return (
    <section aria-labelledby="distribuicao-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <Title id="distribuicao-titulo" size="area">
        Distribuição de leads
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Cada novo lead recebe um responsável na hora em que chega: a mesma pessoa volta para quem já a atende; senão a primeira
        regra que combinar escolhe a equipe; sem regra, todos os comerciais. Dentro da equipe, a vez passa entre quem está
        disponível. Sem ninguém disponível, o lead fica sem responsável e os administradores recebem um e-mail.
      </p>
      <PageError message={answer && "page" in answer ? answer.page : null} className="mt-4 font-medium" />

      <div
        className="mt-6 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 p-4"
        data-testid="distribution-switch"
      >
        <p className="font-semibold">Distribuição automática: {data.active ? "ligada" : "desligada"}</p>
        <PostButton values={{ intent: I.switch, ativa: data.active ? "0" : "1" }} variant="primary" size="md">
          {data.active ? "Desligar" : "Ligar"} a distribuição
        </PostButton>
        <p className="text-sm text-slate-600" data-testid="unassigned-count">
          Leads novos sem responsável: {data.unassigned}
        </p>
      </div>

      <h2 className={heading}>Pedidos de leads</h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600" data-testid="lead-requests-count">
        Pedidos esperando decisão: {data.requests.length}. Um comercial pede o lead de um colega; aprove ou recuse na página do
        lead.
      </p>
      {data.requests.length ? (
        <ul className="mt-3 space-y-2 text-sm" data-testid="lead-requests">
          {data.requests.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 p-3">
              <Link to={`/contato/lead/${request.leadId}`} className={textLink()}>
                Lead nº {request.leadId}
              </Link>
              <span className="break-words">
                {" · "}
                Pedido de {request.asker}
                {request.reason ? `: ${request.reason}` : null}
              </span>
              <span className="text-slate-600"> ({request.when})</span>
            </li>
          ))}
        </ul>
      ) : null}

      <h2 className={heading}>Prazo de primeiro contato</h2>
      <ClockForm answer={answer} minutes={data.targetMinutes} holidays={data.holidays} />
      <p className="mt-2 text-sm text-slate-600">
        O relógio conta só o horário de atendimento do telefone (Conteúdo › Instituição), no horário de São Paulo.
      </p>

      <h2 className={heading}>Resumo diário por e-mail</h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Uma vez por dia, cada administrador recebe um e-mail só com números: leads novos do dia anterior, leads aguardando
        primeiro contato e atrasados agora, a parcela contatada dentro do prazo no dia anterior e as matrículas por campanha.
      </p>
      <SummaryForm answer={answer} hour={data.summary.hour} />
      {data.summary.optedOut ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="summary-opted-out">
          <span>Você não recebe o resumo diário (pediu para sair pelo link do e-mail).</span>
          <PostButton values={{ intent: I.summaryResume }}>Voltar a receber</PostButton>
        </div>
      ) : null}

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
              {user.available ? (
                <AwayForm answer={answer} user={user} />
              ) : (
                <PostButton values={{ intent: I.availability, usuario: user.id, estado: "disponivel" }}>
                  Marcar disponível<span className="sr-only"> {user.email}</span>
                </PostButton>
              )}
            </td>
          </tr>
        ))}
      </StudioTable>

      <h2 className={heading}>Equipes</h2>
      {/* A new, empty form once a team is created. */}
      <AddTeamForm key={`equipe-${data.teams.length}`} answer={answer} />
      <ul className="mt-4 space-y-4" data-testid="teams">
        {data.teams.map((team) => (
          <li key={team.id} className="rounded-lg border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{team.name}</h3>
              <PostButton values={{ intent: I.removeTeam, equipe: team.id }}>
                Remover equipe<span className="sr-only"> {team.name}</span>
              </PostButton>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="team-shared-leads">
              <span>
                {team.sharedLeads
                  ? "Leads abertos: cada membro vê os leads de todos os membros."
                  : "Cada membro vê só os seus leads e os sem responsável."}
              </span>
              <PostButton values={{ intent: I.shareLeads, equipe: team.id, compartilhar: team.sharedLeads ? "0" : "1" }}>
                {team.sharedLeads ? "Fechar os leads" : "Abrir os leads à equipe"}
                <span className="sr-only"> {team.name}</span>
              </PostButton>
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {team.members.length === 0 ? <li>Nenhum membro.</li> : null}
              {team.members.map((member) => (
                <li key={member.id} className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{member.email}</span>
                  <PostButton values={{ intent: I.removeMember, equipe: team.id, usuario: member.id }}>
                    Tirar
                    <span className="sr-only">
                      {" "}
                      {member.email} de {team.name}
                    </span>
                  </PostButton>
                </li>
              ))}
            </ul>
            <AddMemberForm key={team.members.length} answer={answer} team={team} users={data.availability} />
          </li>
        ))}
      </ul>

      <h2 className={heading}>Regras (a primeira que combinar vale)</h2>
      <AddRuleForm key={`regra-${data.rules.length}`} answer={answer} values={data.ruleValues} teams={data.teams} />
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
              <PostButton values={{ intent: I.removeRule, regra: rule.id }}>
                Remover<span className="sr-only"> regra {rule.name}</span>
              </PostButton>
            </td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}
