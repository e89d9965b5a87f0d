import type { StudioPoloOption } from "~/features/courses/content";
import { ACT_TYPES, COURSE_LEVELS, EVALUATION_KINDS } from "~/features/courses/course-offer";
import { PRESENCIAL_ONLY_COURSES } from "~/features/courses/offer-formats";
import { FieldGroup } from "~/features/studio/studio-fields";
import { type AnyField, CheckboxListField, SelectField, TextareaField, TextField } from "~/ui/forms";

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
      <CheckboxListField
        meta={fields.poloIds}
        legend="Polos que oferecem o curso"
        empty="Nenhum polo cadastrado."
        choices={polos.map((polo) => ({
          value: polo.id,
          checked: selected.has(polo.id),
          label: polo.active ? polo.label : `${polo.label} (inativo)`,
        }))}
      />
    </>
  );
}
