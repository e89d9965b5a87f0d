/**
 * Staff roles and what each may do (LGPD: need to know). Client-safe: the header and pages read it
 * to hide what a role cannot use, but the decision is always the server's (`requirePermission` in
 * app/server/auth.server.ts, called first in every staff loader and action).
 *
 * - admin: everything, and manages users and webhooks;
 * - comercial: leads (view, follow up, contact, export, hand-off to WhatsApp);
 * - marketing: the content studio and the dashboard's totals, never a person's data.
 */
export const ROLES = {
  admin: "Administrador",
  comercial: "Comercial",
  marketing: "Marketing",
} as const;

export type Role = keyof typeof ROLES;

export const ROLE_KEYS = Object.keys(ROLES) as Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && Object.hasOwn(ROLES, value);
}

/** What a permission opens, and which roles hold it. */
export const PERMISSIONS = {
  /** The leads panel's totals and charts (no name, e-mail or phone). */
  dashboard: ["admin", "comercial", "marketing"],
  /** A person's data: the leads list, lead page, CSV, follow-up, contact and hand-off. */
  leads: ["admin", "comercial"],
  /** LGPD requests about one person: export all of their data, erase them. */
  lgpd: ["admin"],
  /** The content studio (/admin/conteudo). */
  content: ["admin", "marketing"],
  /** Webhooks to the CRM (/admin/webhooks). */
  webhooks: ["admin"],
  /** Users and roles (/admin/usuarios). */
  users: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
