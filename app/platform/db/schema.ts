import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Leads. The spec's columns (leads_vocacionais: nome ... polo) keep their Portuguese names;
 * the rest is what a real lead table needs: origin, full timestamps, result, attribution, consent.
 * One row per (origem, email): a second submission with the same e-mail updates the row.
 */
export const leads = sqliteTable(
  "leads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    origem: text("origem").notNull(), // see LEAD_ORIGINS in app/lib/leads/origins.ts
    nome: text("nome").notNull(),
    telefone: text("telefone").notNull(),
    email: text("email").notNull(),
    cidade: text("cidade").notNull().default(""),
    /** Creation date (YYYY-MM-DD) in America/Sao_Paulo. */
    data_criacao: text("data_criacao").notNull(),
    perfil_trabalho: text("perfil_trabalho").notNull().default(""),
    area_atuacao: text("area_atuacao").notNull().default(""),
    satisfacao_area: text("satisfacao_area").notNull().default(""),
    objetivo_carreira: text("objetivo_carreira").notNull().default(""),
    area_desejada: text("area_desejada").notNull().default(""),
    curso_interesse: text("curso_interesse").notNull().default(""),
    polo: text("polo").notNull().default(""),
    /** Full creation and update instants, ISO 8601 UTC. */
    criado_em: text("criado_em").notNull(),
    atualizado_em: text("atualizado_em").notNull(),
    /** How many times this e-mail submitted this origin's form. */
    tentativas: integer("tentativas").notNull().default(1),
    /** Vocational test: result profile key and the answers as JSON ({"1":"A",...}). */
    perfil_resultado: text("perfil_resultado"),
    respostas: text("respostas"),
    teste_concluido_em: text("teste_concluido_em"),
    utm_source: text("utm_source"),
    utm_medium: text("utm_medium"),
    utm_campaign: text("utm_campaign"),
    utm_term: text("utm_term"),
    utm_content: text("utm_content"),
    referrer: text("referrer"),
    /** LGPD consent: when, and which version of the consent text the visitor saw. */
    consentimento_em: text("consentimento_em"),
    consentimento_versao: text("consentimento_versao"),
    /** Lower-case, accent-free copy of the searchable fields, for the admin search. */
    busca: text("busca").notNull().default(""),
    /** Follow-up (app/server/leads/follow-up.server.ts): a LEAD_STATUSES key, the loss reason when "perdido". */
    status: text("status").notNull().default("novo"),
    motivo_perda: text("motivo_perda"),
    /** Next contact date (YYYY-MM-DD, São Paulo), or null. */
    proximo_contato: text("proximo_contato"),
    /** The `comercial` user who follows this lead up ("Meus leads"), or null. */
    owner_id: integer("owner_id").references((): AnySQLiteColumn => adminUsers.id, { onDelete: "set null" }),
    /**
     * The first-contact clock (decision 087), ISO 8601 UTC: when the first contact is due (the
     * target counted in business hours from criado_em), when it happened (the first contact attempt
     * that reached the person, decision 140: never a status change), and when the lead was last
     * escalated for waiting, with how many escalations it has had (1 and 2: the next member, 3: the
     * manager).
     */
    first_contact_due_at: text("first_contact_due_at"),
    first_contact_at: text("first_contact_at"),
    escalated_at: text("escalated_at"),
    escalation_level: integer("escalation_level").notNull().default(0),
  },
  (t) => [
    uniqueIndex("leads_origem_email_unique").on(t.origem, t.email),
    index("leads_data_idx").on(t.data_criacao, t.criado_em),
    index("leads_criado_idx").on(t.criado_em),
    index("leads_origem_idx").on(t.origem),
    index("leads_perfil_idx").on(t.perfil_resultado),
    index("leads_status_idx").on(t.status),
    index("leads_proximo_contato_idx").on(t.proximo_contato),
    // The owner filter, and the panel's count of Novo leads nobody owns (decision 096) read from the index alone.
    index("leads_owner_status_idx").on(t.owner_id, t.status),
    // Distribution's "same person" rule looks a person up by e-mail or phone across forms.
    index("leads_email_idx").on(t.email),
    index("leads_telefone_idx").on(t.telefone),
    // The panel's "Aguardando primeiro contato" and escalation: not contacted, by due time (decisions 087, 140); status last, so the counts read the index alone.
    index("leads_waiting_idx").on(t.first_contact_at, t.first_contact_due_at, t.status),
  ],
);

/** Every status change of a lead: from what, to what (and why, when lost), who (admin e-mail) and when. */
export const leadStatusChanges = sqliteTable(
  "lead_status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    changedBy: text("changed_by").notNull(),
    changedAt: text("changed_at").notNull(),
  },
  (t) => [index("lead_status_changes_lead_idx").on(t.leadId)],
);

/**
 * Contact attempts: a click on the lead's phone (`telefone`, a tel: link) or on its WhatsApp
 * click-to-chat button (`whatsapp`), or one the salesperson records by hand, who (staff e-mail), when,
 * and its outcome (CONTACT_OUTCOMES in app/lib/leads/contact.ts; null until the salesperson says).
 */
export const leadContactAttempts = sqliteTable(
  "lead_contact_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    by: text("by").notNull(),
    at: text("at").notNull(),
    outcome: text("outcome"),
    outcomeAt: text("outcome_at"),
  },
  (t) => [index("lead_contact_attempts_lead_idx").on(t.leadId)],
);

/**
 * A hand-off from the leads panel to the WhatsApp tool: the contact list of a filtered selection,
 * stored server-side under a random id, opened by an operator on /whatsapp. `contacts` is JSON:
 * [{ leadId, name, number }], opted-out numbers already removed (`removedOptOuts` says how many).
 */
export const whatsappHandoffs = sqliteTable("whatsapp_handoffs", {
  id: text("id").primaryKey(),
  createdBy: text("created_by").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  /** The panel's filter query string the list came from (to link back). */
  filters: text("filters").notNull().default(""),
  contacts: text("contacts").notNull(),
  removedOptOuts: integer("removed_opt_outs").notNull().default(0),
});

/**
 * The lead's history lines written as text: who wrote it (staff e-mail, or the distribution) and when,
 * and what kind of line it is: a salesperson's `nota`, an owner change (`responsavel`), or the
 * automatic assignment and escalation (`distribuicao`).
 */
export const leadNotes = sqliteTable(
  "lead_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("nota"),
    text: text("text").notNull(),
    author: text("author").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId)],
);

export const adminUsers = sqliteTable("admin_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  lastLoginAt: text("last_login_at"),
  /** A ROLES key (app/lib/staff/roles.ts): "admin", "comercial" or "marketing". Accounts from before roles are admins. */
  role: text("role").notNull().default("admin"),
  /**
   * Distribution (decision 086): a comercial user "Ausente" gets no new lead until they switch back
   * or `awayUntil` (ISO 8601 UTC) passes; `lastAssignedSeq` is the round robin's turn (the lowest
   * number among the available members gets the next lead).
   */
  away: integer("away", { mode: "boolean" }).notNull().default(false),
  awayUntil: text("away_until"),
  lastAssignedSeq: integer("last_assigned_seq").notNull().default(0),
});

/**
 * Open admin sessions. The signed admin cookie names one row; 'Sair' deletes it, so a copy of the
 * cookie taken before stops working at once (a cookie alone could not be revoked).
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("admin_sessions_admin_idx").on(table.adminId)],
);

/**
 * Access passwords of the WhatsApp tool, stored only as scrypt hashes. `lookupTag` is a keyed HMAC
 * of the password (password.server.ts `passwordLookupTag`, decision 060): the gate finds the one
 * row to verify by it. Rows from before it have none until their password is next used.
 * `label` names whose password it is ("Senha da equipe do polo X", decision 069): required when
 * adding; rows from before it have "" (the page says so).
 */
export const whatsappPasswords = sqliteTable(
  "whatsapp_passwords",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    passwordHash: text("password_hash").notNull(),
    lookupTag: text("lookup_tag"),
    label: text("label").notNull().default(""),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (table) => [uniqueIndex("whatsapp_passwords_lookup_tag_unique").on(table.lookupTag)],
);

/**
 * Open WhatsApp operator sessions: the signed `__operador` cookie names one row. 'Desconectar'
 * deletes it (a copy of the cookie stops working at once); removing the access password that
 * opened it deletes it too (cascade); a row past `expiresAt` (ms since epoch) is refused.
 */
export const operatorSessions = sqliteTable(
  "operator_sessions",
  {
    id: text("id").primaryKey(),
    passwordId: integer("password_id")
      .notNull()
      .references(() => whatsappPasswords.id, { onDelete: "cascade" }),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("operator_sessions_password_idx").on(table.passwordId)],
);

/**
 * The keys of installed helpers (decision 070). Every start script downloaded carries a key of its own,
 * `<id>.<secret>`; the site keeps only `secretHash` (SHA-256 of the secret, hex), which is also the
 * HMAC key of the proofs and page tokens made for that helper. A key belongs to the access password
 * or the staff user that downloaded it: removing either deletes the key (cascade), and so does
 * 'Revogar'. `createdBy` is the sent_by form ("usuario:<id>:<e-mail>" / "senha:<id>:<name>") and
 * names the sends the helper writes. `platform` is the script's kind ("Windows", "Mac", "Linux").
 */
export const whatsappHelperKeys = sqliteTable(
  "whatsapp_helper_keys",
  {
    id: text("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    passwordId: integer("password_id").references(() => whatsappPasswords.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    platform: text("platform").notNull().default(""),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("helper_keys_password_idx").on(t.passwordId), index("helper_keys_user_idx").on(t.userId)],
);

/**
 * What is left of a helper key once its row is gone (decision 115): 'Revogar', its access password or
 * its staff user removed. A trigger on whatsapp_helper_keys writes it before the delete, cascades
 * included. The hash lets the revoked helper prove who it is for two things only: its results from
 * before it learnt of the revocation (for REVOKED_RESULTS_HOURS) and its confirmation that it logged
 * out of WhatsApp and deleted its session (`unlinked_at`; `whatsapp_logged_out` 1 when WhatsApp itself
 * was told, 0 when only the files were deleted and the phone still lists the device).
 */
export const whatsappHelperRevocations = sqliteTable("whatsapp_helper_revocations", {
  id: text("id").primaryKey(),
  secretHash: text("secret_hash").notNull(),
  createdBy: text("created_by").notNull(),
  platform: text("platform").notNull().default(""),
  createdAt: text("created_at").notNull(),
  lastUsedAt: text("last_used_at"),
  revokedAt: text("revoked_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  unlinkedAt: text("unlinked_at"),
  whatsappLoggedOut: integer("whatsapp_logged_out", { mode: "boolean" }),
});

/**
 * Replies people sent to messages the tool sent (decision 071), reported by the helpers with their key.
 * One row per WhatsApp message id (a reported reply is stored once). `key` is the person key
 * (55 + DDD + last 8 digits); `category` is what the words look like ("descadastro", "denuncia",
 * "dados", "sem-interesse" or "outro"): anything but "outro" is flagged and listed first. `text` is
 * plain text, never HTML. `readAt`/`readBy` say who read it; `handledAt`/`handledBy` who acted on it.
 */
export const whatsappReplies = sqliteTable(
  "whatsapp_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: text("message_id").notNull(),
    number: text("number").notNull(),
    key: text("key").notNull(),
    pushName: text("push_name").notNull().default(""),
    text: text("text").notNull(),
    receivedAt: text("received_at").notNull(),
    category: text("category").notNull().default("outro"),
    jobId: text("job_id"),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    helperKeyId: text("helper_key_id"),
    readAt: text("read_at"),
    readBy: text("read_by"),
    handledAt: text("handled_at"),
    handledBy: text("handled_by"),
    /**
     * "parece pedido de saída" (decision 118): "pendente" while a reply that looks like a request to
     * stop (a complaint, a data request, a flagged opt-out the helper did not record) holds the person
     * out of every send; "descadastrado" or "liberado" once a staff member decided; null otherwise.
     */
    optOutReview: text("opt_out_review"),
    recordedAt: text("recorded_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    uniqueIndex("whatsapp_replies_message_unique").on(t.messageId),
    index("whatsapp_replies_key_idx").on(t.key),
    index("whatsapp_replies_time_idx").on(t.receivedAt),
    index("whatsapp_replies_lead_idx").on(t.leadId),
  ],
);

/**
 * What happened to opt-outs after they were recorded (decision 071): an undo keeps the person's entry
 * here (number, when and what they said, who recorded it) with who undid it, when and why.
 */
export const whatsappOptOutChanges = sqliteTable(
  "whatsapp_optout_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    number: text("number").notNull(),
    key: text("key").notNull(),
    action: text("action").notNull(), // "desfeito" | "descadastrado" (by staff) | "liberado" (not a request to stop)
    reason: text("reason").notNull(),
    by: text("by").notNull(),
    at: text("at").notNull(),
    /** The opt-out as it was: JSON of the whatsapp_optouts row. */
    previous: text("previous").notNull(),
  },
  (t) => [index("whatsapp_optout_changes_key_idx").on(t.key)],
);

/** 'Registro de Envios': one row per (bulk job, number), written as results arrive. */
export const whatsappSendLog = sqliteTable(
  "whatsapp_send_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jobId: text("job_id").notNull(),
    operator: text("operator").notNull(),
    name: text("name").notNull(),
    number: text("number").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull(), // 'Enviado' | 'Erro'
    detail: text("detail"),
    sentAt: text("sent_at").notNull(),
    /** The lead this send went to, when the job came from a panel hand-off (the log links back to it). */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /**
     * Who is behind the send (decision 069), written by the server from the session that posted it,
     * never from the body: "usuario:<id>:<e-mail>" for a signed-in staff user, "senha:<id>:<label>"
     * for an access password. Kept as text so it outlives a removed user or password. Null for rows
     * from before it (or written by a path that knows no session).
     */
    sentBy: text("sent_by"),
    recordedAt: text("recorded_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    uniqueIndex("send_log_job_number_unique").on(t.jobId, t.number),
    index("send_log_time_idx").on(t.sentAt),
    index("send_log_number_idx").on(t.number),
    index("send_log_lead_idx").on(t.leadId),
  ],
);

/**
 * The site's editable content (the admin's content studio). Each entry is one document of a
 * collection: a singleton section ("institution"/"main", "home"/"main", …) or one item of a list
 * ("courses"/"<id>", "polos"/"<id>", …). `data` is JSON, checked by the collection's zod schema on
 * every write and read (app/server/content/). `version` grows by one per save: a save that names an
 * older version is refused (two admins editing the same item). Seeded from app/seed on first use.
 */
export const contentEntries = sqliteTable(
  "content_entries",
  {
    collection: text("collection").notNull(),
    id: text("id").notNull(),
    data: text("data").notNull(),
    position: integer("position").notNull().default(0),
    version: integer("version").notNull().default(1),
    updatedAt: text("updated_at").notNull(),
    updatedBy: text("updated_by").notNull(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.id] })],
);

/**
 * Every save of the studio, kept: who, when, the document as saved (null when the item was
 * removed) and the names of the fields that changed. "Restaurar" saves an old `data` again.
 */
export const contentRevisions = sqliteTable(
  "content_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    collection: text("collection").notNull(),
    entryId: text("entry_id").notNull(),
    version: integer("version").notNull(),
    data: text("data"),
    changed: text("changed").notNull(),
    savedAt: text("saved_at").notNull(),
    savedBy: text("saved_by").notNull(),
  },
  (t) => [index("content_revisions_entry_idx").on(t.collection, t.entryId), index("content_revisions_time_idx").on(t.savedAt)],
);

/** Old public paths that answer 301 to the new one (a course whose path changed). */
export const contentRedirects = sqliteTable("content_redirects", {
  fromPath: text("from_path").primaryKey(),
  toPath: text("to_path").notNull(),
  createdAt: text("created_at").notNull(),
});

/**
 * Uploaded photos: one row per picture, named by the hash of its original bytes; the resized
 * AVIF, WebP and JPEG files live beside the database (app/server/content/images.server.ts).
 */
export const contentImages = sqliteTable("content_images", {
  id: text("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: text("widths").notNull(),
  bytes: integer("bytes").notNull(),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull(),
});

/** Clicks on the students' WhatsApp buttons: where and from which campaign, never who. */
export const whatsappClicks = sqliteTable(
  "whatsapp_clicks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    page: text("page").notNull(),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    clickedAt: text("clicked_at").notNull(),
  },
  (t) => [index("whatsapp_clicks_time_idx").on(t.clickedAt)],
);

/**
 * People who asked not to get WhatsApp messages (SAIR, PARAR, ...), shared by every operator's helper.
 * `number` is the digits as first reported; `key` compares Brazilian numbers with and without the
 * ninth digit (55 + DDD + last 8 digits), so the same person is stored once. `at` is when they asked;
 * `source` says who recorded it: "helper" (a reply caught by a helper) or "painel" (the admin panel).
 */
export const whatsappOptOuts = sqliteTable(
  "whatsapp_optouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    number: text("number").notNull(),
    key: text("key").notNull(),
    at: text("at").notNull(),
    operator: text("operator").notNull().default(""),
    source: text("source").notNull(),
    /** What the person wrote (the reply that asked to stop), when a helper caught it. */
    said: text("said").notNull().default(""),
    /** Who recorded it: the helper key's owner or the staff user (sent_by form); "" before decision 071. */
    recordedBy: text("recorded_by").notNull().default(""),
    recordedAt: text("recorded_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [uniqueIndex("whatsapp_optouts_key_unique").on(t.key)],
);

/**
 * Webhook receivers (a CRM's URL). `secret` signs every body (HMAC-SHA256) and is shown to the admin
 * only once, right after creation; an inactive endpoint gets no new events.
 */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull(),
  /** How long a delivery waits for this receiver's answer, in seconds (decision 074). */
  timeoutSeconds: integer("timeout_seconds").notNull().default(15),
});

/**
 * The webhook outbox: one row per (event, endpoint), written with the change it reports and sent
 * later by the delivery worker (app/server/webhooks/outbox.server.ts). `status` is pending | delivered |
 * failed; `nextAttemptAt` is ms since epoch; `body` is the exact JSON text that is signed and sent.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    deliveredAt: text("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId),
    uniqueIndex("webhook_deliveries_event_endpoint_unique").on(t.eventId, t.endpointId),
  ],
);

export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

/**
 * The e-mail outbox (decision 088): one row per message, written in the same transaction as its
 * cause with the job that sends it later (the jobs engine's "email.send", app/features/email/outbox.server.ts),
 * never inside a visitor's request. The job holds when it is tried; the row what is sent and how it went. `status` is pending | sent | failed | held (no SMTP_URL: kept here and shown to admins on
 * the "E-mails" page). `messageId` is the Message-ID header, the same on every attempt, so a
 * receiver (or a test) recognises a repeat after a crash. `leadId` ties a message about a person to
 * their lead: deleting the lead (LGPD) deletes the message, and one still waiting is never sent.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: text("message_id").notNull().unique(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** A one-click unsubscribe address (RFC 8058), or null for staff alerts. */
    unsubscribeUrl: text("unsubscribe_url"),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    /** 0 for staff alerts, 1 for messages to a person: the worker sends the lower first (decision 123). */
    priority: integer("priority").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
  },
  // The worker's head is the first pending message by priority, then id: without this order in the
  // index, every message sent sorted the whole pending backlog (10 % of the CPU under a lead burst).
  (t) => [index("email_outbox_priority_queue_idx").on(t.status, t.priority, t.id), index("email_outbox_lead_idx").on(t.leadId)],
);

/**
 * Sales teams (decision 086): a named set of comercial users that distribution rules point at.
 * `shared_leads`: an admin opened the members' leads to the whole team (decision 138).
 */
export const salesTeams = sqliteTable("sales_teams", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  sharedLeads: integer("shared_leads", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull(),
});

export const salesTeamMembers = sqliteTable(
  "sales_team_members",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => salesTeams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

/**
 * Distribution rules, tried in `position` order: a new lead whose `field` ("polo", "area" or
 * "origem") equals `value` goes to `teamId`'s round robin. The first match wins.
 */
export const distributionRules = sqliteTable("distribution_rules", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  field: text("field").notNull(),
  value: text("value").notNull(),
  teamId: integer("team_id")
    .notNull()
    .references(() => salesTeams.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull(),
});

/** Distribution settings by key (the first-contact target in minutes, the holidays). */
export const distributionSettings = sqliteTable("distribution_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * People who asked for no more e-mail (decision 100), by address (lower-case): the unsubscribe link
 * of every e-mail to a person records it, without signing in; nothing more is queued to the address.
 */
export const emailOptouts = sqliteTable("email_optouts", {
  email: text("email").primaryKey(),
  createdAt: text("created_at").notNull(),
  /** How it was asked: "one-click" (the mail client's RFC 8058 post) or "page" (the confirmation page's button). */
  source: text("source").notNull(),
});

/**
 * The site address this database was last confirmed for (decision 139), one row (id 1). A server
 * started with another SITE_URL, or on a restored backup, holds every outgoing webhook and e-mail
 * (`held_since`, `held_reason`: "address" or "restore", `held_from_url`: the address recorded) until
 * an admin confirms on the staff area's banner.
 */
export const siteIdentity = sqliteTable("site_identity", {
  id: integer("id").primaryKey(),
  siteUrl: text("site_url").notNull(),
  heldSince: text("held_since"),
  heldReason: text("held_reason"),
  heldFromUrl: text("held_from_url"),
  confirmedBy: text("confirmed_by"),
  confirmedAt: text("confirmed_at"),
});

/**
 * A comercial user's request for a colleague's lead (decision 146): she asks, an admin approves (the
 * lead becomes hers, through the owner change) or refuses. `status`: "pending", "approved" or
 * "refused"; one pending request per lead and asker (the partial unique index).
 */
export const leadOwnerRequests = sqliteTable(
  "lead_owner_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    askerId: integer("asker_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    status: text("status").notNull().default("pending"),
    createdAt: text("created_at").notNull(),
    decidedAt: text("decided_at"),
    decidedBy: text("decided_by"),
  },
  (t) => [
    uniqueIndex("lead_owner_requests_pending_unique")
      .on(t.leadId, t.askerId)
      .where(sql`status = 'pending'`),
    index("lead_owner_requests_status_idx").on(t.status),
  ],
);

/**
 * The jobs engine's one table (app/platform/jobs): every piece of work done later, outside a
 * visitor's request (an e-mail, a webhook delivery, the minute's escalation, the daily purge).
 * `status`: pending (waits for `run_at`, ms) | running (claimed by `lease_owner` until
 * `lease_until`, ms: after that another worker takes it again) | done | failed (given up) | held
 * (kept, never tried: an e-mail with no SMTP server). `group_key` bounds how many of a group run at
 * once (one webhook endpoint's deliveries); `dedupe_key` makes an enqueue idempotent (one periodic
 * run per period across processes). `lead_id` ties a job about a person to their lead: erasing the
 * lead erases the job. `result` is the handler's last note (an HTTP status).
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    payload: text("payload").notNull().default("{}"),
    status: text("status").notNull().default("pending"),
    priority: integer("priority").notNull().default(0),
    groupKey: text("group_key"),
    dedupeKey: text("dedupe_key").unique(),
    runAt: integer("run_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    result: text("result"),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (t) => [
    index("jobs_queue_idx").on(t.kind, t.status, t.priority, t.id),
    index("jobs_group_idx").on(t.groupKey, t.status),
    index("jobs_lead_idx").on(t.leadId),
  ],
);

export type Job = typeof jobs.$inferSelect;
