import { parseWithZod } from "@conform-to/zod/v4";

import { COUNTDOWN_MODE_LABELS, COUNTDOWN_MODES, HOME_TEXT_FIELDS, homeFormSchema, homeStats } from "~/features/home/content";
import { homeContent, homeFacts } from "~/features/home/home.server";
import { requirePermission } from "~/features/staff/auth.server";
import { studioFormSchema } from "~/features/studio/fields";
import { invalidPhotoForm, saveUploadedPhoto, saveWithPhotos } from "~/features/studio/images.server";
import { PhotoField } from "~/features/studio/photo-field";
import { getSingleton, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";
import { answerSave, STUDIO_PATH, versionOf } from "~/features/studio/studio.server";
import { FieldGroup, SaveButton, StudioForm, StudioPage, useStudioForm } from "~/features/studio/studio-fields";
import { readFormData } from "~/platform/form-data.server";
import { RadioGroup, TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/studio";

/** /admin/conteudo/inicio: the home page's hero texts, stats and countdown. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const entry = getSingleton(homeContent);
  const facts = homeFacts();
  return { home: entry.data, version: entry.version, facts, stats: homeStats(entry.data, facts) };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requirePermission(request, "content");
  const formData = await readFormData(request);
  const photo = await saveUploadedPhoto(formData, "heroPhoto", staff.email);
  // The honesty rules are checked against the offers active now.
  const submission = parseWithZod(formData, {
    schema: studioFormSchema(homeFormSchema(homeFacts().largestDiscount), HOME_TEXT_FIELDS),
  });
  if (submission.status !== "success" || !photo.ok) return invalidPhotoForm(submission, photo);
  const result = saveWithPhotos([photo], () =>
    saveEntry(homeContent, {
      id: SINGLETON_ID,
      data: submission.value,
      expectedVersion: versionOf(formData),
      by: staff.email,
    }),
  );
  return answerSave(request, submission, result, `${STUDIO_PATH}/inicio`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

const TOKENS_HINT =
  "Use {bolsa}, {primeira_mensalidade}, {cursos}, {polos}, {campanha} e {marca} para mostrar os dados atuais (ex.: bolsa de até {bolsa}). Sem campanha ativa, um texto com {bolsa} ou {primeira_mensalidade} não aparece.";

export default function HomeStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { home, version, facts, stats } = loaderData;
  const { form, fields, status, lostErrors } = useStudioForm({
    id: `inicio-${version}`,
    actionData,
    schema: homeFormSchema(facts.largestDiscount),
    defaultValue: {
      ...home,
      courseCount: home.courseCount === null ? "" : String(home.courseCount),
      poloCount: home.poloCount === null ? "" : String(home.poloCount),
      scholarshipPercent: home.scholarshipPercent === null ? "" : String(home.scholarshipPercent),
      heroPhoto: home.heroPhoto ? { id: home.heroPhoto.id, alt: home.heroPhoto.alt } : null,
    },
  });
  const mode = fields.countdownMode;

  return (
    <StudioPage
      titleId="inicio-titulo"
      title="Página inicial"
      intro="Os textos do topo da página inicial, os números ao lado deles e a contagem regressiva."
    >
      <StudioForm form={form} version={version} errors={lostErrors} multipart>
        <FieldGroup legend="Destaque (topo da página)">
          <TextField meta={fields.heroBadge} label="Selo" required />
          <TextField meta={fields.heroTitle} label="Título" hint="Ex.: Sua graduação com" required />
          <TextField meta={fields.heroHighlight} label="Fim do título, em destaque" hint={TOKENS_HINT} required />
          <TextareaField meta={fields.heroText} label="Texto" rows={3} required />
          <PhotoField
            meta={fields.heroPhoto}
            current={home.heroPhoto}
            label="Foto de destaque"
            hint="Aparece ao lado do texto em telas largas (computador). JPEG, PNG, WebP ou AVIF, até 8 MB; a localização (GPS) é apagada. Sem foto: a ilustração."
          />
        </FieldGroup>
        <FieldGroup legend="Números do destaque">
          <TextField
            meta={fields.courseCount}
            label="Cursos"
            type="number"
            inputMode="numeric"
            hint={`Vazio: calculado do catálogo, arredondado para baixo à dezena (${facts.activeCourses} cursos ativos: "${stats.courses}" se vazio).`}
          />
          <TextField
            meta={fields.poloCount}
            label="Polos"
            type="number"
            inputMode="numeric"
            hint={`Vazio: calculado dos polos ativos, arredondado para baixo à dezena (${facts.activePolos} polos). Um número aqui aparece como "N+".`}
          />
          <TextField
            meta={fields.scholarshipPercent}
            label="Bolsa (%)"
            type="number"
            inputMode="numeric"
            hint={`Vazio: o maior desconto das ofertas ativas (${facts.largestDiscount}%). Não pode passar dele.`}
          />
        </FieldGroup>
        <FieldGroup legend="Contagem regressiva">
          <div className="sm:col-span-2">
            <RadioGroup
              key={`${form.key}-${mode.initialValue}`}
              legend="O que a contagem mostra"
              name={mode.name}
              options={COUNTDOWN_MODES.map((value) => ({ value, label: COUNTDOWN_MODE_LABELS[value] }))}
              defaultValue={typeof mode.initialValue === "string" ? mode.initialValue : undefined}
              errorId={mode.errorId}
              errors={mode.errors}
            />
          </div>
          <TextField
            meta={fields.countdownDate}
            label="Data final"
            type="date"
            hint={
              'Só para "Até uma data". Depois dessa data a página mostra o prazo da campanha, ou nenhuma contagem - nunca 00:00:00:00.'
            }
          />
          <TextField meta={fields.countdownTitle} label="Chamada acima da contagem" hint={TOKENS_HINT} required />
        </FieldGroup>
        <FieldGroup legend="Prova social do teste vocacional">
          <TextField
            meta={fields.proofTestTakers}
            label="Pessoas que já fizeram o teste"
            hint='Ex.: "+32 mil", dos seus próprios números. Vazio: a frase não aparece.'
          />
          <TextField
            meta={fields.proofSatisfaction}
            label="Satisfação"
            hint='Ex.: "97%", de uma pesquisa que a instituição tenha feito. Vazio: não aparece.'
          />
        </FieldGroup>
        <SaveButton status={status} />
      </StudioForm>
    </StudioPage>
  );
}
