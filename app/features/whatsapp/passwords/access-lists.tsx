import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";

import type { StoredPassword } from "~/features/whatsapp/access/access.server";
import type { InstalledHelper, RevokedHelper } from "~/features/whatsapp/helper-api/helper-keys.server";
import { SITE_TIME_ZONE } from "~/shared/dates";
import { SubmitButton } from "~/ui/forms/index";
import { SectionHeading } from "~/ui/section-heading";

/**
 * The two lists of /whatsapp/<admin slug> ('Senhas Cadastradas', 'Ajudantes instalados'), inside
 * the page's one form: each row's button posts its own `intent` ("remover:<id>", "revogar:<id>").
 */

/** Which button sent the post in progress, and whether any is (then all wait). */
export type PendingPost = { intent: string | null; busy: boolean };

const dateFormat = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: SITE_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: SITE_TIME_ZONE,
});

/** A row's destructive button: it says what is happening while its own post is on its way. */
function RowButton({
  intent,
  pending,
  pendingText,
  label,
  children,
}: {
  intent: string;
  pending: PendingPost;
  pendingText: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <SubmitButton
      name="intent"
      value={intent}
      pending={pending.intent === intent}
      pendingText={pendingText}
      spinnerClassName="size-4"
      disabled={pending.busy}
      aria-label={label}
      variant="danger-outline"
      size="sm"
    >
      <Trash2 aria-hidden="true" className="size-4" /> {children}
    </SubmitButton>
  );
}

/** A titled list, or the sentence saying it is empty. */
function StoredList({
  title,
  intro,
  empty,
  emptyTestId,
  listTestId,
  children,
}: {
  title: string;
  intro?: ReactNode;
  empty: string;
  emptyTestId: string;
  listTestId: string;
  children: ReactNode[];
}) {
  return (
    <div>
      <SectionHeading size="panel">{title}</SectionHeading>
      {intro}
      {children.length === 0 ? (
        <p className="mt-2 text-slate-600" data-testid={emptyTestId}>
          {empty}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid={listTestId}>
          {children}
        </ul>
      )}
    </div>
  );
}

/** 'Senhas Cadastradas': each password's name and date (never the password), with 'Remover'. */
export function PasswordList({ passwords, pending }: { passwords: StoredPassword[]; pending: PendingPost }) {
  return (
    <StoredList title="Senhas Cadastradas" empty="Nenhuma senha cadastrada" emptyTestId="no-passwords" listTestId="password-list">
      {passwords.map((password, index) => {
        const intent = `remover:${password.id}`;
        return (
          <li key={password.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <span>
              {/* The dots are decoration; the hidden text names the password (a plain span cannot carry aria-label). */}
              <span className="font-mono text-lg tracking-widest text-slate-700" aria-hidden="true">
                ••••••••
              </span>
              <span className="sr-only">Senha {index + 1} (oculta)</span>
              <span className="ml-3 font-semibold text-slate-900" data-testid="password-label">
                {password.label || "Sem nome (cadastrada antes dos nomes)"}
              </span>
              <span className="ml-3 text-xs text-slate-500">cadastrada em {dateFormat.format(new Date(password.createdAt))}</span>
            </span>
            <RowButton
              intent={intent}
              pending={pending}
              pendingText="Removendo..."
              label={`${pending.intent === intent ? "Removendo" : "Remover"} senha ${index + 1}`}
            >
              Remover
            </RowButton>
          </li>
        );
      })}
    </StoredList>
  );
}

/** 'Ajudantes instalados': every start script's key (decision 070), whose, when, last use, with 'Revogar'. */
export function HelperList({
  helpers,
  pending,
  unusedKeyDays,
  maxUnusedKeys,
}: {
  helpers: InstalledHelper[];
  pending: PendingPost;
  unusedKeyDays: number;
  maxUnusedKeys: number;
}) {
  return (
    <StoredList
      title="Ajudantes instalados"
      intro={
        <>
          <p className="mt-1 text-sm text-slate-600">
            Cada script de início baixado em <code>/whatsapp</code> traz uma chave própria. Revogue a de um computador que não
            deve mais enviar: o ajudante dele para na próxima conexão. Remover uma senha revoga os ajudantes baixados com ela.
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="unused-keys-rule">
            Uma chave que nunca foi usada expira {unusedKeyDays} dias depois do download, e cada pessoa (ou senha) tem no máximo{" "}
            {maxUnusedKeys} chaves ainda não usadas: um novo download apaga a mais antiga delas.
          </p>
        </>
      }
      empty="Nenhum ajudante instalado"
      emptyTestId="no-helpers"
      listTestId="helper-list"
    >
      {helpers.map((helper) => {
        const downloaded = dateTimeFormat.format(new Date(helper.createdAt));
        return (
          <li key={helper.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <span>
              <span className="font-semibold text-slate-900" data-testid="helper-owner">
                {helper.owner || "Sem dono registrado"}
              </span>
              <span className="ml-2 text-slate-600">
                {helper.platform ? `${helper.platform}, ` : ""}baixado em {downloaded}
              </span>
              <span className="block text-xs text-slate-500">
                {helper.lastUsedAt ? `último uso em ${dateTimeFormat.format(new Date(helper.lastUsedAt))}` : "ainda não usado"}
                {helper.live ? "" : " · inativo: o dono não tem mais acesso à ferramenta"}
              </span>
            </span>
            <RowButton
              intent={`revogar:${helper.id}`}
              pending={pending}
              pendingText="Revogando..."
              label={`Revogar o ajudante de ${helper.owner || "dono não registrado"} baixado em ${downloaded}`}
            >
              Revogar
            </RowButton>
          </li>
        );
      })}
    </StoredList>
  );
}

/**
 * 'Ajudantes revogados': each revoked helper, and whether it confirmed that it logged out of WhatsApp
 * and deleted its session (decision 115). The phone is the only place that surely removes the linked
 * device, so the list always says to check it.
 */
export function RevokedHelperList({ helpers }: { helpers: RevokedHelper[] }) {
  return (
    <StoredList
      title="Ajudantes revogados"
      intro={
        <p className="mt-1 text-sm text-slate-600">
          Ao saber da revogação, o ajudante sai do WhatsApp, apaga a sessão no computador e fecha. Confira também no celular da
          instituição: WhatsApp &gt; <strong>Aparelhos conectados</strong>, e remova o aparelho desse computador se ele ainda
          aparecer (um computador desligado só fica sabendo quando o ajudante abrir de novo).
        </p>
      }
      empty="Nenhum ajudante revogado nos últimos 90 dias"
      emptyTestId="no-revoked-helpers"
      listTestId="revoked-helper-list"
    >
      {helpers.map((helper) => (
        <li key={helper.id} className="px-4 py-3 text-sm" data-testid="revoked-helper">
          <span className="font-semibold text-slate-900">{helper.owner || "Sem dono registrado"}</span>
          <span className="ml-2 text-slate-600">
            {helper.platform ? `${helper.platform}, ` : ""}revogado em {dateTimeFormat.format(new Date(helper.revokedAt))}
          </span>
          <span className="block text-xs text-slate-600" data-testid="revoked-helper-status">
            {helper.unlinkedAt === null
              ? `o ajudante ainda não confirmou a desconexão${helper.lastUsedAt ? ` (último contato em ${dateTimeFormat.format(new Date(helper.lastUsedAt))})` : ""}: remova o aparelho em Aparelhos conectados no celular`
              : helper.whatsappLoggedOut
                ? `o ajudante confirmou em ${dateTimeFormat.format(new Date(helper.unlinkedAt))}: saiu do WhatsApp e apagou a sessão`
                : `o ajudante confirmou em ${dateTimeFormat.format(new Date(helper.unlinkedAt))} que apagou a sessão, sem conseguir avisar o WhatsApp: remova o aparelho em Aparelhos conectados no celular`}
          </span>
        </li>
      ))}
    </StoredList>
  );
}
