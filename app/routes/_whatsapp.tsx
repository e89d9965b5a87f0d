import { Outlet } from "react-router";

import { type AreaHandle } from "~/components/layout/area-header";
import { AreaShell } from "~/components/layout/shells";
import { privatePageHeaders } from "~/lib/cache-headers";

/** The WhatsApp operator's tool: its own header, no marketing chrome, nothing cached or indexed. */
export const handle = { layout: "whatsapp" } satisfies AreaHandle;

export const headers = privatePageHeaders;

export default function WhatsappLayout() {
  return (
    <AreaShell area="whatsapp">
      <Outlet />
    </AreaShell>
  );
}
