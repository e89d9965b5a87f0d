/**
 * Staff roles and what each may do (LGPD: need to know). The decision is always the server's
 * (`requirePermission` in app/features/staff/auth.server.ts, called first in every staff loader and action);
 * the header's links and role label are worked out here by the admin layout's loader, so the
 * browser's bundle does not carry this table (public pages share chunks with the staff ones).
 *
 * - admin: everything, and manages users and webhooks;
 * - comercial: leads (view, follow up, contact, export, hand-off to WhatsApp) and the WhatsApp tool; only
 *   her own leads and those nobody owns (app/features/leads/walls.server.ts, decision 138);
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
  /** The e-mail outbox: what was sent, is waiting or is kept without SMTP (/admin/e-mails, decision 088). */
  emails: ["admin"],
  /** The jobs engine: what waits, runs, was done or failed in the background (/admin/tarefas). */
  jobs: ["admin"],
  /**
   * "Resultados": leads and enrolments per campaign, form, polo, area (no personal data; a comercial
   * user's report counts only their own leads; /admin/resultados, decision 089).
   */
  results: ["admin", "comercial", "marketing"],
  /** Lead distribution: teams, rules, availability, the first-contact target (/admin/distribuicao, decision 086). */
  distribution: ["admin"],
  /** Users and roles (/admin/usuarios); also the WhatsApp access passwords (/whatsapp/<slug>). */
  users: ["admin"],
  /**
   * The WhatsApp tool (/whatsapp) as oneself, without the shared access password (decision 069): the
   * mirroring page, 'Registro de Envios', the start scripts; each send logged under the user.
   */
  whatsapp: ["admin", "comercial"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * The permission a staff address asks for, by path prefix (the guards' rule, for choosing where to
 * land after login and which header links to show): /contato itself "dashboard"; a lead's data
 * export and erasure "lgpd"; anything else under /contato "leads" (except 'Sair', open to every
 * signed-in role); /admin/conteudo "content", /admin/webhooks "webhooks", /admin/usuarios "users",
 * /admin/e-mails "emails", /admin/tarefas "jobs", /admin/distribuicao "distribution", /admin/resultados (and its .csv) "results".
 * Null for any other path.
 */
export function permissionForPath(pathname: string): Permission | null {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (path === "contato") return "dashboard";
  if (path === "contato/sair") return null;
  if (/^contato\/lead\/[^/]+\/(dados\.json|excluir)$/.test(path)) return "lgpd";
  if (under("contato")) return "leads";
  if (under("admin/conteudo")) return "content";
  if (under("admin/webhooks")) return "webhooks";
  if (under("admin/usuarios")) return "users";
  if (under("admin/e-mails")) return "emails";
  if (under("admin/tarefas")) return "jobs";
  if (under("admin/distribuicao")) return "distribution";
  if (under("admin/resultados") || path === "admin/resultados.csv") return "results";
  return null;
}

/** Whether the role may open this path (a path no permission guards: yes). */
export function canOpen(role: Role, pathname: string): boolean {
  const permission = permissionForPath(pathname);
  return permission === null || can(role, permission);
}

/** A link of the admin area's header and the permission that opens its page. */
export type StaffLink = { to: string; label: string };

const STAFF_LINKS: (StaffLink & { permission: Permission })[] = [
  { to: "/contato", label: "Leads", permission: "dashboard" },
  { to: "/admin/resultados", label: "Resultados", permission: "results" },
  { to: "/admin/conteudo", label: "Conteúdo", permission: "content" },
  { to: "/admin/webhooks", label: "Webhooks", permission: "webhooks" },
  { to: "/admin/distribuicao", label: "Distribuição", permission: "distribution" },
  { to: "/admin/e-mails", label: "E-mails", permission: "emails" },
  { to: "/admin/tarefas", label: "Tarefas", permission: "jobs" },
  { to: "/admin/usuarios", label: "Usuários", permission: "users" },
  { to: "/whatsapp", label: "WhatsApp", permission: "whatsapp" },
];

/**
 * The header's links for this role: those whose permission it holds. Signed out (the login page),
 * none: a visitor is shown no page of the staff area, not even one every role opens ("Resultados"
 * once slipped in that way).
 */
export function staffLinksFor(role: Role | null): StaffLink[] {
  if (!role) return [];
  return STAFF_LINKS.filter(({ permission }) => can(role, permission)).map(({ to, label }) => ({ to, label }));
}
