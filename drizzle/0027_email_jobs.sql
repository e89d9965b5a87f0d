-- Messages still waiting when the jobs engine took over delivery: each gets its job, due when its
-- retry was, with its attempts so far.
INSERT INTO `jobs` (`kind`, `payload`, `status`, `priority`, `run_at`, `attempts`, `lead_id`, `created_at`)
SELECT 'email.send', json_object('emailId', `id`), 'pending', `priority`, `next_attempt_at`, `attempts`, `lead_id`, `created_at`
FROM `email_outbox` WHERE `status` = 'pending' ORDER BY `id`;
