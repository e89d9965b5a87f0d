import {
  Briefcase,
  Calculator,
  Clock,
  Code,
  GraduationCap,
  Heart,
  HelpCircle,
  type LucideIcon,
  Megaphone,
  Palette,
  RotateCcw,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";

import { useSite } from "~/components/layout/use-site";
import { ContentPicture } from "~/components/public/content-picture";
import { FormLink } from "~/components/public/form-link";
import { ButtonLink } from "~/components/ui/button";
import { courseIconSrc } from "~/lib/content/course-icon-src";
import type { CourseIcon } from "~/lib/content/course-icons";
import type { StoredPhoto } from "~/lib/content/fields";
import { hoursMinutesSeconds } from "~/lib/vocational/result-countdown";
import { type Letter, LETTER_THEMES, LETTERS, type Tally, TOTAL_QUESTIONS } from "~/lib/vocational/scoring";
import type { ExtraCourse, ProfileIcon } from "~/seed/profiles";

export const PROFILE_ICONS: Record<ProfileIcon, LucideIcon> = {
  heart: Heart,
  briefcase: Briefcase,
  code: Code,
  palette: Palette,
  calculator: Calculator,
  megaphone: Megaphone,
};

/**
 * The result pages' 24 h countdown: horas / min / seg, rendered by the server at `now` and ticking
 * every second with JavaScript, stopping at 00:00:00.
 */
export function ResultCountdown({
  target,
  now,
  variant = "dark",
  compact = false,
}: {
  target: number;
  now: number;
  variant?: "dark" | "light";
  compact?: boolean;
}) {
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    setCurrent(Date.now());
    const id = window.setInterval(() => {
      const t = Date.now();
      setCurrent(t);
      if (t >= target) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [target]);

  const { hours, minutes, seconds } = hoursMinutesSeconds(target, current);
  const box = variant === "dark" ? "bg-white/15 text-white" : "bg-brand-50 text-brand-900";
  const size = compact ? "min-w-11 px-1.5 py-1 text-lg" : "min-w-16 px-2 py-2 text-2xl sm:text-3xl";
  const units = [
    { value: hours, label: "horas", key: "hours" },
    { value: minutes, label: "min", key: "minutes" },
    { value: seconds, label: "seg", key: "seconds" },
  ];
  return (
    <div
      role="timer"
      aria-label={`Tempo restante: ${Number(hours)} horas, ${Number(minutes)} minutos e ${Number(seconds)} segundos`}
      data-testid="contagem-resultado"
      data-remaining={`${hours}:${minutes}:${seconds}`}
      className="flex items-center gap-1.5"
    >
      {units.map((unit, index) => (
        <span key={unit.key} className="flex items-center gap-1.5" aria-hidden="true">
          {index > 0 ? <span className="font-bold opacity-70">:</span> : null}
          <span className={`flex flex-col items-center rounded-lg font-extrabold tabular-nums ${box} ${size}`}>
            <span data-unit={unit.key}>{unit.value}</span>
            <span className="text-[10px] font-medium uppercase tracking-wide">{unit.label}</span>
          </span>
        </span>
      ))}
    </div>
  );
}

/** The banner with the countdown (sticky on the business page, as the spec says). */
export function CountdownBanner({ target, now, sticky = false }: { target: number | null; now: number; sticky?: boolean }) {
  const { campaignName } = useSite().claims;
  if (target === null) return null;
  return (
    <div data-testid="faixa-contagem" className={`${sticky ? "sticky top-[100px] z-20" : ""} bg-red-700 text-white shadow`}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-3 px-4 py-2 sm:gap-5">
        <p className="flex items-center gap-2 font-bold">
          <Clock aria-hidden="true" className="size-5" /> A {campaignName} termina em
        </p>
        <ResultCountdown target={target} now={now} compact />
      </div>
    </div>
  );
}

/** A recommended course as its result page's loader sends it (app/server/content/courses.server.ts resultCourses). */
export type ResultCourse = {
  id: number;
  name: string;
  area: string;
  modality: string;
  duration: string;
  description: string;
  url: string;
  icon: string;
  photo: StoredPhoto | null;
};

/** The cards show the course's own icon until it has a photo, like the catalogue's cards. */
export function CourseCard({ course }: { course: ResultCourse }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100">
        {course.photo ? (
          <ContentPicture
            photo={course.photo}
            sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
            className="block h-full w-full"
            imgClassName="h-full w-full object-cover"
          />
        ) : (
          <img
            src={courseIconSrc(course.icon as CourseIcon)}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16"
            data-testid="course-icon"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{course.area}</p>
        <h3 className="mt-1 text-lg font-bold text-slate-900">{course.name}</h3>
        <p className="mt-1 text-sm text-slate-600">
          {course.modality} · {course.duration}
        </p>
        <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">{course.description}</p>
        <ButtonLink to={course.url} variant="primary" size="md" weight="bold" className="mt-4">
          Conhecer o curso<span className="sr-only"> {course.name}</span>
        </ButtonLink>
      </div>
    </li>
  );
}

/** The cards of `ids`, in that order; a course the loader did not send (deactivated) is left out. */
export function CourseGrid({ ids, courses, testId }: { ids: number[]; courses: Record<number, ResultCourse>; testId?: string }) {
  const shown = ids.map((id) => courses[id]).filter((course): course is ResultCourse => course !== undefined);
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {shown.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </ul>
  );
}

export function ExtraCourseList({ items }: { items: ExtraCourse[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.name} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h4 className="font-bold text-slate-900">{item.name}</h4>
          <p className="mt-1 text-sm text-slate-600">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Por que este perfil?': how the answers led to the profile (LGPD art. 20 gives people the right
 * to understand an automated decision about them).
 */
export function WhyThisProfile({
  tally,
  letter,
  resultTitle,
  shownIsResult,
  resultUrl,
}: {
  tally: Tally;
  letter: Letter;
  resultTitle: string;
  /** False when the visitor opened a profile page other than their own result. */
  shownIsResult: boolean;
  resultUrl: string;
}) {
  return (
    <section aria-labelledby="por-que" className="mx-auto max-w-6xl px-4 py-12">
      <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
        <h2 id="por-que" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <HelpCircle aria-hidden="true" className="size-6 text-brand-600" /> Por que este perfil?
        </h2>
        <p className="mt-3 text-slate-700">
          Cada alternativa do teste corresponde a uma área. Contamos quantas vezes você escolheu cada uma nas {TOTAL_QUESTIONS}{" "}
          perguntas: a área mais escolhida define o perfil (em caso de empate, vale a ordem A, B, C, D). Você escolheu mais vezes
          as alternativas de <strong>{LETTER_THEMES[letter]}</strong>, por isso seu resultado é <strong>{resultTitle}</strong>.
        </p>
        {!shownIsResult ? (
          <p className="mt-3 text-slate-700">
            Esta página mostra outro perfil para você conhecer.{" "}
            <Link to={resultUrl} className="font-semibold text-brand-700 underline">
              Ver o meu resultado
            </Link>
          </p>
        ) : null}
        <ul className="mt-6 space-y-3" aria-label="Suas respostas por área">
          {LETTERS.map((l) => {
            const percent = Math.round((tally[l] / TOTAL_QUESTIONS) * 100);
            return (
              <li key={l} data-letter={l}>
                <div className="flex justify-between text-sm">
                  <span className={l === letter ? "font-bold text-slate-900" : "text-slate-700"}>
                    {l}: {LETTER_THEMES[l]}
                  </span>
                  <span className="font-semibold tabular-nums">
                    {tally[l]} de {TOTAL_QUESTIONS}
                  </span>
                </div>
                <div className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <div
                    className={`h-full rounded-full ${l === letter ? "bg-brand-600" : "bg-slate-400"}`}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          O resultado é uma sugestão automática e não decide nada por você. Quer outra leitura? Refaça o teste ou converse com um
          consultor. Saiba como tratamos seus dados na{" "}
          <Link to="/privacidade" className="font-semibold text-brand-700 underline">
            Política de Privacidade
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

export function RetakeLink({ className = "" }: { className?: string }) {
  return (
    <Link
      to="/teste-vocacional"
      className={`inline-flex items-center justify-center gap-2 rounded-lg border-2 border-current px-5 py-3 font-bold ${className}`}
    >
      <RotateCcw aria-hidden="true" className="size-5" /> Refazer o teste
    </Link>
  );
}

export function GraduationLink({ className = "" }: { className?: string }) {
  return (
    <Link
      to="/teste-vocacional/simulacao-formatura"
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 font-bold ${className}`}
    >
      <GraduationCap aria-hidden="true" className="size-5" /> Ver minha simulação de formatura
    </Link>
  );
}

/** The consultant button: the form modal greets the visitor by name. */
export function ConsultantButton({
  nome,
  title,
  description,
  children,
  className,
}: {
  nome: string;
  title?: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const { claims } = useSite();
  return (
    <FormLink
      type="contact"
      title={title ?? `${nome}, fale com um consultor`}
      description={
        description ??
        `${nome}, um consultor vai ajudar você a escolher o curso ideal e garantir sua bolsa de até ${claims.selectedBolsa}.`
      }
      className={className}
    >
      {children}
    </FormLink>
  );
}

/** The desktop bottom bar with the countdown and the call to action. */
export function BottomBar({
  target,
  now,
  nome,
  buttonLabel,
  title,
  description,
}: {
  target: number | null;
  now: number;
  nome: string;
  buttonLabel: string;
  title?: string;
  description?: string;
}) {
  const { whatsappNumber, claims } = useSite();
  return (
    <>
      <div className="hidden h-24 lg:block" aria-hidden="true" />
      <div
        data-testid="barra-inferior"
        className="fixed inset-x-0 bottom-0 z-20 hidden bg-slate-900/95 text-white shadow-2xl lg:block"
      >
        {/* Room on the right for the floating buttons: the assistant's (pr-24), and the WhatsApp one beside it (pr-40). */}
        <div
          className={`mx-auto flex max-w-6xl items-center justify-between gap-6 py-3 pl-4 ${whatsappNumber ? "pr-40" : "pr-24"}`}
        >
          {target !== null && claims.campaignRunning && (
            <>
              <p className="font-semibold">
                {claims.campaignName}: bolsa de até {claims.bolsa} <span className="text-slate-300">· termina em</span>
              </p>
              <ResultCountdown target={target} now={now} compact />
            </>
          )}
          <ConsultantButton
            nome={nome}
            title={title}
            description={description}
            className="rounded-lg bg-accent-400 px-6 py-3 font-extrabold text-slate-900 hover:bg-accent-300"
          >
            {buttonLabel}
          </ConsultantButton>
        </div>
      </div>
    </>
  );
}
