import { Outlet } from "react-router";

import { PublicShell } from "~/features/site/shells";
import { publicPageHeaders } from "~/shared/cache-headers";

/**
 * The public marketing pages: site header, footer, assistant button and form modal. Their answers
 * may be kept briefly by a shared cache unless the page says otherwise (its own `headers` wins).
 */
export const headers = publicPageHeaders;

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
