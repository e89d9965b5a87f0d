CREATE TABLE `email_optouts` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`source` text NOT NULL
);
