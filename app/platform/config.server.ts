import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { helperPageUrl } from "~/shared/helper-url";

// Shared with server.js (plain JavaScript), so both read numbers such as PORT the same way.
import { positiveIntEnv } from "../../server/env.js";
import { databasePathFromEnvironment, SECRET_FILES } from "./data-dir.server";

/**
 * Every setting of the site, read once from the environment. Defaults are neutral placeholders
 * that let the site run with no configuration at all; `.env.example` and docs/guides/operations.md document them.
 */

function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value.trim() === "" ? fallback : value.trim();
}

function optionalEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/** Reads a secret from the environment, or from a file beside the database, creating it once. */
function persistentSecret(envName: string, fileName: string, dataDir: string): string {
  const given = optionalEnv(envName);
  if (given) return given;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

const isProduction = process.env.NODE_ENV === "production";
const databasePath = databasePathFromEnvironment();
const dataDir = path.dirname(databasePath);
const siteUrl = env("SITE_URL", `http://localhost:${env("PORT", "3000")}`).replace(/\/+$/, "");

export const config = {
  isProduction,
  port: positiveIntEnv("PORT", 3000),
  siteUrl,

  // Brand and institution: only what an empty database is seeded with (the content studio edits them).
  brandName: env("BRAND_NAME", "Universidade Exemplo"),
  productName: env("PRODUCT_NAME", "Universidade"),
  groupName: env("GROUP_NAME", "Grupo Educacional Exemplo"),
  companyName: env("COMPANY_NAME", "Empresa Educacional Exemplo Ltda."),
  taxId: env("TAX_ID", ""),
  addressLines: env("ADDRESS_LINES", "Rua Exemplo, 100 - Centro|Belo Horizonte - MG, 30000-000").split("|"),
  phone: env("PHONE", "0800 000 0000"),
  phoneHours: env("PHONE_HOURS", "Segunda a sexta, das 8h às 21h"),
  contactEmail: env("CONTACT_EMAIL", "contato@example.com"),
  privacyEmail: env("PRIVACY_EMAIL", "privacidade@example.com"),
  socialLinks: {
    instagram: env("SOCIAL_INSTAGRAM", ""),
    facebook: env("SOCIAL_FACEBOOK", ""),
    youtube: env("SOCIAL_YOUTUBE", ""),
    linkedin: env("SOCIAL_LINKEDIN", ""),
  },

  // External services. Empty means: use the site's own page instead.
  enrolmentFormUrl: optionalEnv("ENROLMENT_FORM_URL"),
  consultantFormUrl: optionalEnv("CONSULTANT_FORM_URL"),
  clubFormUrl: optionalEnv("CLUB_FORM_URL"),
  cvFormUrl: optionalEnv("CV_FORM_URL"),
  assistantUrl: optionalEnv("ASSISTANT_URL"),
  mapsSearchUrl: env("MAPS_SEARCH_URL", "https://www.google.com/maps/search/"),

  /** `off` stops the minute timer that escalates leads waiting past twice the target (decision 087). */
  leadEscalation: env("LEAD_ESCALATION", "on").toLowerCase() !== "off",

  // Dates.
  campaignEndDate: optionalEnv("CAMPAIGN_END_DATE"),
  /** Seed only: the home countdown's date on an empty database (decision 038). */
  homeCountdownTarget: optionalEnv("HOME_COUNTDOWN_TARGET"),

  // Storage and secrets.
  databasePath,
  dataDir,
  sessionSecret: persistentSecret("SESSION_SECRET", SECRET_FILES.SESSION_SECRET, dataDir),
  adminEmail: env("ADMIN_EMAIL", "admin@example.com"),
  adminPassword: optionalEnv("ADMIN_PASSWORD"),
  whatsappMasterPassword: optionalEnv("WHATSAPP_MASTER_PASSWORD"),
  whatsappAdminSlug: env("WHATSAPP_ADMIN_SLUG", "gerenciar-senhas"),
  // A "localhost" name is read as 127.0.0.1: the page never lets the browser pick a loopback.
  helperUrl: helperPageUrl(env("HELPER_URL", "http://127.0.0.1:3001")),

  // LGPD: leads (and WhatsApp send-log rows) older than this many days are purged by the server
  // (at start-up, then daily) and by `npm run purge-leads`.
  leadRetentionDays: positiveIntEnv("LEAD_RETENTION_DAYS", 730),
  // Rate limits: lead-form posts per IP per minute; wrong passwords per IP (and admin e-mail) per 15 minutes.
  rateLimitPublicForms: positiveIntEnv("RATE_LIMIT_PUBLIC_FORMS", 30),
  rateLimitLogin: positiveIntEnv("RATE_LIMIT_LOGIN", 5),

  // Webhooks never go to internal addresses (loopback, private, link-local…) unless the host is
  // named here: comma-separated host names or IP addresses (decision 073).
  webhookAllowHosts: optionalEnv("WEBHOOK_ALLOW_HOSTS"),
} as const;

/** Hosts the Content-Security-Policy must allow to be framed or to receive form posts. */
export function externalOrigins(): string[] {
  const urls = [config.enrolmentFormUrl, config.consultantFormUrl, config.clubFormUrl, config.cvFormUrl, config.assistantUrl];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // An invalid URL is ignored here; the page falls back to the site's own form.
    }
  }
  return [...origins];
}

/**
 * The settings pages may show (form addresses, the assistant). Never put a secret here. The
 * institution's identity is content (app/features/institution/institution.server.ts): the identity
 * variables above only seed an empty database.
 */
export function publicConfig() {
  return {
    siteUrl: config.siteUrl,
    enrolmentFormUrl: config.enrolmentFormUrl ?? "/inscricao",
    consultantFormUrl: config.consultantFormUrl ?? "/inscricao?tipo=contato",
    assistantUrl: config.assistantUrl ?? null,
    mapsSearchUrl: config.mapsSearchUrl,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
