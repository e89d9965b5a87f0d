import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LockKeyhole, MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";

import { GATE_INTENT, gateSchema } from "~/features/whatsapp/tool/tool";
import type { ToastMessage } from "~/shared/toast";
import { Alert } from "~/ui/alert";
import { SubmitButton, TextField, useActionAnswer, useIsPending } from "~/ui/forms";
import { type ConnectionLost, useFormKeyKeptAfterConnectionLost } from "~/ui/forms/offline-submit";
import { SectionHeading } from "~/ui/section-heading";
import { Title } from "~/ui/title";

import { ActionAlert } from "./form-bits";

/** True for the gate's shortcut, Ctrl+Alt+W. */
export function isGateShortcut(event: Pick<KeyboardEvent, "ctrlKey" | "altKey" | "key" | "code">): boolean {
  return event.ctrlKey && event.altKey && (event.code === "KeyW" || event.key.toLowerCase() === "w");
}

/**
 * The gate of /whatsapp (its content is not shown in the spec): what the tool is, and the access
 * password form. The form is always in the page (so it works without JavaScript); Ctrl+Alt+W
 * scrolls to it and focuses the password field. The form starts empty after each post (keyed by
 * location), except after a lost connection: then it keeps the typed password, with the message.
 */
export function WhatsAppGate({
  answer,
  staffNotice = null,
}: {
  answer?: { result: SubmissionResult<string[]>; alert: ToastMessage } | ConnectionLost;
  /** A signed-in staff role without the WhatsApp permission: why the tool did not open as them (decision 069). */
  staffNotice?: string | null;
}) {
  const location = useLocation();
  const formKey = useFormKeyKeptAfterConnectionLost(location.key, answer);
  // A lost connection shows like a refused password (alert, field focused), without the form's result.
  const { lost, answer: refusal, idle } = useActionAnswer(answer);
  const alert = lost ?? refusal?.alert;
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "acesso-whatsapp",
    lastResult: idle ? refusal?.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: gateSchema }),
  });
  const areaRef = useRef<HTMLDivElement>(null);
  const [highlight, setHighlight] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isGateShortcut(event)) return;
      event.preventDefault();
      areaRef.current?.scrollIntoView({ block: "center" });
      document.getElementById(fields.password.id)?.focus();
      setHighlight(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [fields.password.id]);

  // After a wrong password the field is focused again for the next try.
  useEffect(() => {
    if (idle && alert) document.getElementById(fields.password.id)?.focus();
  }, [idle, alert, fields.password.id]);

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <MessageCircle aria-hidden="true" className="size-6" />
        </span>
        <div>
          <p className="text-sm font-semibold text-emerald-700">Ferramenta interna</p>
          <Title size="card">WhatsApp - Área Restrita</Title>
        </div>
      </div>
      <p className="mt-4 text-slate-600">
        Esta é a ferramenta de envio de mensagens pelo WhatsApp usada pela equipe de atendimento. O acesso é permitido apenas a
        operadores autorizados, com a senha fornecida pela coordenação. Quem tem conta no painel com perfil Administrador ou
        Comercial entra pelo painel, sem senha.
      </p>
      {staffNotice ? (
        <Alert tone="warning" as="p" className="mt-4" data-testid="staff-refused">
          {staffNotice}
        </Alert>
      ) : null}

      <div
        ref={areaRef}
        data-testid="gate-form-area"
        data-highlight={highlight || undefined}
        className={`mt-8 rounded-xl border bg-white p-6 shadow-sm transition ${
          highlight ? "border-emerald-500 ring-2 ring-emerald-200" : "border-slate-200"
        }`}
      >
        <SectionHeading size="panel" icon={<LockKeyhole aria-hidden="true" className="size-5 text-slate-500" />}>
          Acesso do operador
        </SectionHeading>
        <Form method="post" {...getFormProps(form)} key={formKey} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={GATE_INTENT} />
          <ActionAlert alert={idle ? alert : undefined} />
          <TextField
            meta={fields.password}
            label="Senha de acesso"
            type="password"
            look="ring"
            autoComplete="current-password"
            required
          />
          <SubmitButton pending={pending} pendingText="Verificando..." variant="success" size="lg" full>
            Entrar
          </SubmitButton>
        </Form>
        <p className="mt-4 text-xs text-slate-500">
          Atalho: <kbd className="rounded border border-slate-300 px-1">Ctrl</kbd>+
          <kbd className="rounded border border-slate-300 px-1">Alt</kbd>+
          <kbd className="rounded border border-slate-300 px-1">W</kbd> leva direto ao campo de senha.
        </p>
      </div>
    </section>
  );
}
