import { ContactCtas } from "~/features/campaign/contact-ctas";
import type { FaqItemContent } from "~/features/home/content";
import { FaqSection } from "~/features/home/faq-section";
import { useSite } from "~/features/site/use-site";

import { DeferredSection } from "./deferred";

/** The home's FAQ (#faq): the shared accordion, then the consultant button and the phone. */
export function HomeFaq({
  items,
  deferred = false,
}: {
  items: ReadonlyArray<{ id: string } & FaqItemContent>;
  /** The landing document's placeholder (decision 104). */
  deferred?: boolean;
}) {
  const site = useSite();
  const title = "Perguntas frequentes";
  if (deferred)
    return (
      <DeferredSection
        id="faq"
        headingId="faq-titulo"
        title={title}
        className="below-fold scroll-mt-28 bg-slate-50 py-10 sm:py-16"
      >
        Ver as perguntas frequentes
      </DeferredSection>
    );
  return (
    <FaqSection id="faq" headingId="faq-titulo" title={title} name="faq" items={items} className="below-fold scroll-mt-28">
      <div className="mt-6 flex flex-col items-center gap-3 text-center sm:mt-8">
        <p className="text-slate-700">Ainda tem dúvidas? Nossa equipe ajuda você.</p>
        <ContactCtas
          type="contact"
          newTab
          variant="primary"
          phoneVariant="secondary"
          size="xl"
          className="flex flex-wrap justify-center gap-3"
        >
          Fale com um consultor
        </ContactCtas>
        <p className="text-sm text-slate-500">{site.phoneHours}</p>
      </div>
    </FaqSection>
  );
}
