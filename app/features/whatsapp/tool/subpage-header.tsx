import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { WHATSAPP_PATH } from "~/features/whatsapp/paths";
import { textLink } from "~/ui/text-link";

/** The top of a page of the WhatsApp tool beside the mirroring page ('Respostas', 'Descadastros'): the way back, the title, what the page is for. */
export function SubpageHeader({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <>
      <Link to={WHATSAPP_PATH} className={textLink("inline-flex items-center gap-1 text-sm")}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Voltar ao espelhamento
      </Link>
      <h1 id={titleId} className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{children}</p>
    </>
  );
}
