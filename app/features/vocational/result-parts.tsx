import { Briefcase, Calculator, Code, GraduationCap, Heart, type LucideIcon, Megaphone, Palette, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { FormLink } from "~/features/leads/forms/form-link";
import { useSite } from "~/features/site/use-site";
import type { ProfileIcon } from "~/features/vocational/profiles.seed";
import { Badge } from "~/ui/badge";
import { Title } from "~/ui/title";

import { ResultCountdown } from "./result-countdown";

export const PROFILE_ICONS: Record<ProfileIcon, LucideIcon> = {
  heart: Heart,
  briefcase: Briefcase,
  code: Code,
  palette: Palette,
  calculator: Calculator,
  megaphone: Megaphone,
};

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

/** Who the consultant form greets, and its title and description when the page has its own. */
export type ConsultantForm = { nome: string; title?: string; description?: string };

/** The accent call to action of the result pages (the form link is not a router link: no ButtonLink). */
const CONSULTANT_LOOK = "rounded-lg bg-accent-400 px-6 py-3 font-extrabold text-slate-900 hover:bg-accent-300";

/** The consultant button: the form modal greets the visitor by name. */
export function ConsultantButton({ form, children }: { form: ConsultantForm; children: ReactNode }) {
  const { claims } = useSite();
  const { nome, title, description } = form;
  return (
    <FormLink
      type="contact"
      title={title ?? `${nome}, fale com um consultor`}
      description={
        description ??
        `${nome}, um consultor vai ajudar você a escolher o curso ideal e garantir sua bolsa de até ${claims.selectedBolsa}.`
      }
      className={CONSULTANT_LOOK}
    >
      {children}
    </FormLink>
  );
}

/**
 * The top of a result page: the profile's icon and colours, the visitor's name, the profile's name
 * and texts, and the page's buttons (children).
 */
export function ResultHero({
  heroClass,
  icon: Icon,
  nome,
  heading,
  name,
  tagline,
  heroPhrase,
  description,
  children,
}: {
  heroClass: string;
  icon: LucideIcon;
  nome: string;
  /** What precedes the profile's name in the heading ("Seu perfil:"). */
  heading: string;
  name: string;
  tagline: string;
  heroPhrase: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className={`${heroClass} text-white`}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <Badge icon={Icon}>Resultado do teste vocacional</Badge>
        <p className="mt-5 text-lg font-semibold">Parabéns, {nome}!</p>
        <Title size="hero" onDark className="mt-1">
          {heading} <span className="text-accent-300">{name}</span>
        </Title>
        <p className="mt-4 text-xl font-semibold">{tagline}</p>
        <p className="mt-2 max-w-3xl text-lg text-white/90">{heroPhrase}</p>
        <p className="mt-2 max-w-3xl text-white/80">{description}</p>
        <div className="mt-8 flex flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}

/**
 * The closing call to action: the scholarship, the countdown to the campaign's end, the page's consultant button
 * (children), the graduation picture and, when the page offers it, 'Refazer o teste'.
 */
export function ResultCta({
  nome,
  countdownEnd,
  now,
  note,
  retake = false,
  children,
}: {
  nome: string;
  countdownEnd: number | null;
  now: number;
  /** A line under the heading. */
  note?: string;
  retake?: boolean;
  children: ReactNode;
}) {
  const { selectedBolsa } = useSite().claims;
  return (
    <section aria-labelledby="cta" className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-14 text-center">
        <h2 id="cta" className="text-2xl font-extrabold sm:text-3xl">
          {nome}, garanta sua bolsa de até {selectedBolsa}
        </h2>
        {note ? <p className="max-w-2xl text-brand-100">{note}</p> : null}
        {countdownEnd !== null && <ResultCountdown target={countdownEnd} now={now} />}
        <div className="flex flex-wrap justify-center gap-3">
          {children}
          <GraduationLink className="bg-white/10 text-white hover:bg-white/20" />
          {retake ? <RetakeLink className="text-white hover:bg-white/10" /> : null}
        </div>
      </div>
    </section>
  );
}

/** The desktop bottom bar with the countdown and the call to action. */
export function BottomBar({
  target,
  now,
  form,
  buttonLabel,
}: {
  target: number | null;
  now: number;
  form: ConsultantForm;
  buttonLabel: string;
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
          <ConsultantButton form={form}>{buttonLabel}</ConsultantButton>
        </div>
      </div>
    </>
  );
}
