import { MapPin, Phone, Search } from "lucide-react";

import { statesSentence } from "~/features/campaign/claims";
import { AREA_SLUGS, DEFAULT_AREA } from "~/features/courses/course-areas.seed";
import { LEVEL_SLUGS } from "~/features/courses/course-offer";
import { type HomeCatalogue, homeHref, type HomePolos } from "~/features/home/home-data";
import { poloPath } from "~/features/polos/content";
import { telHref, useSite } from "~/features/site/use-site";
import { formatNumber } from "~/shared/format";
import { ButtonLink } from "~/ui/button";
import { SectionHeading } from "~/ui/section-heading";

import { DeferredLink } from "./deferred";
import { LiveSearchForm } from "./live-search-form";

export const NO_POLO_MESSAGE = "Nenhum polo encontrado com esse termo. Tente outra busca.";

/** The study-centre finder (#onde-estudar, also #polos): search the polos by location. Its polo count is the site's claim (site.claims). */
export function PoloFinder({
  polos,
  catalogue,
  deferred = false,
}: {
  polos: HomePolos;
  catalogue: HomeCatalogue;
  /** The landing document: the list is a placeholder (decision 104). */
  deferred?: boolean;
}) {
  const { claims } = useSite();

  return (
    <section id="onde-estudar" aria-labelledby="onde-estudar-titulo" className="below-fold bg-white py-10 sm:py-16">
      <span id="polos" aria-hidden="true" className="block scroll-mt-28" />
      <div className="mx-auto max-w-7xl px-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Onde estudar</p>
        <SectionHeading id="onde-estudar-titulo" className="mt-1">
          Encontre um polo perto de você
        </SectionHeading>
        <p className="mt-2 max-w-3xl text-slate-600">
          {/* The states come from the active polos (decision 143), as the footer's. */}
          São mais de {formatNumber(claims.polos)} polos pelo Brasil
          {claims.poloStates.length > 0 ? `, com presença em ${statesSentence(claims.poloStates)}` : ""}. Digite sua cidade ou
          bairro.
        </p>

        <LiveSearchForm
          action="/#onde-estudar"
          label="Buscar polos"
          field={{
            id: "polo-busca",
            name: "polo",
            label: "Buscar polo por cidade ou bairro",
            placeholder: polos.exampleCities.length > 0 ? `Ex.: ${polos.exampleCities.join(", ")}` : "",
            icon: MapPin,
          }}
          value={polos.term}
          submit={
            <>
              <Search aria-hidden="true" className="size-4" />
              <span>Buscar</span>
            </>
          }
        >
          <div id="polo-contexto" data-live className="contents">
            <PoloContext catalogue={catalogue} />
          </div>
        </LiveSearchForm>

        <div id="polos-contagem" data-live className="mt-6 sm:mt-8" aria-live="polite">
          {deferred ? null : <PoloCount polos={polos} />}
        </div>
        <div id="polos-resultados" data-live>
          {deferred ? (
            <DeferredLink hash="onde-estudar">Ver os polos</DeferredLink>
          ) : (
            <PoloResults polos={polos} catalogue={catalogue} />
          )}
        </div>
      </div>
    </section>
  );
}

/** The other search's state, kept by this form (`#polo-contexto`, swapped by the live-search island). */
export function PoloContext({ catalogue }: { catalogue: HomeCatalogue }) {
  return (
    <>
      {catalogue.term ? <input type="hidden" name="q" value={catalogue.term} /> : null}
      {catalogue.level ? <input type="hidden" name="nivel" value={LEVEL_SLUGS[catalogue.level]} /> : null}
      {!catalogue.term && catalogue.area !== DEFAULT_AREA ? (
        <input type="hidden" name="area" value={AREA_SLUGS[catalogue.area]} />
      ) : null}
    </>
  );
}

/** What `#polos-contagem` holds: the empty message, or how many were found (for screen readers). */
export function PoloCount({ polos }: { polos: HomePolos }) {
  return polos.total === 0 ? (
    <p className="rounded-lg bg-slate-50 p-6 text-slate-700" data-testid="no-polo">
      {NO_POLO_MESSAGE}
    </p>
  ) : (
    <p className="sr-only">
      {polos.total} {polos.total === 1 ? "polo encontrado" : "polos encontrados"}
    </p>
  );
}

/** What `#polos-resultados` holds: the polos of the page and "Ver todos os polos". */
export function PoloResults({ polos, catalogue }: { polos: HomePolos; catalogue: HomeCatalogue }) {
  const keepCatalogue = { ...(catalogue.term ? { q: catalogue.term } : { area: catalogue.area }), level: catalogue.level };
  return (
    <>
      {polos.visible.length > 0 ? (
        // On phones two sideways rows (app.css `phone-row-grid`): every polo of the page is still there, scrolled to.
        <ul className="phone-row-grid grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="polo-list">
          {polos.visible.map((p) => (
            <li key={p.location} className="flex items-start gap-3 rounded-xl border border-slate-200 p-4" data-testid="polo">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <div>
                <p className="font-semibold text-slate-900">
                  {p.slug ? (
                    <a href={poloPath(p.slug)} className="underline hover:text-brand-700">
                      {p.location}
                    </a>
                  ) : (
                    p.location
                  )}
                </p>
                {p.address ? <p className="text-sm text-slate-600">{p.address}</p> : null}
                <a
                  href={telHref(p.phone)}
                  className="mt-1 inline-flex min-h-8 items-center gap-1 text-sm text-brand-700 hover:underline"
                >
                  <Phone aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">Telefone: </span>
                  {p.phone}
                </a>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {polos.hidden > 0 ? (
        <div className="mt-4 text-center sm:mt-6">
          <ButtonLink
            to={homeHref({ ...keepCatalogue, polo: polos.term, allPolos: true }, "onde-estudar")}
            preventScrollReset
            replace
            variant="secondary"
            size="xl"
          >
            Ver todos os polos
          </ButtonLink>
          <p className="mt-2 text-sm text-slate-500">
            Mostrando {polos.visible.length} de {polos.total}
          </p>
        </div>
      ) : null}
    </>
  );
}
