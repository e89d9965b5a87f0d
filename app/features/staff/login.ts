import { z } from "zod";

/** The admin login form: one schema for the server and (through conform) the browser. */
export const loginSchema = z.object({
  email: z
    .string({ error: "Informe o e-mail" })
    .trim()
    .min(1, "Informe o e-mail")
    .max(254, "E-mail inválido")
    .pipe(z.email("E-mail inválido")),
  password: z.string({ error: "Informe a senha" }).min(1, "Informe a senha").max(1024, "Senha longa demais"),
  redirectTo: z.string().optional(),
});

/** Staff passwords must have at least this many characters (the Usuários page, `npm run admin`). */
export const MIN_ADMIN_PASSWORD_LENGTH = 8;
