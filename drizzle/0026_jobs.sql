CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`group_key` text,
	`dedupe_key` text,
	`run_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`last_error` text,
	`result` text,
	`lead_id` integer,
	`created_at` text NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_key_unique` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `jobs_queue_idx` ON `jobs` (`kind`,`status`,`priority`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_group_idx` ON `jobs` (`group_key`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_lead_idx` ON `jobs` (`lead_id`);