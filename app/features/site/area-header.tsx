import { LogOut } from "lucide-react";
import { Form, Link } from "react-router";

import type { StaffLink } from "~/features/staff/roles";
import { LOGOUT_INTENT } from "~/features/whatsapp/paths";
import { WHATSAPP_PATH } from "~/shared/area-paths";
import { SubmitButton, useIsPending } from "~/ui/forms";

import { useSite } from "./use-site";

/**
 * The staff areas (admin panel, WhatsApp tool) have a layout of their own instead of the marketing
 * one: no campaign bar, no 'Inscreva-se', no assistant button, no marketing footer. Their pages sit
 * under the layout routes routes/staff/layout.tsx and routes/whatsapp/layout.tsx (app/routes.ts), which also
 * catch their pages' errors, so an error page keeps the area's header.
 */
export type StaffArea = "admin" | "whatsapp";

/**
 * Who is signed in: a name to show, in the admin area the role's label, and the area's links this
 * person can use (worked out by the admin layout's loader from the role: app/features/staff/roles.ts).
 */
export type SignedIn = { name: string; roleLabel: string | null; links: StaffLink[]; staff?: boolean };

const AREA_TITLE: Record<StaffArea, string> = { admin: "Painel Administrativo", whatsapp: "Ferramenta de WhatsApp" };
const WHATSAPP_LINKS: StaffLink[] = [{ to: WHATSAPP_PATH, label: "Espelhamento" }];
/** Once past the gate: the replies inbox and the opt-outs too (decision 071). */
const WHATSAPP_SIGNED_IN_LINKS: StaffLink[] = [
  ...WHATSAPP_LINKS,
  { to: `${WHATSAPP_PATH}/respostas`, label: "Respostas" },
  { to: `${WHATSAPP_PATH}/descadastros`, label: "Descadastros" },
];
/** A staff user in the WhatsApp tool (decision 069) also gets back to the panel. */
const WHATSAPP_STAFF_LINKS: StaffLink[] = [...WHATSAPP_SIGNED_IN_LINKS, { to: "/contato", label: "Painel" }];

/**
 * The admin area's links and who is signed in, from a route's data: the admin layout's loader
 * carries them (`staff`: e-mail and role label; `links`), the WhatsApp tool's mirroring view and its
 * other pages name who they opened as (`viewer`: a staff user, or an operator session and its
 * password's name).
 * Null when the data does not say (no layout data, the WhatsApp gate).
 */
export function areaData(area: StaffArea, data: unknown): { person: SignedIn | null; links: StaffLink[] } | null {
  const value = (data ?? {}) as {
    staff?: { email?: unknown; roleLabel?: unknown } | null;
    links?: unknown;
    view?: unknown;
    viewer?: { name?: unknown; roleLabel?: unknown; staff?: unknown };
  };
  if (area === "admin") {
    if (!Array.isArray(value.links)) return null;
    const links = value.links as StaffLink[];
    const staff = value.staff;
    const person =
      staff && typeof staff.email === "string"
        ? { name: staff.email, roleLabel: typeof staff.roleLabel === "string" ? staff.roleLabel : null, links }
        : null;
    return { person, links };
  }
  // the mirroring view, or another page of the tool that names who it opened as (the gate does not)
  if (value.view !== "mirror" && (typeof value.viewer !== "object" || value.viewer === null)) return null;
  const viewer = value.viewer ?? {};
  const staff = viewer.staff === true;
  const links = staff ? WHATSAPP_STAFF_LINKS : WHATSAPP_SIGNED_IN_LINKS;
  const name = typeof viewer.name === "string" && viewer.name ? viewer.name : "Operador";
  const roleLabel = typeof viewer.roleLabel === "string" ? viewer.roleLabel : null;
  return { person: { name, roleLabel, links, staff }, links };
}

/** The area's links when no route's data says (the WhatsApp gate: the tool's own page). */
export function defaultAreaLinks(area: StaffArea): StaffLink[] {
  return area === "whatsapp" ? WHATSAPP_LINKS : [];
}

export function AreaHeader({ area, person, links }: { area: StaffArea; person: SignedIn | null; links: StaffLink[] }) {
  const site = useSite();
  const title = AREA_TITLE[area];
  return (
    <header className="bg-brand-800 text-white [&_:focus-visible]:outline-white" data-testid="area-header">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="min-w-0 text-sm leading-tight">
          <span className="block font-bold">{site.brandName}</span>
          <span className="block text-white/80">{title}</span>
        </p>
        <nav aria-label={title} className="flex-1">
          <ul className="flex flex-wrap gap-1 text-sm font-medium">
            {links.map((link) => (
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
            {person.roleLabel ? (
              <span data-testid="signed-in-role" className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold">
                <span className="sr-only">Perfil: </span>
                {person.roleLabel}
              </span>
            ) : null}
            <SignOut area={area === "whatsapp" && person.staff ? "admin" : area} />
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** 'Sair': the admin's POST /contato/sair (also a staff user in the WhatsApp tool), or the operator's logout post to /whatsapp. */
function SignOut({ area }: { area: StaffArea }) {
  const pending = useIsPending(
    area === "admin" ? { formAction: "/contato/sair" } : { formAction: WHATSAPP_PATH, intent: LOGOUT_INTENT },
  );
  const button = (
    <SubmitButton pending={pending} pendingText="Saindo..." variant="inverse" size="sm">
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
