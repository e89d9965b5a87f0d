import type { ReactNode } from "react";
import { useMatches, useRouteLoaderData } from "react-router";

import type { ToastMessage } from "~/lib/toast";

import { FormModal, useEmbedded } from "../ui/form-modal";
import { Toaster } from "../ui/toaster";
import { AreaHeader, signedInPerson, type StaffArea, useStaffArea } from "./area-header";
import { AssistantButton } from "./assistant-button";
import { EmbeddedHeightReporter } from "./embedded-height";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsappFloatingButton } from "./whatsapp-button";

/**
 * The page around the content for each audience. The layout routes (routes/_public.tsx,
 * routes/_admin.tsx, routes/_whatsapp.tsx) render them around their pages; the root's error
 * boundary renders the one of the layout the failed page belongs to, so an error keeps its area's
 * navigation.
 */

function useServerToast(): ToastMessage | null {
  const data = useRouteLoaderData("root") as { toast: ToastMessage | null } | undefined;
  return data?.toast ?? null;
}

/** The content landmark. The toaster comes first in it: without JavaScript a server toast sits there, in the flow, over no control. */
function PageMain({ children, toaster }: { children: ReactNode; toaster: boolean }) {
  const serverToast = useServerToast();
  return (
    <main id="conteudo">
      {toaster ? <Toaster serverToast={serverToast} /> : null}
      {children}
    </main>
  );
}

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
      <WhatsappFloatingButton />
      <AssistantButton />
      <FormModal />
    </>
  );
}

/** The admin panel and the WhatsApp tool: their own header and none of the marketing widgets. */
export function AreaShell({ area, children }: { area: StaffArea; children: ReactNode }) {
  const matches = useMatches();
  // The deepest page that says who is signed in (a studio page, or the studio layout above it).
  const person = [...matches].reverse().reduce<string | null>((found, match) => found ?? signedInPerson(area, match.data), null);
  return (
    <>
      <AreaHeader area={area} person={person} />
      <PageMain toaster>{children}</PageMain>
    </>
  );
}

/**
 * An error page, in the chrome of the layout the failed page sits under (each layout route's
 * `handle.layout` names its area). When the root's own data failed there is no chrome to draw.
 */
export function ErrorShell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData("root");
  const staff = useStaffArea();
  if (!rootData) return <main id="conteudo">{children}</main>;
  if (staff) return <AreaShell area={staff}>{children}</AreaShell>;
  return <PublicShell>{children}</PublicShell>;
}
