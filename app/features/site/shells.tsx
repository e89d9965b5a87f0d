import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";

import { FormModal, useEmbedded } from "~/features/leads/forms/form-modal";

import { AssistantButton } from "./assistant-button";
import { EmbeddedHeightReporter } from "./embedded-height";
import { PageMain } from "./page-main";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsappFloatingButton } from "./whatsapp-button";

/**
 * The page around the public content. The public layout route (routes/public/layout.tsx) renders it
 * around its pages, the root's error boundary around an error. The staff areas' shell is in
 * area-shell.tsx, a module of its own so that a public page's JavaScript never carries it.
 */

/** The marketing chrome; inside the form modal (?embed=1 on an embeddable route) the page shows without it. */
export function PublicShell({ children }: { children: ReactNode }) {
  const embedded = useEmbedded();
  if (embedded) {
    return (
      <>
        <PageMain toaster={false}>{children}</PageMain>
        <EmbeddedHeightReporter />
      </>
    );
  }
  return (
    <>
      <SiteHeader />
      <PageMain toaster>{children}</PageMain>
      <SiteFooter />
      <FloatingButtons />
      <FormModal />
    </>
  );
}

/**
 * The WhatsApp and assistant buttons. On a phone the server's markup puts them at the end of the
 * page, in the footer's room for them (pb-20), so without JavaScript they cover nothing; once the
 * header island watches them (it is in every page that has them) they float at the screen's corner and hide while an action or a legal text is under them (lib/floating-buttons.ts,
 * decision 144). From 640 px they float as before.
 */
function FloatingButtons() {
  return (
    <div data-floating-buttons className="relative">
      <WhatsappFloatingButton />
      <AssistantButton />
    </div>
  );
}

/**
 * The root's error page, in the public chrome: the admin and WhatsApp layouts catch their own pages'
 * errors (routes/staff/layout.tsx, routes/whatsapp/layout.tsx). When the root's own data failed there is no
 * chrome to draw.
 */
export function ErrorShell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData("root");
  if (!rootData) return <main id="conteudo">{children}</main>;
  return <PublicShell>{children}</PublicShell>;
}
