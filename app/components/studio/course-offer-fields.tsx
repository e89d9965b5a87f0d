import { type AnyField, ErrorList, SelectField, TextareaField, TextField } from "~/components/forms";
import { FieldGroup } from "~/components/studio/studio-fields";
import { ACT_TYPES, COURSE_LEVELS, EVALUATION_KINDS } from "~/lib/content/course-offer";
import type { StudioPoloOption } from "~/lib/content/courses";
import { PRESENCIAL_ONLY_COURSES } from "~/lib/content/offer-formats";

const LEVEL_OPTIONS = COURSE_LEVELS.map((level) => ({ value: level, label: level }));
const ACT_OPTIONS = ACT_TYPES.map((type) => ({ value: type, label: type }));
const EVALUATION_OPTIONS = EVALUATION_KINDS.map((kind) => ({ value: kind, label: kind }));

type OfferFields = Record<
  | "actType"
  | "actNumber"
  | "actDate"
  | "evaluationKind"
  | "evaluationGrade"
  | "evaluationYear"
  | "coordinator"
  | "workloadHours"
  | "curriculum"
  | "readjustmentRule"
  | "poloIds",
  AnyField
>;

/** The course's level, next to its format in the form's first group. */
export function CourseLevelField({ meta }: { meta: AnyField }) {
  return <SelectField meta={meta} label="Nível" options={LEVEL_OPTIONS} required />;
}

/**
 * "Condições de oferta" (decision 084): what the MEC requires a course page to publish. Empty is
 * allowed (the overview then lists the course as "falta para publicar"); a value given is checked.
 */
export function CourseOfferFields({
  fields,
  polos,
  selectedPolos,
}: {
  fields: OfferFields;
  polos: StudioPoloOption[];
  selectedPolos: string[];
}) {
  const selected = new Set(selectedPolos);
  return (
    <>
      <FieldGroup legend="Condições de oferta (MEC)">
        <p className="text-sm text-slate-600 sm:col-span-2">
          Exigidas pelo MEC na página de cada curso. Copie do ato publicado no Diário Oficial e do e-MEC; o que ficar vazio
          aparece em &quot;Falta para publicar&quot; na visão geral. Só presencial, pelo Decreto 12.456/2025:{" "}
          {PRESENCIAL_ONLY_COURSES.join(", ")}.
        </p>
        <SelectField meta={fields.actType} label="Ato regulatório" options={ACT_OPTIONS} placeholder="Não informado" />
        <TextField meta={fields.actNumber} label="Número do ato" hint="Ex.: Portaria nº 1.234" />
        <TextField meta={fields.actDate} label="Data de publicação no DOU" hint="DD/MM/AAAA" inputMode="numeric" />
        <SelectField
          meta={fields.evaluationKind}
          label="Última avaliação do MEC"
          options={EVALUATION_OPTIONS}
          placeholder="Não informada"
        />
        <TextField meta={fields.evaluationGrade} label="Conceito" hint="De 1 a 5" inputMode="numeric" />
        <TextField meta={fields.evaluationYear} label="Ano da avaliação" hint="Ex.: 2023" inputMode="numeric" />
        <TextField meta={fields.coordinator} label="Coordenador(a) do curso" />
        <TextField meta={fields.workloadHours} label="Carga horária total (horas)" hint="Ex.: 3200" inputMode="numeric" />
        <TextareaField
          meta={fields.curriculum}
          label="Matriz curricular"
          hint='Um período por linha, disciplinas separadas por ";". Ex.: Anatomia; Bioquímica; Citologia'
          rows={6}
          className="sm:col-span-2"
        />
        <TextareaField
          meta={fields.readjustmentRule}
          label="Regra de reajuste da mensalidade"
          hint="Ex.: reajuste anual na renovação da matrícula, conforme a Lei 9.870/1999."
          rows={2}
          className="sm:col-span-2"
        />
      </FieldGroup>
      <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby={fields.poloIds.errorId}>
        <legend className="px-1 text-base font-semibold text-slate-900">Polos que oferecem o curso</legend>
        {polos.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum polo cadastrado.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {/* One name per box (poloIds[0], poloIds[1], …): the form reads them as one list with gaps. */}
            {polos.map((polo, index) => (
              <li key={polo.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  id={`${fields.poloIds.id}-${polo.id}`}
                  name={`${fields.poloIds.name}[${index}]`}
                  value={polo.id}
                  defaultChecked={selected.has(polo.id)}
                  className="size-4 accent-brand-600"
                />
                <label htmlFor={`${fields.poloIds.id}-${polo.id}`} className="text-sm text-slate-800">
                  {polo.label}
                  {polo.active ? null : " (inativo)"}
                </label>
              </li>
            ))}
          </ul>
        )}
        <ErrorList id={fields.poloIds.errorId} errors={fields.poloIds.errors} />
      </fieldset>
    </>
  );
}
