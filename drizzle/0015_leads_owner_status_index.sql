DROP INDEX `leads_owner_idx`;--> statement-breakpoint
CREATE INDEX `leads_owner_status_idx` ON `leads` (`owner_id`,`status`);