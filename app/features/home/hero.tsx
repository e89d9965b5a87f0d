import { Award } from "lucide-react";
import { Form } from "react-router";

import type { HomeStats } from "~/features/home/content";
import { FormLink } from "~/features/leads/forms/form-link";
import { ContentPicture } from "~/features/studio/content-picture";
import type { StoredPhoto } from "~/features/studio/fields";
import { Button, buttonClass, ButtonLink } from "~/ui/button";
import { SearchField } from "~/ui/search-field";
import { Title } from "~/ui/title";

/** A photo beside the hero text (desktop only): the studio's hero photo, with its real size. */
export type HeroImage = StoredPhoto;

/** The hero's texts as the studio saved them, with the stats filled in. */
export type HeroContent = { badge: string; title: string; highlight: string; text: string; photo: HeroImage | null };

/** The home hero: the badge, 'Quero minha bolsa agora', the partnership's link while it is on (decision 143), stats. */
export function HomeHero({ hero, stats, partnerName }: { hero: HeroContent; stats: HomeStats; partnerName: string }) {
  const heroStats = [
    { value: stats.courses, label: "cursos" },
    { value: stats.bolsa, label: "de bolsa" },
    { value: stats.polos, label: "polos" },
    // With no active offer there is no scholarship to announce.
  ].filter((stat) => stat.label !== "de bolsa" || stats.bolsaPercent > 0);
  return (
    <section
      aria-labelledby="hero-titulo"
      className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[1.2fr_1fr]">
        <div>
          {hero.badge && (
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
              <Award aria-hidden="true" className="size-4 text-accent-300" />
              {hero.badge}
            </p>
          )}
          <Title id="hero-titulo" size="hero" onDark className="mt-4">
            {hero.title} {hero.highlight && <span className="text-accent-300">{hero.highlight}</span>}
          </Title>
          <p className="mt-4 max-w-xl text-lg text-white/90">{hero.text}</p>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <FormLink type="lead" className={buttonClass({ variant: "accent", size: "2xl", className: "shadow-lg" })}>
              Quero minha bolsa agora
            </FormLink>
            {partnerName ? (
              <ButtonLink to="/america-mg" variant="inverse" size="xl">
                Parceria {partnerName}
              </ButtonLink>
            ) : null}
          </div>
          <dl className="mt-8 grid max-w-md grid-cols-3 gap-4">
            {heroStats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse rounded-lg bg-white/10 px-3 py-3 text-center">
                <dt className="text-sm text-white/85">{s.label}</dt>
                <dd className="text-2xl font-extrabold sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        {hero.photo ? <HeroPhoto image={hero.photo} /> : <HeroArt />}
      </div>
    </section>
  );
}

/**
 * The hero photo (desktop only, like the illustration): the page's largest element on arrival, so
 * requested at once at high priority; phones download nothing for it (`media`).
 */
function HeroPhoto({ image }: { image: HeroImage }) {
  return (
    <ContentPicture
      photo={image}
      priority
      media="(min-width: 1024px)"
      sizes="28rem"
      className="mx-auto hidden w-full max-w-md lg:block"
      imgClassName="h-auto w-full rounded-2xl object-cover"
    />
  );
}

/** The default hero picture: a light inline illustration (no request, sized), a graduate cap over a laptop. */
function HeroArt() {
  return (
    <svg
      viewBox="0 0 400 320"
      width="400"
      height="320"
      role="img"
      aria-label="Ilustração: capelo de formatura sobre um notebook"
      className="mx-auto hidden h-auto w-full max-w-md lg:block"
    >
      <circle cx="200" cy="170" r="140" fill="#ffffff" fillOpacity=".08" />
      <circle cx="320" cy="60" r="26" fill="#facc15" />
      <rect x="70" y="150" width="260" height="150" rx="14" fill="#142f66" />
      <rect x="86" y="166" width="228" height="118" rx="6" fill="#eef4ff" />
      <rect x="104" y="186" width="120" height="12" rx="6" fill="#2f6fe4" />
      <rect x="104" y="208" width="180" height="10" rx="5" fill="#dbe6fe" />
      <rect x="104" y="226" width="150" height="10" rx="5" fill="#dbe6fe" />
      <rect x="104" y="250" width="86" height="20" rx="10" fill="#facc15" />
      <path d="M200 40 88 92l112 52 112-52L200 40Z" fill="#facc15" />
      <path d="M140 112v34c0 14 27 26 60 26s60-12 60-26v-34l-60 28-60-28Z" fill="#fde047" />
      <path d="M300 98v52" stroke="#facc15" strokeWidth="6" strokeLinecap="round" />
      <circle cx="300" cy="156" r="9" fill="#facc15" />
    </svg>
  );
}

/** The home page's course search box; it jumps to the catalogue with the results. */
export function HomeSearchBox({ term }: { term: string }) {
  return (
    <section aria-labelledby="busca-titulo" className="relative z-10 -mt-8 px-4">
      <div className="mx-auto max-w-4xl rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-6">
        <h2 id="busca-titulo" className="text-lg font-bold text-slate-900">
          Qual curso você procura?
        </h2>
        <Form
          method="get"
          action="/#cursos"
          role="search"
          aria-label="Buscar cursos"
          className="mt-3 flex flex-col gap-2 sm:flex-row"
        >
          <SearchField
            id="home-busca"
            label="Nome do curso, área ou modalidade"
            name="q"
            defaultValue={term}
            key={term}
            placeholder="Digite o nome do curso, a área ou a modalidade"
          />
          <Button type="submit" variant="primary" size="xl" className="h-12">
            Buscar cursos
          </Button>
        </Form>
      </div>
    </section>
  );
}
