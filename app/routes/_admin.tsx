import { Outlet } from "react-router";

import { type AreaHandle } from "~/components/layout/area-header";
import { AreaShell } from "~/components/layout/shells";
import { privatePageHeaders } from "~/lib/cache-headers";

/** The admin panel (login, leads): its own header, no marketing chrome, nothing cached or indexed. */
export const handle = { layout: "admin" } satisfies AreaHandle;

export const headers = privatePageHeaders;

export default function AdminLayout() {
  return (
    <AreaShell area="admin">
      <Outlet />
    </AreaShell>
  );
}
