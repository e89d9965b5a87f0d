import { Link } from "react-router";

import { BRAZILIAN_STATES, poloFormSchema, poloLabel } from "~/features/courses/content";
import { poloEntries } from "~/features/courses/courses.server";
import { poloPath } from "~/features/polos/content";
import { poloBeingEdited, poloCourseOptions, poloFormAction } from "~/features/polos/polo-studio.server";
import { requirePermission } from "~/features/staff/auth.server";
import { formatWhatsappNumber } from "~/features/studio/fields";
import { PoloCoursesField } from "~/features/studio/polo-courses-field";
import { STUDIO_PATH } from "~/features/studio/studio";
import { FieldGroup, SaveButton, StudioForm, StudioPage, useStudioForm } from "~/features/studio/studio-fields";
import { StudioTable } from "~/features/studio/studio-table";
import { CheckboxField, SelectField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/studio";

const STATE_OPTIONS = Object.entries(BRAZILIAN_STATES).map(([value, name]) => ({ value, label: `${value} - ${name}` }));

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const editing = poloBeingEdited(new URL(request.url));
  return {
    polos: poloEntries().map((entry) => ({ id: entry.id, ...entry.data })),
    editing: editing ? { id: editing.id, polo: editing.data, version: editing.version } : null,
    courses: poloCourseOptions(editing?.id ?? null),
  };
}

export const action = ({ request }: Route.ActionArgs) => poloFormAction(request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

const NEW_POLO = { location: "", state: "MG", phone: "", address: "", slug: "", hours: "", whatsapp: "", active: true } as const;

export default function PolosStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { polos, editing, courses } = loaderData;
  const polo = editing?.polo ?? NEW_POLO;
  const version = editing?.version ?? 0;
  const { form, fields, status, lostErrors } = useStudioForm({
    id: `polo-${editing?.id ?? "novo"}-${version}`,
    actionData,
    schema: poloFormSchema,
    defaultValue: {
      ...polo,
      whatsapp: polo.whatsapp ? formatWhatsappNumber(polo.whatsapp) : "",
      active: polo.active ? "on" : undefined,
      // The polo × course boxes carry their own defaultChecked.
      courseIds: undefined,
    },
  });

  return (
    <StudioPage
      titleId="polos-titulo"
      title="Polos"
      intro="Os polos ativos aparecem na busca de polos da página inicial, no formulário de inscrição e cada um na sua página (/polos/…)."
    >
      <StudioForm form={form} version={version} errors={lostErrors} compact>
        <input type="hidden" name="polo" value={editing?.id ?? ""} />
        <FieldGroup legend={editing ? `Editar polo: ${poloLabel(editing.polo)}` : "Novo polo"}>
          <TextField meta={fields.location} label="Cidade e bairro" hint="Ex.: Belo Horizonte - Centro" required />
          <SelectField meta={fields.state} label="Estado" options={STATE_OPTIONS} required />
          <TextField meta={fields.phone} label="Telefone" type="tel" hint="Ex.: (31) 3000-0101" required />
          <TextField meta={fields.address} label="Endereço" hint="Rua, número e bairro. Sem endereço, a visão geral avisa." />
          <TextField meta={fields.hours} label="Horário de atendimento" hint="Ex.: Segunda a sexta, das 8h às 20h (opcional)." />
          <TextField meta={fields.whatsapp} label="WhatsApp do polo" type="tel" hint="Ex.: (31) 99999-8888 (opcional)." />
          <TextField
            meta={fields.slug}
            label="Endereço da página do polo"
            hint="Depois de /polos/. Vazio: gerado da cidade, do bairro e do estado."
          />
          <CheckboxField meta={fields.active} label="Polo ativo" hint="Desmarcado: o polo e a sua página não aparecem no site." />
        </FieldGroup>
        <PoloCoursesField meta={fields.courseIds} courses={courses} />
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton status={status}>{editing ? "Salvar polo" : "Adicionar polo"}</SaveButton>
          {editing ? (
            <Link to={`${STUDIO_PATH}/polos`} className="text-sm text-brand-700 underline">
              Cancelar e adicionar um novo
            </Link>
          ) : null}
        </div>
      </StudioForm>
      <StudioTable
        testId="studio-polos"
        caption={`${polos.length} polos`}
        columns={["Polo", "Telefone", "Página", "Situação", <span className="sr-only">Ações</span>]}
        className="mt-8"
      >
        {polos.map((item) => (
          <tr key={item.id} className="border-b border-slate-100">
            <td className="py-2 pr-3">{poloLabel(item)}</td>
            <td className="py-2 pr-3">{item.phone}</td>
            <td className="py-2 pr-3">
              {item.active ? (
                <a href={poloPath(item.slug)} className="text-brand-700 underline">
                  {poloPath(item.slug)}
                </a>
              ) : (
                poloPath(item.slug)
              )}
            </td>
            <td className="py-2 pr-3">{item.active ? "Ativo" : "Inativo"}</td>
            <td className="py-2">
              <Link to={`${STUDIO_PATH}/polos?polo=${item.id}`} className="text-brand-700 underline">
                Editar<span className="sr-only"> {poloLabel(item)}</span>
              </Link>
            </td>
          </tr>
        ))}
      </StudioTable>
    </StudioPage>
  );
}
