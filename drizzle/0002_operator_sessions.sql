CREATE TABLE `operator_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`password_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`password_id`) REFERENCES `whatsapp_passwords`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `operator_sessions_password_idx` ON `operator_sessions` (`password_id`);