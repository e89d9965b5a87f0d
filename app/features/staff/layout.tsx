import { AreaErrorPage, AreaLayout } from "~/features/site/area-shell";
import { OutgoingHoldBanner } from "~/features/site/outgoing-hold-banner";
import { getAdmin } from "~/features/staff/auth.server";
import { can, ROLES, staffLinksFor } from "~/features/staff/roles";
import { config } from "~/platform/config.server";
import { outgoingHold } from "~/platform/site-identity.server";
import { privatePageHeaders } from "~/shared/cache-headers";
import { skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/layout";

/** The admin panel (login, leads): its own header, no marketing chrome, nothing cached or indexed. */
export const headers = privatePageHeaders;

/**
 * Who is signed in (e-mail and role label, the role read from the database on every request) and
 * the header's links for that role, also on an error page (a 403 keeps the header and what the
 * role can use). No one signed in on the login page. Never a lead's data: each page's own loader
 * guards that.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await getAdmin(request);
  const links = staffLinksFor(admin?.role ?? null);
  // The WhatsApp access passwords' page has a secret address: only the roles that manage them
  // (admin, "users") see it in the header (decision 069).
  if (admin && can(admin.role, "users")) {
    links.push({ to: `/whatsapp/${encodeURIComponent(config.whatsappAdminSlug)}`, label: "Senhas do WhatsApp" });
  }
  // A copied database holds its webhooks and e-mails; the admins, who may release them, are told (decision 139).
  const hold = admin && can(admin.role, "emails") ? outgoingHold() : null;
  return {
    staff: admin ? { email: admin.email, roleLabel: ROLES[admin.role] } : null,
    links,
    outgoingHold: hold ? { reason: hold.reason, fromUrl: hold.fromUrl, siteUrl: hold.siteUrl } : null,
  };
}

/** As the root: after a post that lost the connection nothing changed, and asking again would fail too. */
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const hold = loaderData.outgoingHold;
  return <AreaLayout area="admin" notice={hold ? <OutgoingHoldBanner hold={hold} /> : null} />;
}

/** An error in one of its pages keeps this area's header (app/features/site/area-shell.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaErrorPage area="admin" error={error} />;
}
