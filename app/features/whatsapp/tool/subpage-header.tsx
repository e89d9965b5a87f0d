import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { WHATSAPP_PATH } from "~/shared/area-paths";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/** The top of a page of the WhatsApp tool beside the mirroring page ('Respostas', 'Descadastros'): the way back, the title, what the page is for. */
export function SubpageHeader({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <>
      <Link to={WHATSAPP_PATH} className={textLink("inline-flex items-center gap-1 text-sm")}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Voltar ao espelhamento
      </Link>
      <Title id={titleId} size="area" className="mt-4">
        {title}
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{children}</p>
    </>
  );
}
