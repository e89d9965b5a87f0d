// npm run backup [-- <destination file>]: the site's data in one .tar.gz (mode 0600) that `npm run restore`
// puts back on another machine: the database (online backup API, the site keeps serving), the
// generated secrets and the studio photos (app/platform/backup.server.ts, decision 062).
import { backupSite } from "~/platform/backup.server";
import { closeDatabase } from "~/platform/db/client.server";

try {
  const { file, manifest, missingImages } = await backupSite(process.argv[2]);
  console.log(`Backup gravado em ${file}`);
  console.log(
    `Contém o banco de dados, ${manifest.images} foto(s) e ${manifest.secrets.length ? manifest.secrets.join(", ") : "nenhum segredo em arquivo"}.`,
  );
  for (const name of manifest.environmentSecrets) {
    console.log(`${name} vem do ambiente e não fica no backup: guarde o valor junto com a configuração do servidor.`);
  }
  if (missingImages.length > 0) {
    console.warn(
      `Aviso: ${missingImages.length} foto(s) sem arquivos no disco (não usadas pelo conteúdo): ${missingImages.join(", ")}`,
    );
  }
} catch (error) {
  console.error(`Erro: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  closeDatabase();
}
