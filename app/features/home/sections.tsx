import { BookOpenCheck, Building2, Cpu, GraduationCap, Laptop, Lightbulb, MapPinned, Quote, Sparkles, Users } from "lucide-react";

import { statesSentence } from "~/features/campaign/claims";
import type { HomeCountdownView, TestimonialContent } from "~/features/home/content";
import { initialsOf } from "~/features/home/testimonial-card";
import { FormLink } from "~/features/leads/forms/form-link";
import { useSite } from "~/features/site/use-site";
import { ContentPicture } from "~/features/studio/content-picture";
import { formatNumber } from "~/shared/format";
import { buttonClass, ButtonLink } from "~/ui/button";
import { Countdown } from "~/ui/countdown";
import { SectionHeading } from "~/ui/section-heading";

import { DeferredSection } from "./deferred";

/** Three 'why choose us' cards, plus the modalities (#modalidades); the polo count is the hero's. */
export function WhyChooseUs({ poloClaim }: { poloClaim: number }) {
  const { poloStates } = useSite().claims;
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
      // The states come from the active polos (decision 143).
      text: `Mais de ${formatNumber(poloClaim)} polos pelo Brasil${poloStates.length > 0 ? `, com atendimento em ${statesSentence(poloStates)}` : ""}.`,
    },
  ];
  const modalities = [
    { icon: Laptop, title: "EAD", text: "A maior parte on-line, com atividades e provas presenciais no polo." },
    { icon: Users, title: "Semipresencial", text: "Aulas práticas presenciais em laboratório e parte on-line ao vivo." },
    { icon: Building2, title: "Presencial", text: "A maior parte das aulas no campus, com professor e turma." },
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
  const { view } = countdown;
  const { campaignName } = useSite().claims;
  if (!view) return null;
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
        <Countdown
          target={view.endsAt}
          now={countdown.now}
          rolling={view.rolling}
          expire="hide"
          label="Tempo restante para a oferta"
        />
        <div className="flex flex-wrap justify-center gap-3">
          <FormLink type="scholarship" className={buttonClass({ variant: "accent", size: "xl" })}>
            Solicitar minha bolsa
          </FormLink>
          <ButtonLink to="/campanha-relampago" variant="inverse" size="xl">
            Ver a {campaignName}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** Student testimonials (#depoimentos), as the studio lists them. */
export function Testimonials({
  items,
  deferred = false,
}: {
  items: ReadonlyArray<{ id: string } & TestimonialContent>;
  /** The landing document's placeholder (decision 104). */
  deferred?: boolean;
}) {
  const className = "below-fold scroll-mt-28 bg-slate-50 py-10 sm:py-16";
  const title = "Quem estuda com a gente recomenda";
  if (deferred)
    return (
      <DeferredSection id="depoimentos" headingId="depoimentos-titulo" title={title} className={className}>
        Ver os depoimentos
      </DeferredSection>
    );
  return (
    <section id="depoimentos" aria-labelledby="depoimentos-titulo" className={className}>
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="depoimentos-titulo" center>
          {title}
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
