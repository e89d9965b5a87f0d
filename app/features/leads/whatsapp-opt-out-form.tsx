import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MessageSquareOff } from "lucide-react";
import { Form, Link } from "react-router";

import { LEAD_OPT_OUT_INTENT, leadOptOutSchema, OPT_OUT_REASON_MAX, OPT_OUTS_PATH } from "~/features/whatsapp/replies/replies";
import { plainField, SubmitButton, TextField, useIsPending } from "~/ui/forms";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";

/**
 * The lead page's "Descadastrar do WhatsApp" (decision 118): the person goes on the central opt-out
 * list with who, when and the reason typed here (required, logged); undone on the opt-out screen with
 * a reason. A plain POST to the page (works without JavaScript); with it, the same schema checks the
 * reason in the browser first. Once she is on the list the card says so instead.
 */
export function WhatsappOptOutForm({
  optedOut,
  error,
  canWhatsapp,
}: {
  optedOut: boolean;
  /** The server's refusal of the last post (the reason's message). */
  error?: string;
  /** Whether the viewer may open the opt-out screen (where 'Desfazer' is). */
  canWhatsapp: boolean;
}) {
  const pending = useIsPending({ intent: LEAD_OPT_OUT_INTENT });
  const [form, fields] = useForm({
    id: "descadastrar-whatsapp-form",
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadOptOutSchema }),
  });
  const titleId = "descadastrar-whatsapp-title";
  if (optedOut) {
    return (
      <section
        aria-labelledby={titleId}
        className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="lead-optout"
      >
        <SectionHeading id={titleId} size="panel">
          WhatsApp
        </SectionHeading>
        <p className="mt-2 text-sm text-slate-800">
          Esta pessoa não quer receber mensagens pelo WhatsApp: nenhum ajudante envia para ela.
          {canWhatsapp ? (
            <>
              {" "}
              Para desfazer (com o motivo), use{" "}
              <Link to={OPT_OUTS_PATH} className={textLink()}>
                Descadastros
              </Link>
              .
            </>
          ) : null}
        </p>
      </section>
    );
  }
  const message = fields.motivo.errors?.[0] ?? error;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={titleId}
      data-testid="lead-optout"
    >
      <SectionHeading id={titleId} size="panel">
        Descadastrar do WhatsApp
      </SectionHeading>
      <p className="mt-1 text-sm text-slate-700">
        Se a pessoa pediu para não receber mais mensagens (por telefone, e-mail ou pessoalmente), registre aqui: nenhum ajudante
        envia mais para ela.
      </p>
      <input type="hidden" name="intent" value={LEAD_OPT_OUT_INTENT} />
      <TextField
        meta={plainField("motivo", { id: "descadastrar-motivo", error: message })}
        label="Motivo do descadastro"
        look="compact"
        className="mt-3"
        aria-required="true"
        maxLength={OPT_OUT_REASON_MAX}
      />
      <SubmitButton pending={pending} pendingText="Salvando..." variant="danger" size="md" className="mt-4">
        <MessageSquareOff aria-hidden="true" className="size-4" /> Descadastrar
      </SubmitButton>
    </Form>
  );
}
