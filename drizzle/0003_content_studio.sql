CREATE TABLE `content_entries` (
	`collection` text NOT NULL,
	`id` text NOT NULL,
	`data` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text NOT NULL,
	PRIMARY KEY(`collection`, `id`)
);
--> statement-breakpoint
CREATE TABLE `content_images` (
	`id` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`widths` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_redirects` (
	`from_path` text PRIMARY KEY NOT NULL,
	`to_path` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection` text NOT NULL,
	`entry_id` text NOT NULL,
	`version` integer NOT NULL,
	`data` text,
	`changed` text NOT NULL,
	`saved_at` text NOT NULL,
	`saved_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_revisions_entry_idx` ON `content_revisions` (`collection`,`entry_id`);--> statement-breakpoint
CREATE INDEX `content_revisions_time_idx` ON `content_revisions` (`saved_at`);--> statement-breakpoint
CREATE TABLE `whatsapp_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page` text NOT NULL,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`clicked_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `whatsapp_clicks_time_idx` ON `whatsapp_clicks` (`clicked_at`);