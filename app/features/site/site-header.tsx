import { ChevronDown, Menu, X, Zap } from "lucide-react";
import { Link } from "react-router";

import { claimText } from "~/features/campaign/claims";
import { MENU_BUTTON_LABEL } from "~/features/site/site-header-links";
import { endSentence } from "~/shared/text";
import { buttonClass } from "~/ui/button";
import { useIsland } from "~/ui/use-island";

import { mount } from "./header.island";
import { Logo } from "./logo";
import { useSite } from "./use-site";

/** The menu links of every marketing page, in order. */
export const MENU_LINKS = [
  { to: "/", label: "Início" },
  { to: "/curso-id", label: "Curso Ideal", highlight: true },
  { to: "/#cursos", label: "Cursos" },
  { to: "/bolsas", label: "Bolsas" },
  { to: "/#onde-estudar", label: "Polos" },
  { to: "/teste-vocacional", label: "Teste Vocacional" },
  { to: "/trabalhe-conosco", label: "Trabalhe Conosco" },
] as const;

/**
 * Height of the fixed header (legal banner + campaign bar + nav); the spacer keeps content below it.
 * On phones the banner is one line of 24 px that opens to its whole text (decision 144; in three lines it
 * took the top of a phone's screen), and the campaign bar 40 px instead of 36 so its text fits whole in two.
 */
export const HEADER_SPACER_CLASS = "h-[128px] sm:h-[140px]";
/** The same header with no campaign running: no campaign bar (decision 081). */
export const HEADER_SPACER_CLASS_NO_CAMPAIGN = "h-[88px] sm:h-[104px]";

/**
 * The fixed header. Its banner, shadow and phone menu are the header island's (header.island.ts),
 * mounted here once hydrated or by the islands' bundle on a page without React.
 */
export function SiteHeader() {
  const site = useSite();
  // The campaign's name and best active offer; no bar at all with no campaign running (decision 081).
  const campaignBar = claimText("{campanha}: bolsas de até {bolsa} por tempo limitado!", site.claims, site.brandName);
  const legalText = `${endSentence(
    `Este site é de responsabilidade da ${site.companyName}, integrante do ${site.groupName}${site.taxId ? `, CNPJ ${site.taxId}` : ""}`,
  )} Todos os direitos reservados.`;
  const ref = useIsland<HTMLElement>(mount);

  return (
    <>
      <header ref={ref} data-island="header" className="fixed inset-x-0 top-0 z-40">
        <section
          id="aviso-legal"
          data-testid="legal-banner"
          data-legal
          aria-label="Aviso legal"
          className="bg-slate-900 px-2 text-[10px] leading-[1.2] text-slate-200 sm:flex sm:h-10 sm:items-center sm:justify-center sm:px-3 sm:text-center sm:text-[11px]"
        >
          {/* On a phone one line that opens to the whole text (decision 144; no sideways scroll, no script). */}
          <details className="legal-fold sm:hidden">
            <summary className="flex min-h-6 cursor-pointer items-center gap-1">
              <span className="min-w-0 flex-1">{legalText}</span>
              <ChevronDown aria-hidden="true" className="size-3 shrink-0" />
            </summary>
          </details>
          <p className="hidden sm:block">{legalText}</p>
        </section>
        {campaignBar && (
          <Link
            to="/campanha-relampago"
            className="flex h-10 items-center justify-center gap-2 bg-accent-400 px-3 text-center text-[13px] font-semibold leading-tight text-slate-900 hover:bg-accent-300 sm:h-9 sm:text-sm"
          >
            <Zap aria-hidden="true" className="size-4 shrink-0" />
            {/* Wraps to two lines on a phone rather than being cut short; one line from 640 px. */}
            <span className="sm:truncate">{campaignBar}</span>
          </Link>
        )}
        <nav
          aria-label="Principal"
          data-scrolled="false"
          className="bg-brand-700 text-white transition-shadow [&_:focus-visible]:outline-white"
        >
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
            <Link to="/" className="flex min-w-0 items-center gap-2" aria-label={`${site.brandName} - página inicial`}>
              <Logo compact />
            </Link>
            <ul className="ml-auto hidden items-center gap-1 lg:flex">
              {MENU_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={
                      "highlight" in link
                        ? "rounded-full bg-accent-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-accent-300"
                        : "rounded px-2 py-1.5 text-sm font-medium hover:bg-white/10"
                    }
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="ml-auto flex items-center gap-2 lg:ml-2">
              <a
                href={site.enrolmentFormUrl}
                data-form-modal="inscricao"
                className={buttonClass({ variant: "accent", size: "sm", className: "whitespace-nowrap" })}
              >
                Inscreva-se
              </a>
              <a
                href="#menu-mobile"
                role="button"
                aria-controls="menu-mobile"
                aria-expanded={false}
                aria-label={MENU_BUTTON_LABEL.open}
                className="inline-flex size-10 items-center justify-center rounded hover:bg-white/10 lg:hidden"
              >
                {/* Both icons are in the page; the header island shows the one that matches. */}
                <span data-icon="close" hidden>
                  <X aria-hidden="true" />
                </span>
                <span data-icon="open">
                  <Menu aria-hidden="true" />
                </span>
              </a>
            </div>
          </div>
          <div id="menu-mobile" className="mobile-menu border-t border-white/15 bg-brand-800 lg:hidden">
            <ul className="mx-auto max-w-7xl px-4 py-2">
              {MENU_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={`block rounded px-3 py-3 text-base font-medium hover:bg-white/10 ${
                      "highlight" in link ? "text-accent-300" : ""
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href="#fechar-menu" className="block px-3 py-3 text-sm text-white/80 underline">
                  Fechar menu
                </a>
              </li>
            </ul>
          </div>
        </nav>
      </header>
      <div aria-hidden="true" className={campaignBar ? HEADER_SPACER_CLASS : HEADER_SPACER_CLASS_NO_CAMPAIGN} />
    </>
  );
}
