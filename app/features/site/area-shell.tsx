import type { ReactNode } from "react";
import { isRouteErrorResponse, Outlet, useMatches } from "react-router";

import type { StaffLink } from "~/features/staff/roles";
import { ButtonLink } from "~/ui/button";
import { Title } from "~/ui/title";

import { areaData, AreaHeader, defaultAreaLinks, type SignedIn, type StaffArea } from "./area-header";
import { ErrorPage } from "./error-page";
import { PageMain } from "./page-main";

/** Who is signed in and the area's links, from the deepest route whose data says so (the admin layout, or the WhatsApp page). */
function useSignedIn(area: StaffArea): { person: SignedIn | null; links: StaffLink[] } {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const found = areaData(area, match.data);
    if (found) return found;
  }
  return { person: null, links: defaultAreaLinks(area) };
}

/**
 * The admin panel and the WhatsApp tool: their own header and none of the marketing widgets.
 * `notice`: a banner of the area above every page (the held outgoing messages, decision 139).
 */
export function AreaShell({ area, notice, children }: { area: StaffArea; notice?: ReactNode; children: ReactNode }) {
  const { person, links } = useSignedIn(area);
  return (
    <>
      <AreaHeader area={area} person={person} links={links} />
      <PageMain toaster>
        {notice}
        {children}
      </PageMain>
    </>
  );
}

/** A staff area's layout route: its pages inside the area's shell. */
export function AreaLayout({ area, notice }: { area: StaffArea; notice?: ReactNode }) {
  return (
    <AreaShell area={area} notice={notice}>
      <Outlet />
    </AreaShell>
  );
}

/**
 * An error in a staff area's page, kept in that area's chrome (its navigation, who is signed in,
 * 'Sair'). A 403 (a signed-in role without the page's permission) says so in pt-BR and links to
 * what the role can use.
 */
export function AreaErrorPage({ area, error }: { area: StaffArea; error: unknown }) {
  const { person } = useSignedIn(area);
  const forbidden = isRouteErrorResponse(error) && error.status === 403 && person !== null;
  return (
    <AreaShell area={area}>{forbidden ? <Forbidden error={error} person={person} /> : <ErrorPage error={error} />}</AreaShell>
  );
}

function Forbidden({ error, person }: { error: unknown; person: SignedIn }) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Seu perfil não tem acesso a esta página.";
  const links = person.links;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="forbidden">
      <title>Acesso não permitido</title>
      <p className="text-sm font-semibold text-brand-600">Erro 403</p>
      <Title size="page" className="mt-2">
        Acesso não permitido
      </Title>
      <p className="mt-4 text-slate-600">{message}</p>
      {links.length > 0 ? (
        <>
          <p className="mt-6 text-slate-700">Você pode usar:</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-3">
            {links.map((link) => (
              <li key={link.to}>
                <ButtonLink to={link.to} variant="primary" size="xl">
                  {link.label}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
