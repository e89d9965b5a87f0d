import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";

import type { ToastMessage } from "~/shared/toast";
import { Toaster } from "~/ui/toaster";

function useServerToast(): ToastMessage | null {
  const data = useRouteLoaderData("root") as { toast: ToastMessage | null } | undefined;
  return data?.toast ?? null;
}

/** The content landmark. The toaster comes first in it: without JavaScript a server toast sits there, in the flow, over no control. */
export function PageMain({ children, toaster }: { children: ReactNode; toaster: boolean }) {
  const serverToast = useServerToast();
  return (
    <main id="conteudo">
      {toaster ? <Toaster serverToast={serverToast} /> : null}
      {children}
    </main>
  );
}
