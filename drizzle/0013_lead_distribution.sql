CREATE TABLE `distribution_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	`team_id` integer NOT NULL,
	`position` integer NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `sales_teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `distribution_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sales_team_members` (
	`team_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `sales_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sales_teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_teams_name_unique` ON `sales_teams` (`name`);--> statement-breakpoint
ALTER TABLE `admin_users` ADD `away` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `away_until` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `last_assigned_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `first_contact_due_at` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `first_contact_at` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `escalated_at` text;--> statement-breakpoint
CREATE INDEX `leads_email_idx` ON `leads` (`email`);--> statement-breakpoint
CREATE INDEX `leads_telefone_idx` ON `leads` (`telefone`);