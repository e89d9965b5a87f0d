import { AreaErrorPage, AreaLayout } from "~/features/site/area-shell";
import { privatePageHeaders } from "~/shared/cache-headers";

import type { Route } from "./+types/layout";

/** The WhatsApp operator's tool: its own header, no marketing chrome, nothing cached or indexed. */
export const headers = privatePageHeaders;

export default function WhatsappLayout() {
  return <AreaLayout area="whatsapp" />;
}

/** An error in one of its pages keeps this area's header (app/features/site/area-shell.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaErrorPage area="whatsapp" error={error} />;
}
