// npm run purge-leads: deletes leads older than LEAD_RETENTION_DAYS (LGPD retention period).
import { config } from "~/server/config.server";
import { purgeExpiredLeads } from "~/server/maintenance.server";

const deleted = purgeExpiredLeads(new Date(), config.leadRetentionDays);
console.log(`${deleted} lead(s) com mais de ${config.leadRetentionDays} dias apagado(s).`);
