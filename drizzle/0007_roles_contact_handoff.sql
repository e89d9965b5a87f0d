CREATE TABLE `lead_contact_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`channel` text NOT NULL,
	`by` text NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_contact_attempts_lead_idx` ON `lead_contact_attempts` (`lead_id`);--> statement-breakpoint
CREATE TABLE `whatsapp_handoffs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`filters` text DEFAULT '' NOT NULL,
	`contacts` text NOT NULL,
	`removed_opt_outs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `admin_users` ADD `role` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `owner_id` integer REFERENCES admin_users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `leads_owner_idx` ON `leads` (`owner_id`);--> statement-breakpoint
ALTER TABLE `whatsapp_send_log` ADD `lead_id` integer REFERENCES leads(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `send_log_number_idx` ON `whatsapp_send_log` (`number`);--> statement-breakpoint
CREATE INDEX `send_log_lead_idx` ON `whatsapp_send_log` (`lead_id`);