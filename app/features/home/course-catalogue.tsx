import { Link } from "react-router";

import { ContactCtas } from "~/features/campaign/contact-ctas";
import { CourseGrid } from "~/features/courses/course-card";
import { LEVEL_SLUGS } from "~/features/courses/course-offer";
import { type HomeCatalogue, homeHref, type HomePolos } from "~/features/home/home-data";
import { useSite } from "~/features/site/use-site";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";

import { DeferredLink } from "./deferred";
import { LevelFilter } from "./level-filter";
import { LiveSearchForm } from "./live-search-form";

/** What a search that finds no course says (the same text with and without JavaScript). */
export function noCourseMessage(term: string) {
  return `Nenhum curso encontrado para "${term}". Por favor, tente outra busca.`;
}

/**
 * The course catalogue (#cursos): featured block + area tabs, or the results of a search.
 * On phones the featured block and the area's courses are each one row that scrolls sideways
 * (`course-row` in app.css): a card under another made the home page about 24 screens long.
 * `bolsa` is the hero's scholarship figure ("60%"), never above the largest active offer.
 */
export function CourseCatalogue({
  catalogue,
  polos,
  bolsa,
  deferred = false,
}: {
  catalogue: HomeCatalogue;
  polos: HomePolos;
  bolsa: string;
  /** The landing document: the lists are a placeholder (decision 104). */
  deferred?: boolean;
}) {
  return (
    <section id="cursos" aria-labelledby="cursos-titulo" className="below-fold bg-slate-50 py-12 sm:py-16">
      <div className="mx-auto max-w-7xl px-4">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Catálogo de cursos</p>
          <SectionHeading id="cursos-titulo" className="mt-1">
            Encontre o curso ideal para você
          </SectionHeading>
          <p className="mt-2 text-slate-600">
            {bolsa
              ? `Graduações EAD, semipresenciais e presenciais com bolsas de até ${bolsa}.`
              : "Graduações EAD, semipresenciais e presenciais."}{" "}
            Pesquise pelo nome, pela área ou pela modalidade.
          </p>
        </div>

        <LiveSearchForm
          action="/#cursos"
          label="Buscar cursos no catálogo"
          field={{ id: "catalogo-busca", name: "q", label: "Buscar curso", placeholder: "Ex.: Enfermagem, Saúde, EAD" }}
          value={catalogue.term}
          submit="Buscar"
        >
          {catalogue.level ? <input type="hidden" name="nivel" value={LEVEL_SLUGS[catalogue.level]} /> : null}
          {/* The other search's state; swapped by the live-search island (`data-live`) when that one changes. */}
          <div id="catalogo-contexto" data-live className="contents">
            <CatalogueContext polos={polos} />
          </div>
        </LiveSearchForm>

        <div id="cursos-resultados" data-live className="mt-8">
          {deferred ? (
            <DeferredLink hash="cursos">Ver os cursos em destaque e por área</DeferredLink>
          ) : (
            <CatalogueResults catalogue={catalogue} polos={polos} bolsa={bolsa} />
          )}
        </div>

        <NotFoundCta />
      </div>
    </section>
  );
}

/** The other search's state, kept by this form (`#catalogo-contexto`, swapped by the live-search island). */
export function CatalogueContext({ polos }: { polos: HomePolos }) {
  return (
    <>
      {polos.term ? <input type="hidden" name="polo" value={polos.term} /> : null}
      {polos.showAll ? <input type="hidden" name="polos" value="todos" /> : null}
    </>
  );
}

/** What `#cursos-resultados` holds: a search's results, or the featured block and the area tabs. */
export function CatalogueResults({ catalogue, polos, bolsa }: { catalogue: HomeCatalogue; polos: HomePolos; bolsa: string }) {
  const keepPolos = { polo: polos.term, allPolos: polos.showAll, level: catalogue.level };
  // The level filter goes with the lists: its links keep the polo search, which a live search changes.
  return catalogue.results ? (
    <>
      <LevelFilter catalogue={catalogue} polos={polos} />
      <SearchResults term={catalogue.term} results={catalogue.results} clearHref={homeHref(keepPolos, "cursos")} />
    </>
  ) : (
    <>
      <LevelFilter catalogue={catalogue} polos={polos} />
      <section aria-labelledby="destaques-titulo">
        <SectionHeading id="destaques-titulo" as="h3" size="card">
          Cursos em destaque
        </SectionHeading>
        <p className="mb-4 mt-1 text-sm text-slate-600">
          {bolsa
            ? `Educação Física com bolsa de até ${bolsa} e os cursos mais procurados.`
            : "Educação Física e os cursos mais procurados."}
        </p>
        <div className="course-row">
          <CourseGrid courses={catalogue.featured} label="Cursos em destaque" headingLevel={4} />
        </div>
      </section>

      <section id="cursos-por-area" aria-labelledby="areas-titulo" className="mt-8 scroll-mt-28 sm:mt-12">
        <SectionHeading id="areas-titulo" as="h3" size="card">
          Cursos por área
        </SectionHeading>
        <nav aria-label="Áreas de conhecimento" className="-mx-4 mt-4 overflow-x-auto px-4 pb-2">
          <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
            {catalogue.areas.map((a) => {
              const current = a.name === catalogue.area;
              return (
                <li key={a.slug}>
                  <Link
                    to={homeHref({ area: a.name, ...keepPolos }, "cursos-por-area")}
                    preventScrollReset
                    replace
                    aria-current={current ? "true" : undefined}
                    className={`inline-block whitespace-nowrap rounded-full border px-4 py-2 text-sm font-semibold ${
                      current
                        ? "border-brand-600 bg-brand-600 text-white"
                        : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700"
                    }`}
                  >
                    {a.name} <span className={current ? "text-white/80" : "text-slate-600"}>({a.count})</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="course-row mt-4" data-testid="area-courses" data-area={catalogue.area}>
          <CourseGrid courses={catalogue.areaCourses} label={`Cursos de ${catalogue.area}`} headingLevel={4} />
        </div>
      </section>
    </>
  );
}

function SearchResults({ term, results, clearHref }: { term: string; results: HomeCatalogue["featured"]; clearHref: string }) {
  return (
    <div data-testid="search-results">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2" aria-live="polite">
        {results.length > 0 ? (
          <p className="text-lg font-semibold text-slate-900">
            Exibindo resultados para "{term}"{" "}
            <span className="text-sm font-normal text-slate-500">
              ({results.length} {results.length === 1 ? "curso" : "cursos"})
            </span>
          </p>
        ) : (
          <p className="rounded-lg bg-white p-6 text-slate-700 shadow-sm" data-testid="no-course">
            {noCourseMessage(term)}
          </p>
        )}
        <Link to={clearHref} className={textLink("text-sm")}>
          Limpar busca
        </Link>
      </div>
      {results.length > 0 ? <CourseGrid courses={results} label={`Resultados para ${term}`} /> : null}
    </div>
  );
}

function NotFoundCta() {
  const site = useSite();
  return (
    <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div>
        <h3 className="text-xl font-bold">Não encontrou o curso que procura?</h3>
        <p className="mt-1 text-white/85">
          Temos mais de {site.claims.courses} cursos. Um consultor ajuda você a escolher e a garantir sua bolsa.
        </p>
      </div>
      <ContactCtas type="contact" variant="accent" phoneVariant="inverse" size="xl" className="flex flex-wrap gap-3">
        Fale com um consultor
      </ContactCtas>
    </div>
  );
}
