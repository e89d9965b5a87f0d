import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trash2, UserPlus } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";

import { requirePermission } from "~/features/staff/auth.server";
import { MIN_ADMIN_PASSWORD_LENGTH } from "~/features/staff/login";
import { type Role, ROLE_KEYS, ROLES } from "~/features/staff/roles";
import { newUserSchema, USER_INTENTS, USERS_PATH } from "~/features/staff/users";
import { usersAction, usersPageData } from "~/features/staff/users-page.server";
import { FieldGroup, FormAlert } from "~/features/studio/studio-fields";
import { StudioTable } from "~/features/studio/studio-table";
import { privatePageMeta } from "~/shared/seo";
import { PageError } from "~/ui/alert";
import { ButtonLink } from "~/ui/button";
import { plainField, SelectField, SubmitButton, TextField, useIsPending } from "~/ui/forms";
import { Title } from "~/ui/title";

import type { Route } from "./+types/users-page";

/**
 * /admin/usuarios: "Usuários". The staff users (e-mail, role, created, last login); add one with an
 * initial password, change a role, remove a user. Admin only (permission "users"), checked again on
 * every post; every form works without JavaScript. A role change applies at the user's next
 * request; a removed user's sessions end with them.
 */

export const meta = privatePageMeta("Usuários - Painel Administrativo", "Usuários do painel e seus perfis.");

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "users");
  return { myId: staff.id, users: usersPageData() };
}

export const action = ({ request }: Route.ActionArgs) => usersAction(request);

const ROLE_OPTIONS = ROLE_KEYS.map((role) => ({ value: role, label: ROLES[role] }));

type RowRefusal = { intent: string; user: number | null; error: string };

function rowRefusal(actionData: unknown): RowRefusal | null {
  return actionData && typeof actionData === "object" && "error" in actionData ? (actionData as RowRefusal) : null;
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, myId } = loaderData;
  const refusal = rowRefusal(actionData);
  // useLocation, not useSearchParams: the latter adds its helpers to the bundle every page shares.
  const removing = Number(new URLSearchParams(useLocation().search).get("remover"));
  return (
    <section aria-labelledby="usuarios-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <Title id="usuarios-titulo" size="area">
        Usuários
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Cada pessoa entra com o próprio e-mail e vê só o que o perfil permite: {ROLES.admin} (tudo, inclusive usuários e
        webhooks), {ROLES.comercial} (leads: ver, acompanhar, exportar) e {ROLES.marketing} (conteúdo do site e os totais dos
        leads, nunca os dados de uma pessoa).
      </p>
      <PageError message={refusal && refusal.user === null ? refusal.error : null} />

      {/* A new form once a user is added (the post redirects here): nothing typed stays in it. */}
      <NewUserForm key={users.length} actionData={actionData} />

      <StudioTable
        testId="staff-users"
        caption={users.length === 1 ? "1 usuário" : `${users.length} usuários`}
        columns={["E-mail", "Perfil", "Criado em", "Último acesso", <span className="sr-only">Remover</span>]}
        className="mt-8"
      >
        {users.map((user) => (
          <tr key={user.id} className="border-b border-slate-100 align-top" data-testid="staff-user">
            <td className="py-2 pr-3 break-all">
              {user.email}
              {user.id === myId ? <span className="ml-1 text-xs text-slate-500">(você)</span> : null}
            </td>
            <td className="py-2 pr-3">
              <RoleForm
                user={user}
                error={refusal?.intent === USER_INTENTS.role && refusal.user === user.id ? refusal.error : null}
              />
            </td>
            <td className="py-2 pr-3">{user.createdAt}</td>
            <td className="py-2 pr-3">{user.lastLoginAt ?? "Nunca entrou"}</td>
            <td className="py-2">
              <RemoveForm
                user={user}
                confirming={removing === user.id}
                error={refusal?.intent === USER_INTENTS.remove && refusal.user === user.id ? refusal.error : null}
              />
            </td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}

function NewUserForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const adding = useIsPending({ intent: USER_INTENTS.add });
  const [form, fields] = useForm({
    id: "usuario-novo",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { role: "comercial" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newUserSchema }),
  });
  const passwordHint = `Pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres. Passe-a à pessoa por um canal seguro.`;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value={USER_INTENTS.add} />
      <FieldGroup legend="Novo usuário">
        <TextField meta={fields.email} label="E-mail" type="email" required inputMode="email" />
        <SelectField meta={fields.role} label="Perfil" options={ROLE_OPTIONS} />
        <TextField
          meta={fields.password}
          label="Senha inicial"
          type="password"
          hint={passwordHint}
          required
          autoComplete="new-password"
        />
      </FieldGroup>
      <SubmitButton pending={adding} pendingText="Adicionando..." variant="primary" size="lg">
        <UserPlus aria-hidden="true" className="size-4" /> Adicionar usuário
      </SubmitButton>
    </Form>
  );
}

type UserRow = { id: number; email: string; role: Role };

/** True while this row's post (its intent, its user) is on its way: the other rows' buttons stay as they are. */
function useRowPending(intent: string, user: number): boolean {
  const navigation = useNavigation();
  return useIsPending({ intent }) && navigation.formData?.get("user") === String(user);
}

/** A row's role: a select and "Alterar perfil"; a refusal (last admin, oneself) shows next to the select. */
function RoleForm({ user, error }: { user: UserRow; error: string | null }) {
  const pending = useRowPending(USER_INTENTS.role, user.id);
  const id = `perfil-${user.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={USER_INTENTS.role} />
      <input type="hidden" name="user" value={user.id} />
      <SelectField
        // A refusal or a changed role starts the select again from the stored role.
        key={`${user.role}-${error ?? ""}`}
        meta={plainField("role", { id, error: error ?? undefined, defaultValue: user.role })}
        label={
          <>
            Perfil<span className="sr-only"> de {user.email}</span>
          </>
        }
        look="inline"
        options={ROLE_OPTIONS}
      />
      <SubmitButton pending={pending} pendingText="Salvando..." variant="neutral" size="sm">
        Alterar perfil<span className="sr-only"> de {user.email}</span>
      </SubmitButton>
    </Form>
  );
}

/**
 * A row's "Remover", in two steps that work without JavaScript: the link opens the confirmation in
 * the row (?remover=<id>), whose button posts. A refusal (last admin, oneself) shows next to it.
 */
function RemoveForm({ user, confirming, error }: { user: UserRow; confirming: boolean; error: string | null }) {
  const pending = useRowPending(USER_INTENTS.remove, user.id);
  const errorId = `remover-${user.id}-error`;
  if (!confirming && !error) {
    return (
      <ButtonLink variant="neutral" size="sm" to={`?remover=${user.id}`} preventScrollReset>
        <Trash2 aria-hidden="true" className="size-4" /> Remover<span className="sr-only"> {user.email}</span>
      </ButtonLink>
    );
  }
  return (
    <Form method="post" action={USERS_PATH} className="max-w-xs">
      <input type="hidden" name="intent" value={USER_INTENTS.remove} />
      <input type="hidden" name="user" value={user.id} />
      <p className="text-sm text-slate-800">
        Remover {user.email}? A pessoa sai do painel na hora e os leads dela ficam sem responsável.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <SubmitButton
          pending={pending}
          pendingText="Removendo..."
          variant="danger"
          size="sm"
          aria-describedby={error ? errorId : undefined}
        >
          <Trash2 aria-hidden="true" className="size-4" /> Confirmar remoção<span className="sr-only"> de {user.email}</span>
        </SubmitButton>
        <ButtonLink variant="neutral" size="sm" to={USERS_PATH} preventScrollReset>
          Cancelar
        </ButtonLink>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
