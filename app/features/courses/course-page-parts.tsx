import { Check, ChevronRight, Clock, GraduationCap, MonitorSmartphone, Wallet } from "lucide-react";
import { Fragment } from "react";
import { Link, useLocation } from "react-router";

import { ContactCtas } from "~/features/campaign/contact-ctas";
import { AREA_SLUGS, DEFAULT_AREA, ENTRY_ROUTES, MODALITY_DESCRIPTIONS } from "~/features/courses/course-areas.seed";
import type { OfferConditions } from "~/features/courses/course-offer";
import { type CoursePageData, monthlyPriceText } from "~/features/courses/course-page";
import { FormLink } from "~/features/leads/forms/form-link";
import { WhatsappContactButton } from "~/features/site/whatsapp-button";
import { ContentPicture } from "~/features/studio/content-picture";
import { cx } from "~/shared/text";
import { buttonClass } from "~/ui/button";
import { SectionHeading } from "~/ui/section-heading";
import { Title } from "~/ui/title";

import { CourseGrid } from "./course-card";
import { CourseConditions } from "./course-conditions";
import { StickyCourseBar } from "./sticky-course-bar";

function areaHref(area: CoursePageData["areas"][number]) {
  return area === DEFAULT_AREA ? "/#cursos-por-area" : `/?area=${AREA_SLUGS[area]}#cursos-por-area`;
}

/** A course page rendered from the catalogue data: hero, facts, how it works, careers, entry, related. */
/** `bolsa`: the figure of the offer cards covering this course ("60%"), "" when none does (no bolsa is stated). */
export function CoursePage({ page, conditions, bolsa }: { page: CoursePageData; conditions: OfferConditions[]; bolsa: string }) {
  const { pathname } = useLocation();
  const leadTitle = `Garanta sua vaga em ${page.title}`;
  const crumbs = [
    { to: "/", label: "Início" },
    { to: "/#cursos", label: "Cursos" },
    { to: areaHref(page.areas[0]!), label: page.areas[0] },
  ];
  return (
    <>
      <section aria-labelledby="curso-titulo" className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:py-14 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <nav aria-label="Trilha de navegação" className="text-sm text-white/80">
              <ol className="flex flex-wrap items-center gap-1">
                {crumbs.map((crumb, i) => (
                  <Fragment key={crumb.to}>
                    {i > 0 ? (
                      <li aria-hidden="true">
                        <ChevronRight className="size-4" />
                      </li>
                    ) : null}
                    <li>
                      <Link to={crumb.to} className="hover:underline">
                        {crumb.label}
                      </Link>
                    </li>
                  </Fragment>
                ))}
              </ol>
            </nav>
            {bolsa ? (
              <p
                className="mt-4 inline-block rounded-full bg-accent-400 px-3 py-1 text-sm font-bold text-slate-900"
                data-testid="course-bolsa"
              >
                Bolsa de até {bolsa}
              </p>
            ) : null}
            <Title id="curso-titulo" size="hero" onDark className="mt-3">
              {page.title}
            </Title>
            <p className="mt-4 max-w-2xl text-lg text-white/90">{page.description}</p>
            {/* The calls to action right under the text, before the facts: on a phone's first screen they stay
                clear of the floating WhatsApp and assistant buttons at the bottom right (floating-buttons.spec.ts). */}
            <div className="mt-6 flex flex-wrap gap-3">
              <FormLink
                type="lead"
                title={leadTitle}
                className={buttonClass({ variant: "accent", size: "2xl", className: "shadow-lg" })}
              >
                Quero minha bolsa agora
              </FormLink>
              <FormLink type="contact" className={buttonClass({ variant: "inverse", size: "xl" })}>
                Fale com um consultor
              </FormLink>
              <WhatsappContactButton course={pathname.slice(1).toLowerCase()} className="px-5 py-3.5" />
            </div>
            <dl className="mt-8 flex flex-wrap gap-3 text-sm" data-testid="course-facts">
              <Fact icon={<GraduationCap aria-hidden="true" className="size-4" />} label="Área" value={page.areas.join(" e ")} />
              <Fact
                icon={<MonitorSmartphone aria-hidden="true" className="size-4" />}
                label="Modalidade"
                value={page.modalities.join(", ")}
              />
              <Fact icon={<Clock aria-hidden="true" className="size-4" />} label="Duração" value={page.durations.join(" ou ")} />
              {page.monthlyPrice !== null ? (
                <Fact
                  icon={<Wallet aria-hidden="true" className="size-4" />}
                  label="Mensalidade"
                  value={monthlyPriceText(page.monthlyPrice)}
                />
              ) : null}
            </dl>
          </div>
          {/* The studio's photo. From a laptop's width up it comes first and at high priority; below
              that it follows the text, so a phone fetches it lazily, at its own width (480 or 800 px),
              and nothing for the laptop's picture (`media`; decision 144). No photo: the light
              illustration. */}
          {page.photo ? (
            <>
              <ContentPicture
                photo={page.photo}
                priority
                media="(min-width: 1024px)"
                sizes="28rem"
                className="mx-auto hidden w-full max-w-md lg:block"
                imgClassName="h-auto w-full rounded-2xl shadow-2xl"
              />
              <ContentPicture
                photo={page.photo}
                media="(max-width: 1023.98px)"
                sizes="(min-width: 480px) 28rem, calc(100vw - 2rem)"
                className="mx-auto block w-full max-w-md lg:hidden"
                imgClassName="h-auto w-full rounded-2xl shadow-2xl"
              />
            </>
          ) : (
            <img
              src={page.image}
              alt={`Ilustração do curso de ${page.title}`}
              width={400}
              height={225}
              className="mx-auto h-auto w-full max-w-md rounded-2xl shadow-2xl"
            />
          )}
        </div>
      </section>

      {page.variants.length > 1 ? (
        <CourseSection id="formacoes-titulo" title="Escolha a sua formação">
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {page.variants.map((v) => (
              <li key={v.id} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
                <SectionHeading as="h3" size="card">
                  {v.name}
                </SectionHeading>
                <p className="mt-1 text-sm text-slate-600">
                  {v.modality} · {v.duration}
                </p>
                <p className="mt-3 text-slate-700">{v.description}</p>
                <FormLink
                  type="lead"
                  title={`Garanta sua vaga em ${v.name}`}
                  className={buttonClass({ variant: "primary", size: "lg", className: "mt-4" })}
                >
                  Quero esta formação
                </FormLink>
              </li>
            ))}
          </ul>
        </CourseSection>
      ) : null}

      {page.highlights.length > 0 ? (
        <CourseSection id="curriculo-titulo" title="Destaques do currículo">
          <CheckList
            items={page.highlights}
            className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            itemClassName="rounded-xl border border-slate-200 p-4 text-slate-800"
            data-testid="course-highlights"
          />
        </CourseSection>
      ) : null}

      <CourseConditions conditions={conditions} />

      <section aria-labelledby="como-titulo" className="bg-slate-50 py-12">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 md:grid-cols-3">
          <div>
            <SectionHeading id="como-titulo" size="card">
              Como são as aulas
            </SectionHeading>
            <ul className="mt-3 space-y-3 text-slate-700">
              {page.modalities.map((m) => (
                <li key={m}>
                  <strong className="block text-slate-900">{m}</strong>
                  {MODALITY_DESCRIPTIONS[m]}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <SectionHeading size="card">Onde você pode atuar</SectionHeading>
            <p className="mt-3 text-slate-700">{page.careers}</p>
          </div>
          <div>
            <SectionHeading size="card">Formas de ingresso</SectionHeading>
            <CheckList items={ENTRY_ROUTES} className="mt-3 space-y-2 text-slate-700" />
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-titulo" className="px-4 py-12">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 rounded-2xl bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="cta-titulo" className="text-2xl font-bold">
              {bolsa ? `Comece ${page.title} com bolsa de até ${bolsa}` : `Comece ${page.title}`}
            </h2>
            <p className="mt-1 text-white/85">
              Preencha seus dados e um consultor confirma sua bolsa e o polo mais perto de você.
            </p>
          </div>
          <ContactCtas
            type="lead"
            title={leadTitle}
            variant="accent"
            phoneVariant="inverse"
            size="xl"
            className="flex flex-wrap gap-3"
          >
            Quero minha bolsa agora
          </ContactCtas>
        </div>
      </section>

      {page.related.length > 0 ? (
        <CourseSection id="relacionados-titulo" title="Cursos relacionados" className="pb-16" headingClassName="mb-6">
          <CourseGrid courses={page.related} label="Cursos relacionados" />
        </CourseSection>
      ) : null}

      <StickyCourseBar title={page.title} leadTitle={leadTitle} bolsa={bolsa} />
    </>
  );
}

/** One of the page's lower sections: a band as wide as the page, under its heading. */
function CourseSection({
  id,
  title,
  className = "py-12",
  headingClassName,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  /** Only what the heading's look leaves out: margins. */
  headingClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mx-auto max-w-7xl px-4">
        <h2 id={id} className={cx(headingClassName, "text-2xl font-extrabold text-slate-900")}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A list whose every item starts with a check mark. */
function CheckList({
  items,
  className,
  itemClassName,
  ...rest
}: {
  items: readonly string[];
  className: string;
  /** Only what the item's look leaves out: a border, padding. */
  itemClassName?: string;
  "data-testid"?: string;
}) {
  return (
    <ul className={className} {...rest}>
      {items.map((item) => (
        <li key={item} className={cx("flex gap-2", itemClassName)}>
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2 rounded-full bg-white/15 px-3 py-1.5">
      {/* The icon inside the <dt>: a group of a <dl> may hold only its dt and dd. */}
      <dt className="flex items-center gap-2 font-medium text-white/80">
        {icon}
        {label}:
      </dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
