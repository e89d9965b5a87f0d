// npm run admin -- create <email> | set-password <email> | list
//
// Manages the admin accounts of /login-admin. The password is never an argument (it would show in
// the shell history and the process list): it is asked twice without echo on a terminal, or read
// from the first line of standard input (e.g. `printf '%s\n' "$PASS" | npm run admin -- create a@b.c`).
import { createInterface } from "node:readline";
import { Writable } from "node:stream";

import { createAdmin, listAdmins, MIN_ADMIN_PASSWORD_LENGTH, setAdminPassword } from "~/server/admin-users.server";
import { closeDatabase } from "~/server/db.server";

const USAGE = `Uso:
  npm run admin -- create <email>        cria um administrador (pede a senha)
  npm run admin -- set-password <email>  troca a senha de um administrador
  npm run admin -- list                  lista os administradores

A senha é pedida no terminal (sem eco) ou lida da primeira linha da entrada padrão.
Mínimo de ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`;

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
  const [command, email] = argv;
  switch (command) {
    case "list": {
      const admins = listAdmins();
      if (admins.length === 0) {
        console.log("Nenhum administrador cadastrado. Crie um com: npm run admin -- create <email>");
        return 0;
      }
      for (const admin of admins) {
        console.log(`${admin.id}\t${admin.email}\tcriado em ${admin.createdAt}\túltimo login ${admin.lastLoginAt ?? "-"}`);
      }
      return 0;
    }
    case "create": {
      if (!email) break;
      const admin = await createAdmin(email, await readPassword());
      console.log(`Administrador ${admin.email} criado.`);
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
