DROP INDEX `leads_waiting_idx`;--> statement-breakpoint
ALTER TABLE `leads` ADD `escalation_level` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `leads_waiting_idx` ON `leads` (`first_contact_at`,`first_contact_due_at`,`status`);--> statement-breakpoint
ALTER TABLE `lead_contact_attempts` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `lead_contact_attempts` ADD `outcome_at` text;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `kind` text DEFAULT 'nota' NOT NULL;--> statement-breakpoint
UPDATE `leads` SET `escalation_level` = 1 WHERE `escalated_at` IS NOT NULL;--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'distribuicao' WHERE `author` = 'Distribuição automática';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'responsavel' WHERE `author` <> 'Distribuição automática' AND `text` LIKE 'Responsável: % → %';
