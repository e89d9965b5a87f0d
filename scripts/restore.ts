// npm run restore -- <backup file> [--substituir]: puts an archive of `npm run backup` (database, secrets,
// photos) in the data folder of DATABASE_PATH, for a stopped site (app/platform/restore.server.ts,
// decision 062). A folder that already has a site is refused unless --substituir, which moves its
// files aside (never deletes them). The folder's erasure list is kept, the archive's added to it, and
// the whole list is applied again to the restored database (a person erased after the backup stays erased).
import { restoreSite } from "~/platform/restore.server";

const USAGE = `Uso:
  npm run restore -- <arquivo .tar.gz do npm run backup>              restaura numa pasta de dados vazia
  npm run restore -- <arquivo .tar.gz do npm run backup> --substituir  troca os dados atuais (guardados ao lado)

A pasta é a do DATABASE_PATH (padrão: data/site.db). Pare o site antes; inicie-o depois.`;

const args = process.argv.slice(2);
const replace = args.includes("--substituir");
const files = args.filter((arg) => arg !== "--substituir");

if (files.length !== 1 || files[0].startsWith("--")) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    const result = await restoreSite(files[0], { replace });
    const { manifest } = result;
    console.log(`Backup de ${manifest.createdAt} restaurado em ${result.databasePath}.`);
    console.log(
      `${result.images} arquivo(s) de foto; segredos: ${manifest.secrets.length ? manifest.secrets.join(", ") : "nenhum em arquivo"}.`,
    );
    for (const name of manifest.environmentSecrets) {
      console.log(`Atenção: quando o backup foi feito, ${name} vinha do ambiente; defina o mesmo valor neste servidor.`);
    }
    if (result.setAside) console.log(`Os arquivos que estavam na pasta foram movidos para ${result.setAside}.`);
    if (result.erasures > 0) {
      // Opened only now: the restored folder has its secrets, and the database is migrated as at a start.
      process.env.DATABASE_PATH = result.databasePath;
      const { reapplyErasures } = await import("~/features/leads/privacy.server");
      const { closeDatabase } = await import("~/platform/db/client.server");
      const again = reapplyErasures();
      closeDatabase();
      console.log(
        `Lista de exclusões (${result.erasures}) aplicada de novo: ${again.leads} lead(s), ${again.sendLog} mensagem(ns) de WhatsApp, ` +
          `${again.replies} resposta(s) e ${again.emails} e-mail(s) de pessoas excluídas depois do backup foram apagados.`,
      );
    }
    console.log("Inicie o site (npm start) para usar os dados restaurados.");
  } catch (error) {
    console.error(`Erro: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
