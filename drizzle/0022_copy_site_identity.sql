CREATE TABLE `site_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_url` text NOT NULL,
	`held_since` text,
	`held_reason` text,
	`held_from_url` text,
	`confirmed_by` text,
	`confirmed_at` text
);
