import type { ReactNode } from "react";
import { useMatches } from "react-router";

import { AreaHeader, signedInPerson, type StaffArea } from "./area-header";
import { ErrorPage } from "./error-page";
import { PageMain } from "./page-main";

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

/** An error in a staff area's page, kept in that area's chrome (its navigation, who is signed in, 'Sair'). */
export function AreaErrorPage({ area, error }: { area: StaffArea; error: unknown }) {
  return (
    <AreaShell area={area}>
      <ErrorPage error={error} />
    </AreaShell>
  );
}
