-- Every WhatsApp number in E.164 (decision 117). Stored digits that are a Brazilian number (55, a
-- real DDD, a mobile or landline subscriber) become +55...; 55 + digits that are no Brazilian number
-- were a foreign number the site gave 55 (14155550100 stored as 5514155550100): the 55 goes, the
-- number becomes +14155550100 with its own key, and a reply of it is no longer linked to a lead (the
-- leads' phones are Brazilian). Two rows that become one person's are one opt-out: the oldest stays.
-- An opt-out keeps only the number (decision 118): the person's words stay only in her replies.
CREATE TEMP TABLE e164_whatsapp_optouts AS
SELECT id,
  CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN 1 ELSE 0 END AS brazilian,
  '+' || CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN d WHEN length(d) IN (12, 13) AND substr(d, 1, 2) = '55' THEN substr(d, 3) ELSE d END AS e164,
  CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN '55' || substr(d, 3, 2) || substr(d, -8)
    WHEN length(d) IN (12, 13) AND substr(d, 1, 2) = '55' THEN substr(d, 3) ELSE d END AS person
FROM (SELECT id, replace(number, '+', '') AS d FROM whatsapp_optouts);
--> statement-breakpoint
DELETE FROM whatsapp_optouts WHERE id IN (
  SELECT later.id FROM e164_whatsapp_optouts AS later
  JOIN e164_whatsapp_optouts AS earlier ON earlier.person = later.person AND earlier.id < later.id
);
--> statement-breakpoint
UPDATE whatsapp_optouts SET key = 'e164-' || id;
--> statement-breakpoint
UPDATE whatsapp_optouts SET number = m.e164, key = m.person FROM e164_whatsapp_optouts AS m WHERE m.id = whatsapp_optouts.id;
--> statement-breakpoint
DROP TABLE e164_whatsapp_optouts;
--> statement-breakpoint
CREATE TEMP TABLE e164_whatsapp_optout_changes AS
SELECT id,
  CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN 1 ELSE 0 END AS brazilian,
  '+' || CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN d WHEN length(d) IN (12, 13) AND substr(d, 1, 2) = '55' THEN substr(d, 3) ELSE d END AS e164,
  CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN '55' || substr(d, 3, 2) || substr(d, -8)
    WHEN length(d) IN (12, 13) AND substr(d, 1, 2) = '55' THEN substr(d, 3) ELSE d END AS person
FROM (SELECT id, replace(number, '+', '') AS d FROM whatsapp_optout_changes);
--> statement-breakpoint
UPDATE whatsapp_optout_changes SET number = m.e164, key = m.person FROM e164_whatsapp_optout_changes AS m WHERE m.id = whatsapp_optout_changes.id;
--> statement-breakpoint
DROP TABLE e164_whatsapp_optout_changes;
--> statement-breakpoint
CREATE TEMP TABLE e164_whatsapp_replies AS
SELECT id,
  CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN 1 ELSE 0 END AS brazilian,
  '+' || CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN d WHEN length(d) IN (12, 13) AND substr(d, 1, 2) = '55' THEN substr(d, 3) ELSE d END AS e164,
  CASE WHEN (length(d) IN (12, 13) AND substr(d, 1, 2) = '55' AND substr(d, 3, 2) IN ('11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '24', '27', '28', '31', '32', '33', '34', '35', '37', '38', '41', '42', '43', '44', '45', '46', '47', '48', '49', '51', '53', '54', '55', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '73', '74', '75', '77', '79', '81', '82', '83', '84', '85', '86', '87', '88', '89', '91', '92', '93', '94', '95', '96', '97', '98', '99') AND ((length(d) = 13 AND substr(d, 5, 1) = '9') OR (length(d) = 12 AND substr(d, 5, 1) BETWEEN '2' AND '9'))) THEN '55' || substr(d, 3, 2) || substr(d, -8)
    WHEN length(d) IN (12, 13) AND substr(d, 1, 2) = '55' THEN substr(d, 3) ELSE d END AS person
FROM (SELECT id, replace(number, '+', '') AS d FROM whatsapp_replies);
--> statement-breakpoint
UPDATE whatsapp_replies SET number = m.e164, key = m.person,
  lead_id = CASE WHEN m.brazilian = 1 THEN whatsapp_replies.lead_id ELSE NULL END
FROM e164_whatsapp_replies AS m WHERE m.id = whatsapp_replies.id;
--> statement-breakpoint
DROP TABLE e164_whatsapp_replies;
--> statement-breakpoint
UPDATE whatsapp_optouts SET said = '' WHERE said <> '';
--> statement-breakpoint
UPDATE whatsapp_optout_changes SET previous = json_set(previous, '$.said', '') WHERE json_valid(previous) AND json_extract(previous, '$.said') <> '';
