CREATE TABLE `admin_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_login_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_email_unique` ON `admin_users` (`email`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`origem` text NOT NULL,
	`nome` text NOT NULL,
	`telefone` text NOT NULL,
	`email` text NOT NULL,
	`cidade` text DEFAULT '' NOT NULL,
	`data_criacao` text NOT NULL,
	`perfil_trabalho` text DEFAULT '' NOT NULL,
	`area_atuacao` text DEFAULT '' NOT NULL,
	`satisfacao_area` text DEFAULT '' NOT NULL,
	`objetivo_carreira` text DEFAULT '' NOT NULL,
	`area_desejada` text DEFAULT '' NOT NULL,
	`curso_interesse` text DEFAULT '' NOT NULL,
	`polo` text DEFAULT '' NOT NULL,
	`criado_em` text NOT NULL,
	`atualizado_em` text NOT NULL,
	`tentativas` integer DEFAULT 1 NOT NULL,
	`perfil_resultado` text,
	`respostas` text,
	`teste_concluido_em` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_term` text,
	`utm_content` text,
	`referrer` text,
	`consentimento_em` text,
	`consentimento_versao` text,
	`busca` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_origem_email_unique` ON `leads` (`origem`,`email`);--> statement-breakpoint
CREATE INDEX `leads_data_idx` ON `leads` (`data_criacao`,`criado_em`);--> statement-breakpoint
CREATE INDEX `leads_criado_idx` ON `leads` (`criado_em`);--> statement-breakpoint
CREATE INDEX `leads_origem_idx` ON `leads` (`origem`);--> statement-breakpoint
CREATE INDEX `leads_perfil_idx` ON `leads` (`perfil_resultado`);--> statement-breakpoint
CREATE TABLE `whatsapp_passwords` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `whatsapp_send_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` text NOT NULL,
	`operator` text NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`message` text NOT NULL,
	`status` text NOT NULL,
	`detail` text,
	`sent_at` text NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `send_log_job_number_unique` ON `whatsapp_send_log` (`job_id`,`number`);--> statement-breakpoint
CREATE INDEX `send_log_time_idx` ON `whatsapp_send_log` (`sent_at`);