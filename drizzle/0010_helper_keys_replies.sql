CREATE TABLE `whatsapp_helper_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`password_id` integer,
	`user_id` integer,
	`created_by` text NOT NULL,
	`platform` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`password_id`) REFERENCES `whatsapp_passwords`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `helper_keys_password_idx` ON `whatsapp_helper_keys` (`password_id`);--> statement-breakpoint
CREATE INDEX `helper_keys_user_idx` ON `whatsapp_helper_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `whatsapp_optout_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`key` text NOT NULL,
	`action` text NOT NULL,
	`reason` text NOT NULL,
	`by` text NOT NULL,
	`at` text NOT NULL,
	`previous` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `whatsapp_optout_changes_key_idx` ON `whatsapp_optout_changes` (`key`);--> statement-breakpoint
CREATE TABLE `whatsapp_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text NOT NULL,
	`number` text NOT NULL,
	`key` text NOT NULL,
	`push_name` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`received_at` text NOT NULL,
	`category` text DEFAULT 'outro' NOT NULL,
	`job_id` text,
	`lead_id` integer,
	`helper_key_id` text,
	`read_at` text,
	`read_by` text,
	`handled_at` text,
	`handled_by` text,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_replies_message_unique` ON `whatsapp_replies` (`message_id`);--> statement-breakpoint
CREATE INDEX `whatsapp_replies_key_idx` ON `whatsapp_replies` (`key`);--> statement-breakpoint
CREATE INDEX `whatsapp_replies_time_idx` ON `whatsapp_replies` (`received_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_replies_lead_idx` ON `whatsapp_replies` (`lead_id`);--> statement-breakpoint
ALTER TABLE `whatsapp_optouts` ADD `said` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_optouts` ADD `recorded_by` text DEFAULT '' NOT NULL;