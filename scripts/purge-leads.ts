// npm run purge-leads: deletes leads (and WhatsApp send-log rows and replies) older than LEAD_RETENTION_DAYS (LGPD retention period).
import { purgeExpired } from "~/features/operations/retention.server";
import { config } from "~/platform/config.server";

const { leads, sendLog, replies } = purgeExpired();
console.log(`${leads} lead(s) com mais de ${config.leadRetentionDays} dias apagado(s).`);
console.log(`${sendLog} registro(s) de envio de WhatsApp com mais de ${config.leadRetentionDays} dias apagado(s).`);
console.log(`${replies} resposta(s) recebida(s) no WhatsApp com mais de ${config.leadRetentionDays} dias apagada(s).`);
