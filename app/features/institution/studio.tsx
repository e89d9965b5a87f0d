import { z } from "zod";

import { BRAND_ARTICLE_OPTIONS, institutionSchema } from "~/features/institution/content";
import { institutionContent } from "~/features/institution/institution.server";
import { institutionMecShape, mecIssues } from "~/features/institution/mec";
import { formatWhatsappNumber } from "~/features/studio/fields";
import { linesOf } from "~/features/studio/studio";
import { loadSingletonForm, saveSingletonForm, STUDIO_PATH } from "~/features/studio/studio.server";
import { FieldGroup, SaveButton, StudioForm, StudioPage, useStudioForm } from "~/features/studio/studio-fields";
import { SelectField, TextareaField, TextField } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/studio";

/** The form sends the address as one text box, one line per row. */
const formSchema = institutionSchema
  .extend({
    addressLines: z.preprocess(linesOf, institutionSchema.shape.addressLines),
    leaders: z.preprocess(linesOf, institutionMecShape.leaders.removeDefault()),
  })
  .superRefine((value, ctx) => {
    for (const issue of mecIssues(value)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

export const loader = ({ request }: Route.LoaderArgs) => loadSingletonForm(request, institutionContent, "institution");

export const action = ({ request }: Route.ActionArgs) =>
  saveSingletonForm(request, { collection: institutionContent, schema: formSchema, path: `${STUDIO_PATH}/instituicao` });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function InstitutionStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { institution, version } = loaderData;
  const { form, fields, status, lostErrors } = useStudioForm({
    id: `instituicao-${version}`,
    actionData,
    schema: formSchema,
    defaultValue: {
      ...institution,
      addressLines: institution.addressLines.join("\n"),
      leaders: institution.leaders.join("\n"),
      whatsappNumber: institution.whatsappNumber ? formatWhatsappNumber(institution.whatsappNumber) : "",
    },
  });
  const social = fields.socialLinks.getFieldset();

  return (
    <StudioPage
      titleId="instituicao-titulo"
      title="Instituição"
      intro="Nome, contatos e dados legais que aparecem no cabeçalho, no rodapé, nas páginas legais e nos formulários."
    >
      <StudioForm form={form} version={version} errors={lostErrors}>
        <FieldGroup legend="Nomes">
          <TextField meta={fields.brandName} label="Nome da marca" required />
          <SelectField
            meta={fields.brandArticle}
            label="Artigo do nome"
            hint='Como os textos e e-mails se referem à marca: "da"/"na" ou "do"/"no".'
            options={BRAND_ARTICLE_OPTIONS}
            required
          />
          <TextField
            meta={fields.productName}
            label="Nome curto (produto)"
            hint="Usado em textos curtos e no nome dos arquivos."
            required
          />
          <TextField meta={fields.groupName} label="Grupo educacional" required />
          <TextField meta={fields.companyName} label="Razão social" required />
          <TextField
            meta={fields.taxId}
            label="CNPJ"
            hint="Ex.: 11.222.333/0001-81. Vazio: nenhum CNPJ aparece no site."
            inputMode="numeric"
          />
        </FieldGroup>
        <FieldGroup legend="Contato">
          <TextField meta={fields.phone} label="Telefone" type="tel" required />
          <TextField meta={fields.phoneHours} label="Horário de atendimento" required />
          <TextField meta={fields.contactEmail} label="E-mail de contato" type="email" required />
          <TextField meta={fields.privacyEmail} label="E-mail de privacidade (LGPD)" type="email" required />
          <TextField
            meta={fields.whatsappNumber}
            label="WhatsApp para estudantes"
            type="tel"
            inputMode="tel"
            hint="Com DDD, ex.: (31)99999-8888. Vazio: nenhum botão de WhatsApp aparece no site."
          />
          <TextareaField
            meta={fields.addressLines}
            label="Endereço"
            hint="Uma linha por linha do endereço (até 4)."
            rows={3}
            required
          />
        </FieldGroup>
        <FieldGroup legend="MEC e LGPD">
          <p className="text-sm text-slate-600 sm:col-span-2">
            Exigidos pelo MEC e pela LGPD. Copie do e-MEC; o que ficar vazio aparece na visão geral. O selo do e-MEC com o QR code
            aparece no rodapé de todas as páginas quando o código e o link estão preenchidos.
          </p>
          <TextField meta={fields.emecCode} label="Código e-MEC da instituição" hint="Só os números." inputMode="numeric" />
          <TextField
            meta={fields.emecUrl}
            label="Link do cadastro no e-MEC"
            type="url"
            hint="O endereço da consulta da instituição em https://emec.mec.gov.br (o QR code leva a ele)."
          />
          <TextField meta={fields.igcGrade} label="IGC (conceito)" hint="De 1 a 5. Vazio: não aparece." inputMode="numeric" />
          <TextField meta={fields.igcYear} label="Ano do IGC" inputMode="numeric" />
          <TextField meta={fields.ciGrade} label="CI (conceito)" hint="De 1 a 5. Vazio: não aparece." inputMode="numeric" />
          <TextField meta={fields.ciYear} label="Ano do CI" inputMode="numeric" />
          <TextareaField
            meta={fields.leaders}
            label="Dirigentes"
            hint='Um por linha: "Nome - Cargo".'
            rows={3}
            className="sm:col-span-2"
          />
          <TextField meta={fields.dpoName} label="Encarregado de dados (LGPD)" hint="Aparece na Política de Privacidade." />
          <TextField meta={fields.dpoEmail} label="E-mail do Encarregado" type="email" />
        </FieldGroup>
        <FieldGroup legend="Redes sociais">
          <TextField meta={social.instagram} label="Instagram" type="url" hint="Link completo. Vazio: não aparece." />
          <TextField meta={social.facebook} label="Facebook" type="url" />
          <TextField meta={social.youtube} label="YouTube" type="url" />
          <TextField meta={social.linkedin} label="LinkedIn" type="url" />
        </FieldGroup>
        <SaveButton status={status} />
      </StudioForm>
    </StudioPage>
  );
}
