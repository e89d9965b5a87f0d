CREATE TABLE `whatsapp_helper_revocations` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`platform` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`unlinked_at` text,
	`whatsapp_logged_out` integer
);
--> statement-breakpoint
CREATE TRIGGER `whatsapp_helper_keys_revoked` BEFORE DELETE ON `whatsapp_helper_keys`
BEGIN
  INSERT OR REPLACE INTO `whatsapp_helper_revocations` (`id`, `secret_hash`, `created_by`, `platform`, `created_at`, `last_used_at`)
  VALUES (OLD.`id`, OLD.`secret_hash`, OLD.`created_by`, OLD.`platform`, OLD.`created_at`, OLD.`last_used_at`);
END;
