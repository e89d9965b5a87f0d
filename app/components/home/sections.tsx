import {
  Award,
  BookOpenCheck,
  Building2,
  Cpu,
  GraduationCap,
  Laptop,
  Lightbulb,
  MapPinned,
  Phone,
  Quote,
  Search,
  Sparkles,
  Users,
} from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";

import { telHref, useSite } from "~/components/layout/use-site";
import { ContentPicture } from "~/components/public/content-picture";
import { Countdown } from "~/components/public/countdown";
import { FormLink } from "~/components/public/form-link";
import { Button, buttonClass, ButtonLink } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import { refreshDeadline } from "~/lib/campaign";
import type { StoredPhoto } from "~/lib/content/fields";
import type { FaqItemContent, HomeCountdownView, HomeStats, TestimonialContent } from "~/lib/content/home";
import { formatNumber } from "~/lib/format";

/** A photo beside the hero text (desktop only): the studio's hero photo, with its real size. */
export type HeroImage = StoredPhoto;

/** The hero's texts as the studio saved them, with the stats filled in. */
export type HeroContent = { badge: string; title: string; highlight: string; text: string; photo: HeroImage | null };

/** The home hero: MEC badge, 'Quero minha bolsa agora', /america-mg link, stats. */
export function HomeHero({ hero, stats }: { hero: HeroContent; stats: HomeStats }) {
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
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
            <Award aria-hidden="true" className="size-4 text-accent-300" />
            {hero.badge}
          </p>
          <h1 id="hero-titulo" className="mt-4 text-3xl font-extrabold leading-tight sm:text-5xl">
            {hero.title} <span className="text-accent-300">{hero.highlight}</span>
          </h1>
          <p className="mt-4 max-w-xl text-lg text-white/90">{hero.text}</p>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <FormLink type="lead" className={buttonClass({ variant: "accent", size: "2xl", className: "shadow-lg" })}>
              Quero minha bolsa agora
            </FormLink>
            <ButtonLink to="/america-mg" variant="inverse" size="xl">
              Parceria América-MG
            </ButtonLink>
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
          <label htmlFor="home-busca" className="sr-only">
            Nome do curso, área ou modalidade
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
            />
            <input
              id="home-busca"
              type="search"
              name="q"
              defaultValue={term}
              key={term}
              placeholder="Digite o nome do curso, a área ou a modalidade"
              autoComplete="off"
              maxLength={80}
              className="h-12 w-full rounded-lg border border-slate-300 pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500"
            />
          </div>
          <Button type="submit" variant="primary" size="xl" className="h-12">
            Buscar cursos
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** Three 'why choose us' cards, plus the modalities (#modalidades); the polo count is the hero's. */
export function WhyChooseUs({ poloClaim }: { poloClaim: number }) {
  const cards = [
    {
      icon: Lightbulb,
      title: "Metodologia inovadora",
      text: "Aprendizagem ativa com projetos reais, trilhas personalizadas e professores que acompanham sua evolução de perto.",
    },
    {
      icon: Cpu,
      title: "Tecnologia de ponta",
      text: "Ambiente virtual completo no computador ou no celular, com videoaulas, biblioteca digital e laboratórios virtuais.",
    },
    {
      icon: MapPinned,
      title: "Presença nacional",
      text: `Mais de ${formatNumber(poloClaim)} polos pelo Brasil, com atendimento em Minas Gerais, Mato Grosso, Mato Grosso do Sul e Rio Grande do Norte.`,
    },
  ];
  const modalities = [
    { icon: Laptop, title: "EAD", text: "100% on-line, no seu horário, com provas no polo." },
    { icon: Users, title: "Híbrido", text: "Teoria on-line e aulas práticas presenciais em laboratório." },
    { icon: Building2, title: "Presencial/EAD", text: "Escolha estudar no campus ou a distância." },
  ];
  return (
    <section aria-labelledby="porque-titulo" className="below-fold py-10 sm:py-16">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="porque-titulo" center>
          Por que escolher a gente?
        </SectionHeading>
        {/* A sideways row on phones (app.css `phone-row`), so the sections after it are near. */}
        <ul
          tabIndex={0}
          aria-label="Motivos para escolher a gente"
          className="phone-row mt-6 grid gap-6 [--row-card:18rem] sm:mt-8 md:grid-cols-3"
        >
          {cards.map((card) => (
            <li key={card.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <card.icon aria-hidden="true" className="size-6" />
              </span>
              <SectionHeading as="h3" size="card" className="mt-4">
                {card.title}
              </SectionHeading>
              <p className="mt-2 text-slate-600">{card.text}</p>
            </li>
          ))}
        </ul>
        <div id="modalidades" className="mt-6 scroll-mt-28 rounded-2xl bg-brand-50 p-5 sm:mt-10 sm:p-6">
          <h3 className="text-lg font-bold text-slate-900">Modalidades para a sua rotina</h3>
          <ul className="mt-3 grid gap-3 sm:mt-4 sm:grid-cols-3 sm:gap-4">
            {modalities.map((m) => (
              <li key={m.title} className="flex gap-3">
                <m.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <p>
                  <strong className="block text-slate-900">{m.title}</strong>
                  <span className="text-sm text-slate-600">{m.text}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The vocational-test banner with 'Fazer Teste'. */
export function VocationalTestBanner() {
  return (
    <section aria-labelledby="teste-titulo" className="below-fold px-4 pb-10 sm:pb-16">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 rounded-2xl bg-gradient-to-r from-accent-400 to-accent-300 p-6 text-slate-900 sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div className="flex gap-4">
          <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-white/60 sm:inline-flex">
            <BookOpenCheck aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h2 id="teste-titulo" className="text-2xl font-extrabold">
              Ainda em dúvida sobre qual curso escolher?
            </h2>
            <p className="mt-1 text-slate-800">
              Faça o teste vocacional gratuito: 20 perguntas rápidas e um resultado com os cursos que combinam com você.
            </p>
          </div>
        </div>
        <ButtonLink to="/teste-vocacional" variant="primary-dark" size="xl" className="shrink-0">
          Fazer Teste
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * The home countdown (the studio's date or the campaign's deadline). Never at zero under its call to
 * hurry (decision 038): the server sends no deadline once it has passed, and an open page hides the
 * section when it passes (a rolling campaign window moves on to the next one instead).
 */
export function HomeCountdown({ countdown }: { countdown: { view: HomeCountdownView; title: string; now: number } }) {
  const [view, setView] = useState(countdown.view);
  if (!view) return null;
  const expire = () => setView((current) => (current?.rolling ? refreshDeadline(current, new Date()) : null));
  return (
    <section
      id="campanha-relampago"
      aria-labelledby="contagem-titulo"
      className="below-fold scroll-mt-28 bg-brand-900 py-10 text-white sm:py-14"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-3 py-1 text-sm font-bold text-slate-900">
          <Sparkles aria-hidden="true" className="size-4" />
          Oferta por tempo limitado
        </p>
        <h2 id="contagem-titulo" className="text-2xl font-extrabold sm:text-3xl">
          {countdown.title}
        </h2>
        <Countdown target={view.endsAt} now={countdown.now} onExpire={expire} label="Tempo restante para a oferta" />
        <div className="flex flex-wrap justify-center gap-3">
          <FormLink type="scholarship" className={buttonClass({ variant: "accent", size: "xl" })}>
            Solicitar minha bolsa
          </FormLink>
          <ButtonLink to="/campanha-relampago" variant="inverse" size="xl">
            Ver a Campanha Relâmpago
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** The initials shown where a testimonial has no picture yet ("Ana Paula Ribeiro" → "AR"). */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/** Student testimonials (#depoimentos), as the studio lists them. */
export function Testimonials({ items }: { items: ReadonlyArray<{ id: string } & TestimonialContent> }) {
  return (
    <section id="depoimentos" aria-labelledby="depoimentos-titulo" className="below-fold scroll-mt-28 bg-slate-50 py-10 sm:py-16">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="depoimentos-titulo" center>
          Quem estuda com a gente recomenda
        </SectionHeading>
        {/* A sideways row on phones (app.css `phone-row`), one testimonial at a time with the next peeking in. */}
        <ul
          tabIndex={0}
          aria-label="Depoimentos de alunos"
          className="phone-row mt-6 grid gap-6 [--row-card:18rem] sm:mt-8 md:grid-cols-3"
        >
          {items.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <Quote aria-hidden="true" className="size-8 text-brand-500/40" />
                <blockquote className="mt-2 flex-1 text-slate-700">“{t.text}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  {t.photo ? (
                    <ContentPicture
                      photo={t.photo}
                      sizes="48px"
                      className="size-12 shrink-0"
                      imgClassName="size-12 rounded-full object-cover"
                    />
                  ) : t.image ? (
                    <img
                      src={t.image}
                      alt={`Foto de ${t.name}`}
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="size-12 rounded-full"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                    >
                      {initialsOf(t.name)}
                    </span>
                  )}
                  <span>
                    <span className="block font-bold text-slate-900">{t.name}</span>
                    <span className="flex items-center gap-1 text-sm text-slate-600">
                      <GraduationCap aria-hidden="true" className="size-4" />
                      {t.course}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The FAQ (#faq): single-open accordion with <details name>, consultant button and phone. */
export function FaqSection({ items }: { items: ReadonlyArray<{ id: string } & FaqItemContent> }) {
  const site = useSite();
  return (
    <section id="faq" aria-labelledby="faq-titulo" className="below-fold scroll-mt-28 bg-slate-50 py-10 sm:py-16">
      <div className="mx-auto max-w-3xl px-4">
        <SectionHeading id="faq-titulo" center>
          Perguntas frequentes
        </SectionHeading>
        <div className="mt-6 space-y-2 sm:mt-8 sm:space-y-3" data-testid="faq-list">
          {items.map((item, index) => (
            <details
              key={item.id}
              name="faq"
              className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
              data-index={index}
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-4 font-semibold text-slate-900 sm:p-5 [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  aria-hidden="true"
                  className="text-xl leading-none text-brand-600 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="px-4 pb-4 text-slate-700 sm:px-5 sm:pb-5">{item.answer}</p>
            </details>
          ))}
        </div>
        <div className="mt-6 flex flex-col items-center gap-3 text-center sm:mt-8">
          <p className="text-slate-700">Ainda tem dúvidas? Nossa equipe ajuda você.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <FormLink type="contact" newTab className={buttonClass({ variant: "primary", size: "xl" })}>
              Fale com um consultor
            </FormLink>
            <a href={telHref(site.phone)} className={buttonClass({ variant: "secondary", size: "xl" })}>
              <Phone aria-hidden="true" className="size-4" />
              {site.phone}
            </a>
          </div>
          <p className="text-sm text-slate-500">{site.phoneHours}</p>
        </div>
      </div>
    </section>
  );
}
