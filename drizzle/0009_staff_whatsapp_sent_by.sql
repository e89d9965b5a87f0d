ALTER TABLE `whatsapp_passwords` ADD `label` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_send_log` ADD `sent_by` text;