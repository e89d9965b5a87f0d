import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";

import { type CourseDocument, courseFormSchema, priceInputValue, type StudioPoloOption } from "~/features/courses/content";
import { COURSE_AREAS, MODALITIES } from "~/features/courses/course-areas.seed";
import { COURSE_ICONS } from "~/features/courses/course-icons";
import { brazilianDate, curriculumText, EMPTY_OFFER } from "~/features/courses/course-offer";
import { CourseLevelField, CourseOfferFields } from "~/features/studio/course-offer-fields";
import { PhotoField } from "~/features/studio/photo-field";
import { STUDIO_PATH } from "~/features/studio/studio";
import { FieldGroup, SaveButton, StudioForm } from "~/features/studio/studio-fields";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/ui/forms";

const AREA_OPTIONS = COURSE_AREAS.map((area) => ({ value: area, label: area }));
const MODALITY_OPTIONS = MODALITIES.map((modality) => ({ value: modality, label: modality }));
const ICON_OPTIONS = Object.entries(COURSE_ICONS).map(([value, label]) => ({ value, label }));

/** A new course starts active, not featured, with the mortarboard until an icon is chosen. */
export const EMPTY_COURSE: CourseDocument = {
  name: "",
  area: COURSE_AREAS[0],
  modality: "EAD",
  duration: "",
  path: "",
  featured: false,
  photo: null,
  icon: "graduation-cap",
  description: "",
  monthlyPrice: null,
  highlights: [],
  active: true,
  ...EMPTY_OFFER,
  curriculum: [],
  poloIds: [],
};

/**
 * The course form of the studio ("Novo curso" and a course's edit page): works without
 * JavaScript (a plain POST), keeps what was typed on a refusal, messages next to the fields.
 */
export function CourseForm({
  formId,
  course,
  version,
  lastResult,
  formErrors,
  pending,
  polos,
  sharesPage = false,
  leadsWarning = null,
}: {
  /** What deactivating means for the leads who chose the course (courseLeadsWarning). */
  leadsWarning?: string | null;
  polos: StudioPoloOption[];
  /** Another active course has this course's path on purpose: "Mesma página de outro curso" starts ticked. */
  sharesPage?: boolean;
  formId: string;
  course: CourseDocument;
  version: number;
  lastResult?: SubmissionResult<string[]>;
  formErrors?: string[];
  pending: boolean;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: {
      ...course,
      // The polos' check boxes carry their own defaultChecked.
      poloIds: undefined,
      featured: course.featured ? "on" : undefined,
      active: course.active ? "on" : undefined,
      monthlyPrice: priceInputValue(course.monthlyPrice),
      highlights: course.highlights.join("\n"),
      photo: course.photo ? { id: course.photo.id, alt: course.photo.alt } : null,
      actDate: brazilianDate(course.actDate),
      workloadHours: course.workloadHours === null ? "" : String(course.workloadHours),
      curriculum: curriculumText(course.curriculum),
      samePage: sharesPage ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseFormSchema }),
  });
  return (
    <StudioForm form={form} version={version} errors={formErrors} multipart>
      <FieldGroup legend="Curso">
        <TextField meta={fields.name} label="Nome do curso" required />
        <TextField
          meta={fields.path}
          label="Endereço da página"
          hint="Ex.: /enfermagem. Ao mudar, o endereço antigo leva ao novo."
          required
        />
        <CheckboxField
          meta={fields.samePage}
          label="Mesma página de outro curso"
          hint="Marque só quando dois cursos devem dividir uma página (ex.: Licenciatura e Bacharelado)."
        />
        <SelectField meta={fields.area} label="Área" options={AREA_OPTIONS} required />
        <CourseLevelField meta={fields.level} />
        <SelectField
          meta={fields.modality}
          label="Formato de oferta"
          options={MODALITY_OPTIONS}
          hint="Os formatos do Decreto 12.456/2025; o mesmo do ato autorizativo."
          required
        />
        <TextField meta={fields.duration} label="Duração" hint='Ex.: "4 anos", "2,5 anos".' required />
        <TextField
          meta={fields.monthlyPrice}
          label="Mensalidade a partir de (R$)"
          hint="Ex.: 349,90. Vazio: a página não mostra preço."
          inputMode="decimal"
        />
        <TextareaField meta={fields.description} label="Descrição curta" rows={3} required className="sm:col-span-2" />
        <TextareaField
          meta={fields.highlights}
          label="Destaques do currículo"
          hint="Um por linha (até 12). Aparecem na página do curso."
          rows={4}
          className="sm:col-span-2"
        />
      </FieldGroup>
      <CourseOfferFields fields={fields} polos={polos} selectedPolos={course.poloIds} />
      <FieldGroup legend="Vitrine">
        <PhotoField
          meta={fields.photo}
          current={course.photo}
          label="Foto do curso"
          hint="Aparece no cartão e no topo da página do curso. JPEG, PNG, WebP ou AVIF, até 8 MB; a localização (GPS) é apagada. Sem foto: o ícone."
        />
        <SelectField
          meta={fields.icon}
          label="Ícone do cartão"
          options={ICON_OPTIONS}
          hint="Aparece no cartão do curso enquanto ele não tem foto."
          required
        />
        <div className="space-y-3">
          <CheckboxField meta={fields.featured} label="Destaque na página inicial" />
          <CheckboxField
            meta={fields.active}
            label="Curso ativo"
            hint={`Desmarcado: o curso sai do catálogo e a página dele avisa que não está mais disponível.${leadsWarning ? ` ${leadsWarning}` : ""}`}
          />
        </div>
      </FieldGroup>
      <SaveButton pending={pending} />
    </StudioForm>
  );
}

/** The way back to the course list, above a course's page (new or edited). */
export function CoursesLink() {
  return (
    <p className="text-sm">
      <Link to={`${STUDIO_PATH}/cursos`} className="text-brand-700 underline">
        Cursos
      </Link>
    </p>
  );
}
