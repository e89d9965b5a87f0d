/** Configuration the e2e server runs with; tests read the same values. */
export const E2E_ENV = {
  SESSION_SECRET: "e2e-session-secret",
  HELPER_SECRET: "e2e-helper-secret",
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "senha-de-teste-123",
  WHATSAPP_MASTER_PASSWORD: "mestra-de-teste-123",
  WHATSAPP_ADMIN_SLUG: "gerenciar-senhas",
  // E2E runs post many forms from one IP; rate limits themselves are proved by integration tests.
  RATE_LIMIT_PUBLIC_FORMS: "100000",
  RATE_LIMIT_LOGIN: "100000",
  // A CNPJ with valid check digits (the seed leaves an invalid one out): the legal texts show it.
  TAX_ID: "11.222.333/0001-81",
  // The webhook tests' receivers listen on 127.0.0.1, which the site refuses unless allowed (decision 073).
  WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  // A long run on a busy machine reaches twice the first-contact target in real minutes: the timer would
  // then write notes and e-mails in the middle of specs that compare the database. Escalation is proved
  // with a pinned clock by tests/integration (escalateWaitingLeads).
  LEAD_ESCALATION: "off",
} as const;
