import { Link } from "react-router";

import { clubPagesContent } from "~/features/club/club.server";
import { clubPagesSchema } from "~/features/club/content";
import { loadSingletonForm, saveSingletonForm, STUDIO_PATH } from "~/features/studio/studio.server";
import { FieldGroup, SaveButton, StudioForm, StudioPage, useStudioForm } from "~/features/studio/studio-fields";
import { CheckboxField, ErrorList, TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/studio";

/**
 * /admin/conteudo/clube: the club page's home games (add, edit, remove; a game already played stays
 * in the list but is never shown as upcoming) and the employee page's texts. "Adicionar jogo" and
 * "Remover" are form buttons: without JavaScript the server answers with the list changed.
 */

export const loader = ({ request }: Route.LoaderArgs) => loadSingletonForm(request, clubPagesContent, "pages");

// "Adicionar jogo" / "Remover": the form comes back with the list changed, nothing saved.
export const action = ({ request }: Route.ActionArgs) =>
  saveSingletonForm(request, {
    collection: clubPagesContent,
    schema: clubPagesSchema,
    path: `${STUDIO_PATH}/clube`,
    listButtons: true,
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

const BUTTON_CLASS = "rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export default function ClubStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, version } = loaderData;
  const { form, fields, status, lostErrors } = useStudioForm({
    id: `clube-${version}`,
    actionData,
    schema: clubPagesSchema,
    defaultValue: {
      ...pages,
      partnerRetired: pages.partnerRetired ? "on" : undefined,
      games: pages.games.map((game) => ({ ...game, highlight: game.highlight ? "on" : undefined })),
      employee: {
        ...pages.employee,
        staffPercent: String(pages.employee.staffPercent),
        dependantPercent: String(pages.employee.dependantPercent),
      },
    },
  });
  const games = fields.games.getFieldList();
  const employee = fields.employee.getFieldset();

  return (
    <StudioPage
      titleId="clube-titulo"
      title="Clube e Trabalhe conosco"
      intro={
        <>
          Os jogos em casa da página{" "}
          <Link to="/america-mg" className="font-semibold text-brand-800 underline">
            {pages.partnerName}
          </Link>{" "}
          (um jogo que já aconteceu continua na lista, mas não aparece como próximo) e os textos de{" "}
          <Link to="/trabalhe-conosco" className="font-semibold text-brand-800 underline">
            Trabalhe conosco
          </Link>
          .
        </>
      }
    >
      <StudioForm form={form} version={version} errors={lostErrors}>
        <FieldGroup legend="Parceria">
          <TextField
            meta={fields.partnerName}
            label="Nome da parceria"
            hint="Aparece na página da parceria, no botão da página inicial e no cartão de Bolsas."
            required
          />
          <CheckboxField
            meta={fields.partnerRetired}
            label="Desligar a parceria: a página deixa de existir, o botão da página inicial e o cartão de Bolsas somem"
          />
        </FieldGroup>
        <FieldGroup legend="Jogos em casa">
          <TextareaField meta={fields.gamesIntro} label="Texto acima dos jogos" rows={2} required className="sm:col-span-2" />
          <TextareaField
            meta={fields.noGamesText}
            label="Texto quando não há jogo por vir"
            rows={2}
            required
            className="sm:col-span-2"
          />
          <ErrorList id={fields.games.errorId} errors={fields.games.errors} />
        </FieldGroup>
        {games.map((game, index) => {
          const row = game.getFieldset();
          return (
            <FieldGroup key={game.key} legend={`Jogo ${index + 1}`}>
              <TextField meta={row.opponent} label="Adversário" required />
              <TextField meta={row.date} label="Data" type="date" required />
              <TextField meta={row.time} label="Horário (Brasília)" hint="HH:MM, ex.: 16:00" required />
              <TextField meta={row.location} label="Local" required />
              <TextField meta={row.round} label="Rodada" />
              <CheckboxField meta={row.highlight} label="Jogo em destaque" />
              <div className="sm:col-span-2">
                <button
                  type="submit"
                  {...form.remove.getButtonProps({ name: fields.games.name, index })}
                  className={BUTTON_CLASS}
                  aria-label={`Remover jogo ${index + 1}`}
                >
                  Remover
                </button>
              </div>
            </FieldGroup>
          );
        })}
        <button
          type="submit"
          {...form.insert.getButtonProps({
            name: fields.games.name,
            defaultValue: { opponent: "", date: "", time: "16:00", location: "Arena Independência, Belo Horizonte", round: "" },
          })}
          className={BUTTON_CLASS}
        >
          Adicionar jogo
        </button>
        <FieldGroup legend="Trabalhe conosco">
          <TextField meta={employee.heroTitle} label="Título" required />
          <TextareaField meta={employee.heroText} label="Texto de abertura" rows={3} required />
          <TextField meta={employee.benefitTitle} label="Título do benefício" required />
          <TextareaField meta={employee.benefitText} label="Texto do benefício" rows={3} required />
          <TextField
            meta={employee.staffPercent}
            label="Bolsa do Auxílio Educação para colaboradores (%)"
            hint="Aparece em Trabalhe conosco e em Bolsas."
            inputMode="numeric"
            required
          />
          <TextField
            meta={employee.dependantPercent}
            label="Bolsa do Auxílio Educação para dependentes (%)"
            hint="Aparece em Trabalhe conosco e em Bolsas."
            inputMode="numeric"
            required
          />
          <TextField meta={employee.formTitle} label="Título do formulário" required />
          <TextareaField meta={employee.formText} label="Texto do formulário" rows={3} required />
        </FieldGroup>
        <SaveButton status={status} />
      </StudioForm>
    </StudioPage>
  );
}
