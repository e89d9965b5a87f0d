import { z } from "zod";

import { MIN_ADMIN_PASSWORD_LENGTH } from "./login";
import { type Role, ROLE_KEYS } from "./roles";

/** The Usuários page's (/admin/usuarios) form rules and post intents, shared by the page and the server. */

/** The Usuários page's address. */
export const USERS_PATH = "/admin/usuarios";

export const USER_INTENTS = { add: "adicionar", role: "alterar-perfil", remove: "remover" } as const;

export const EMAIL_REQUIRED_MESSAGE = "Informe o e-mail.";
export const EMAIL_INVALID_MESSAGE = "Informe um e-mail válido.";
export const ROLE_MESSAGE = "Escolha um perfil: Administrador, Comercial ou Marketing.";
export const PASSWORD_MESSAGE = `A senha inicial precisa ter pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`;
export const EMAIL_TAKEN_MESSAGE = "Já existe um usuário com este e-mail.";
export const LAST_ADMIN_MESSAGE = "É preciso manter pelo menos um administrador.";
export const SELF_DEMOTE_MESSAGE = "Você não pode tirar o seu próprio perfil de administrador.";
export const SELF_REMOVE_MESSAGE = "Você não pode remover o seu próprio usuário.";
export const USER_GONE_MESSAGE = "Este usuário não existe mais. Recarregue a página.";

const roleSchema = z.enum(ROLE_KEYS as [Role, ...Role[]], { error: ROLE_MESSAGE });

/** "Novo usuário": e-mail, role and initial password. */
export const newUserSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(254, EMAIL_INVALID_MESSAGE)
    .pipe(z.email(EMAIL_INVALID_MESSAGE)),
  role: roleSchema,
  password: z
    .string({ error: PASSWORD_MESSAGE })
    .min(MIN_ADMIN_PASSWORD_LENGTH, PASSWORD_MESSAGE)
    .max(1024, "Senha longa demais."),
});

/** A row's "Alterar perfil": the user and the new role. */
export const changeRoleSchema = z.object({ user: z.coerce.number().int().positive(), role: roleSchema });
