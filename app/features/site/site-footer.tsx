import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";

import { buttonClass } from "~/ui/button";

import { EmecSeal } from "./emec-seal";
import { Logo } from "./logo";
import { telHref, useSite } from "./use-site";

export const FOOTER_QUICK_LINKS = [
  { to: "/", label: "Início" },
  { to: "/#cursos", label: "Cursos" },
  { to: "/enfermagem", label: "Enfermagem" },
  { to: "/bolsas", label: "Bolsas" },
  // The label is the campaign's name as the studio stores it (FooterLinks replaces it).
  { to: "/campanha-relampago", label: "Campanha" },
  { to: "/#onde-estudar", label: "Polos" },
  { to: "/teste-vocacional", label: "Teste Vocacional" },
  { to: "/trabalhe-conosco", label: "Trabalhe Conosco" },
] as const;

/** A maps search for the university in a state: the state name plus 'Brasil', URL-encoded. */
export function stateMapsUrl(mapsSearchUrl: string, brandName: string, state: string): string {
  return mapsSearchUrl + encodeURIComponent(`${brandName} ${state} Brasil`);
}

export function SiteFooter() {
  const site = useSite();
  const year = new Date().getFullYear();
  const social = [
    { href: site.socialLinks.instagram, label: "Instagram" },
    { href: site.socialLinks.facebook, label: "Facebook" },
    { href: site.socialLinks.youtube, label: "YouTube" },
    { href: site.socialLinks.linkedin, label: "LinkedIn" },
  ].filter((item) => item.href !== "");
  return (
    <footer className="bg-brand-900 text-slate-200" aria-labelledby="rodape-titulo">
      <h2 id="rodape-titulo" className="sr-only">
        Rodapé
      </h2>
      {/* On phones the two link lists sit side by side: the footer is about a screen and a half, not two. */}
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:gap-10 sm:py-12 lg:grid-cols-4">
        <section className="col-span-2 sm:col-span-1">
          <Logo />
          <p className="mt-4 text-sm text-slate-300">
            Graduação, pós-graduação, cursos técnicos e profissionalizantes a distância, semipresenciais e presenciais.
          </p>
          <a
            href={site.enrolmentFormUrl}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "accent", size: "md", className: "mt-5" })}
          >
            Quero minha bolsa
          </a>
          {social.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-3 text-sm" aria-label="Redes sociais">
              {social.map((item) => (
                <li key={item.label}>
                  <a href={item.href} rel="noopener" className="underline-offset-2 hover:underline">
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav aria-labelledby="rodape-links">
          <h3 id="rodape-links" className="text-base font-semibold text-white">
            Links rápidos
          </h3>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.to === "/campanha-relampago" ? site.claims.campaignName : link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* The states with an active polo, from the studio (decision 081): none, no list. */}
        {site.claims.poloStates.length > 0 ? (
          <section aria-labelledby="rodape-estados">
            <h3 id="rodape-estados" className="text-base font-semibold text-white">
              Onde estamos
            </h3>
            <ul className="mt-4 space-y-2 text-sm">
              {site.claims.poloStates.map((state) => (
                <li key={state}>
                  <a
                    href={stateMapsUrl(site.mapsSearchUrl, site.brandName, state)}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-2 hover:text-white hover:underline"
                  >
                    <MapPin aria-hidden="true" className="size-4" />
                    {state}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="rodape-contato" className="col-span-2 sm:col-span-1">
          <h3 id="rodape-contato" className="text-base font-semibold text-white">
            Contato
          </h3>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={telHref(site.phone)} className="inline-flex items-center gap-2 font-semibold text-white hover:underline">
                <Phone aria-hidden="true" className="size-4" />
                {site.phone}
              </a>
              <p className="mt-1 text-slate-300">{site.phoneHours}</p>
            </li>
            <li>
              <a href={`mailto:${site.contactEmail}`} className="inline-flex items-center gap-2 hover:underline">
                <Mail aria-hidden="true" className="size-4" />
                {site.contactEmail}
              </a>
            </li>
            <li className="text-slate-300">
              {site.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </li>
          </ul>
        </section>
      </div>
      {/* pb-20: the end of every page keeps room for the floating assistant and WhatsApp buttons (56 px, 16 px from the edge, side by side). */}
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pb-20 pt-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          {site.emecSeal ? <EmecSeal seal={site.emecSeal} grades={site} /> : null}
          <p data-legal>
            © {year} {site.companyName}
            {site.taxId && ` · CNPJ ${site.taxId}`}
          </p>
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link to="/condicoes-de-oferta" className="hover:text-white hover:underline">
                Condições de oferta
              </Link>
            </li>
            <li>
              <Link to="/privacidade" className="hover:text-white hover:underline">
                Política de Privacidade
              </Link>
            </li>
            <li>
              <Link to="/termos" className="hover:text-white hover:underline">
                Termos de Uso
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
