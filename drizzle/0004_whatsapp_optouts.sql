CREATE TABLE `whatsapp_optouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`key` text NOT NULL,
	`at` text NOT NULL,
	`operator` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_optouts_key_unique` ON `whatsapp_optouts` (`key`);