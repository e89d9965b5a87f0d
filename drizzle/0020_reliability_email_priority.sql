DROP INDEX `email_outbox_queue_idx`;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `priority` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_priority_queue_idx` ON `email_outbox` (`status`,`priority`,`id`);