ALTER TABLE `whatsapp_passwords` ADD `lookup_tag` text;--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_passwords_lookup_tag_unique` ON `whatsapp_passwords` (`lookup_tag`);