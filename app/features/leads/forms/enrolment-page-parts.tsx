import { CheckCircle2 } from "lucide-react";

import { telHref, useSite } from "~/features/site/use-site";
import { formatNumber } from "~/shared/format";
import { buttonClass } from "~/ui/button";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/**
 * The parts of /inscricao around its form (routes/public/enrolment.tsx): the intro beside the form and
 * the thank-you that replaces it once sent.
 */

/** The intro's claims are the site's (site.claims): the selected courses' scholarship, the catalogue and the polos. */
export function EnrolmentIntro({ title, intro }: { title: string; intro: string }) {
  const site = useSite();
  const { selectedBolsa, courses, polos } = site.claims;
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Inscrição</p>
      <Title size="banner" className="mt-2">
        {title}
      </Title>
      <p className="mt-4 text-lg text-slate-600">{intro.replaceAll("{selectedBolsa}", selectedBolsa)}</p>
      <ul className="mt-6 space-y-3 text-slate-700">
        {[
          `Bolsas de até ${selectedBolsa} em cursos selecionados`,
          // No MEC grade here: a grade is a claim only a stored evaluation may back (decision 081).
          `Mais de ${courses} cursos e mais de ${formatNumber(polos)} polos`,
          "Um consultor responde todas as suas dúvidas",
        ].map((item) => (
          <li key={item} className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">
        Prefere ligar?{" "}
        <a href={telHref(site.phone)} className={textLink()}>
          {site.phone}
        </a>{" "}
        <span className="text-sm text-slate-600">({site.phoneHours})</span>
      </p>
    </div>
  );
}

const THANKS: Record<string, string> = {
  inscricao: "Inscrição recebida!",
  contato: "Recebemos seu contato!",
  bolsa: "Solicitação de bolsa recebida!",
  america_mg: "Inscrição recebida!",
};

export function EnrolmentThanks({ embedded, origin }: { embedded: boolean; origin: string }) {
  const site = useSite();
  const target = embedded ? "_top" : undefined;
  return (
    <div role="status" className="py-6 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-600" />
      <Title size="card" className="mt-4">
        {THANKS[origin] ?? THANKS.inscricao}
      </Title>
      <p className="mt-3 text-slate-600">
        Obrigado! Um consultor vai entrar em contato em breve pelo telefone ou e-mail que você informou.
      </p>
      <p className="mt-3 text-slate-600">
        Se preferir, ligue agora:{" "}
        <a href={telHref(site.phone)} className={textLink()}>
          {site.phone}
        </a>
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href="/teste-vocacional" target={target} className={buttonClass({ variant: "primary", size: "xl" })}>
          Fazer o teste vocacional
        </a>
        {embedded ? null : (
          <a href="/" className={buttonClass({ variant: "secondary", size: "xl" })}>
            Voltar para o início
          </a>
        )}
      </div>
    </div>
  );
}
