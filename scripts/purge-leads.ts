// npm run purge-leads: deletes leads (and WhatsApp send-log rows) older than LEAD_RETENTION_DAYS (LGPD retention period).
import { config } from "~/server/config.server";
import { purgeExpiredLeads, purgeExpiredSendLog } from "~/server/maintenance.server";

const deleted = purgeExpiredLeads(new Date(), config.leadRetentionDays);
console.log(`${deleted} lead(s) com mais de ${config.leadRetentionDays} dias apagado(s).`);
const messages = purgeExpiredSendLog(new Date(), config.leadRetentionDays);
console.log(`${messages} registro(s) de envio de WhatsApp com mais de ${config.leadRetentionDays} dias apagado(s).`);
