import { LogOut } from "lucide-react";
import { Form, Link } from "react-router";

import { SubmitButton, useIsPending } from "~/components/forms";
import { can, isRole, type Permission, type Role, ROLES } from "~/lib/roles";
import { LOGOUT_INTENT, WHATSAPP_PATH } from "~/lib/whatsapp-paths";

import { useSite } from "./use-site";

/**
 * The staff areas (admin panel, WhatsApp tool) have a layout of their own instead of the marketing
 * one: no campaign bar, no 'Inscreva-se', no assistant button, no marketing footer. Their pages sit
 * under the layout routes routes/_admin.tsx and routes/_whatsapp.tsx (app/routes.ts), which also
 * catch their pages' errors, so an error page keeps the area's header.
 */
export type StaffArea = "admin" | "whatsapp";

/** Who is signed in: a name to show and, in the admin area, the role (its links and its label). */
export type SignedIn = { name: string; role: Role | null };

/**
 * Who is signed in, from a route's data: the admin layout's loader carries the staff user (`staff`:
 * e-mail and role, routes/_admin.tsx), the WhatsApp tool's mirroring view means an operator
 * session. Null on the login page, the gate and the password management page (a master password
 * per request, no session).
 */
export function signedInPerson(area: StaffArea, data: unknown): SignedIn | null {
  const value = (data ?? {}) as { staff?: { email?: unknown; role?: unknown } | null; view?: unknown };
  if (area === "admin") {
    const staff = value.staff;
    return staff && typeof staff.email === "string" ? { name: staff.email, role: isRole(staff.role) ? staff.role : null } : null;
  }
  return value.view === "mirror" ? { name: "Operador", role: null } : null;
}

type NavLink = { to: string; label: string; permission?: Permission };

const AREA_NAV: Record<StaffArea, { title: string; links: NavLink[] }> = {
  admin: {
    title: "Painel Administrativo",
    links: [
      { to: "/contato", label: "Leads", permission: "dashboard" },
      { to: "/admin/conteudo", label: "Conteúdo", permission: "content" },
      { to: "/admin/webhooks", label: "Webhooks", permission: "webhooks" },
      { to: "/admin/usuarios", label: "Usuários", permission: "users" },
    ],
  },
  whatsapp: { title: "Ferramenta de WhatsApp", links: [{ to: WHATSAPP_PATH, label: "Espelhamento" }] },
};

/**
 * The area's links this person can use: in the admin area, those whose permission the role holds;
 * signed out (the login page), only the links every role opens (the panel, which asks to log in).
 */
export function areaLinks(area: StaffArea, person: SignedIn | null): NavLink[] {
  return AREA_NAV[area].links.filter(({ permission }) => {
    if (!permission) return true;
    if (person?.role) return can(person.role, permission);
    return Object.keys(ROLES).every((role) => can(role as Role, permission));
  });
}

export function AreaHeader({ area, person }: { area: StaffArea; person: SignedIn | null }) {
  const site = useSite();
  const nav = AREA_NAV[area];
  return (
    <header className="bg-brand-800 text-white [&_:focus-visible]:outline-white" data-testid="area-header">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="min-w-0 text-sm leading-tight">
          <span className="block font-bold">{site.brandName}</span>
          <span className="block text-white/80">{nav.title}</span>
        </p>
        <nav aria-label={nav.title} className="flex-1">
          <ul className="flex flex-wrap gap-1 text-sm font-medium">
            {areaLinks(area, person).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block rounded px-3 py-2 hover:bg-white/10">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/" className="inline-block rounded px-3 py-2 text-white/85 hover:bg-white/10">
                Ver o site
              </Link>
            </li>
          </ul>
        </nav>
        {person ? (
          <div className="flex items-center gap-3 text-sm">
            <span data-testid="signed-in-person" className="max-w-[14rem] truncate" title={person.name}>
              <span className="sr-only">Conectado como </span>
              {person.name}
            </span>
            {person.role ? (
              <span data-testid="signed-in-role" className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold">
                <span className="sr-only">Perfil: </span>
                {ROLES[person.role]}
              </span>
            ) : null}
            <SignOut area={area} />
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** 'Sair': the admin's POST /contato/sair, or the operator's logout post to /whatsapp. */
function SignOut({ area }: { area: StaffArea }) {
  const pending = useIsPending(
    area === "admin" ? { formAction: "/contato/sair" } : { formAction: WHATSAPP_PATH, intent: LOGOUT_INTENT },
  );
  const button = (
    <SubmitButton
      pending={pending}
      pendingText="Saindo..."
      spinnerClassName="size-4"
      className="inline-flex items-center gap-2 rounded-md border border-white/40 px-3 py-1.5 font-semibold hover:bg-white/10 disabled:opacity-70"
    >
      <LogOut aria-hidden="true" className="size-4" /> Sair
    </SubmitButton>
  );
  if (area === "admin") {
    return (
      <Form method="post" action="/contato/sair">
        {button}
      </Form>
    );
  }
  // Only the operator's session ends: WhatsApp stays linked in the local helper ('Desconectar' on the page unlinks it).
  return (
    <Form method="post" action={WHATSAPP_PATH} data-operator-logout>
      <input type="hidden" name="intent" value={LOGOUT_INTENT} />
      {button}
    </Form>
  );
}
