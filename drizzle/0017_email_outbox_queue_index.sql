DROP INDEX `email_outbox_due_idx`;--> statement-breakpoint
CREATE INDEX `email_outbox_queue_idx` ON `email_outbox` (`status`,`id`);