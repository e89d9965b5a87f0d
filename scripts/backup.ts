// npm run backup [-- <destination file>]: consistent copy of the live database (online backup API).
import { backupDatabase } from "~/server/maintenance.server";

const destination = process.argv[2];
const file = await backupDatabase(destination);
console.log(`Backup gravado em ${file}`);
