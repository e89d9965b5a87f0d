// npm run admin -- create <email> [--papel admin|comercial|marketing] | set-role <email> <papel> | set-password <email> | list
//                  | reapply-erasures
//
// Manages the staff accounts of /login-admin and their roles (app/features/staff/roles.ts), and applies
// the erasure list again (app/features/leads/erasures.server.ts) after a database was put back by hand. The password is never an argument (it would show in
// the shell history and the process list): it is asked twice without echo on a terminal, or read
// from the first line of standard input (e.g. `printf '%s\n' "$PASS" | npm run admin -- create a@b.c`).
import { createInterface } from "node:readline";
import { Writable } from "node:stream";

import { reapplyErasures } from "~/features/leads/privacy.server";
import { isRole, type Role, ROLE_KEYS, ROLES } from "~/features/staff/roles";
import {
  changeUserRoleByEmail,
  createAdmin,
  listAdmins,
  MIN_ADMIN_PASSWORD_LENGTH,
  roleOf,
  setAdminPassword,
} from "~/features/staff/users.server";
import { closeDatabase } from "~/platform/db/client.server";

const ROLE_CHOICES = ROLE_KEYS.join("|");

const USAGE = `Uso:
  npm run admin -- create <email> [--papel ${ROLE_CHOICES}]
                                            cria um usuário (pede a senha); sem --papel, um administrador
  npm run admin -- set-role <email> <papel>  muda o papel (${ROLE_CHOICES}) de um usuário
  npm run admin -- set-password <email>     troca a senha de um usuário
  npm run admin -- list                     lista os usuários e seus papéis
  npm run admin -- reapply-erasures         apaga de novo as pessoas da lista de exclusões
                                            (depois de pôr de volta um banco de dados antigo)

Papéis: admin (tudo, inclusive usuários), comercial (leads), marketing (conteúdo e totais dos leads).
A senha é pedida no terminal (sem eco) ou lida da primeira linha da entrada padrão.
Mínimo de ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`;

/** The role given after `--papel` (default admin); null when the flag is there without a known role. */
function roleArgument(args: string[]): Role | null {
  const at = args.indexOf("--papel");
  if (at === -1) return "admin";
  const value = args[at + 1];
  return isRole(value) ? value : null;
}

function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readStdinLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  const first = await ask("Senha: ");
  const second = await ask("Repita a senha: ");
  if (first !== second) throw new Error("As senhas não conferem.");
  return first;
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  switch (command) {
    case "list": {
      const admins = listAdmins();
      if (admins.length === 0) {
        console.log("Nenhum administrador cadastrado. Crie um com: npm run admin -- create <email>");
        return 0;
      }
      for (const admin of admins) {
        const role = roleOf(admin.role);
        console.log(
          `${admin.id}\t${admin.email}\t${role} (${ROLES[role]})\tcriado em ${admin.createdAt}\túltimo login ${admin.lastLoginAt ?? "-"}`,
        );
      }
      return 0;
    }
    case "create": {
      if (!email || email.startsWith("--")) break;
      const role = roleArgument(rest);
      if (!role) break;
      // The role is checked before the password is read: a typo costs no typing.
      const admin = await createAdmin(email, await readPassword(), role);
      console.log(
        role === "admin"
          ? `Administrador ${admin.email} criado.`
          : `Usuário ${admin.email} criado com o papel ${role} (${ROLES[role]}).`,
      );
      return 0;
    }
    case "set-role": {
      const [role] = rest;
      if (!email || !isRole(role)) break;
      const changed = changeUserRoleByEmail(email, role);
      if (!changed.ok) throw new Error(changed.error);
      console.log(`${changed.email} agora tem o papel ${role} (${ROLES[role]}). Vale a partir da próxima página que abrir.`);
      return 0;
    }
    case "reapply-erasures": {
      const again = reapplyErasures();
      console.log(
        `Lista de exclusões aplicada: ${again.leads} lead(s), ${again.sendLog} mensagem(ns) de WhatsApp, ${again.replies} resposta(s) ` +
          `e ${again.emails} e-mail(s) de pessoas excluídas foram apagados.`,
      );
      return 0;
    }
    case "set-password": {
      if (!email) break;
      await setAdminPassword(email, await readPassword());
      console.log(`Senha de ${email.trim().toLowerCase()} alterada. As sessões abertas com a senha antiga foram encerradas.`);
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: Error) => {
    console.error(`Erro: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
