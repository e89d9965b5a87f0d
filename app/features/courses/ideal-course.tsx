import { Bot, ClipboardList, Compass, MessageCircle, Sparkles } from "lucide-react";

import { selectedBolsaFromMatches } from "~/features/campaign/claims";
import { FormLink } from "~/features/leads/forms/form-link";
import { useSite } from "~/features/site/use-site";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta } from "~/shared/seo";
import { Badge } from "~/ui/badge";
import { buttonClass, ButtonLink } from "~/ui/button";
import { SectionHeading } from "~/ui/section-heading";
import { Title } from "~/ui/title";

import type { Route } from "./+types/ideal-course";

/** Plain HTML in the browser: no React, only the islands its markup names (decisions 092, 099). */
export const handle = { framework: false } satisfies PageScriptsHandle;

export const meta: Route.MetaFunction = (args) => {
  return pageMeta(args, {
    title: "Curso Ideal com assistente virtual",
    description: `Converse com o nosso assistente virtual e descubra o curso ideal para você: tire dúvidas sobre áreas, modalidades, duração e bolsas de até ${selectedBolsaFromMatches(args.matches)}.`,
  });
};

const STEPS = [
  {
    icon: MessageCircle,
    title: "Conte sobre você",
    text: "Diga do que gosta, quanto tempo tem para estudar e onde quer chegar.",
  },
  {
    icon: Sparkles,
    title: "Receba sugestões",
    text: "O assistente indica cursos do nosso catálogo que combinam com o seu perfil.",
  },
  {
    icon: ClipboardList,
    title: "Garanta sua bolsa",
    text: "Escolheu? Um consultor confirma o seu desconto e ajuda na matrícula.",
  },
];

/** The assistant's intro page: what the AI assistant does, with a way into it. */
export default function IdealCoursePage() {
  const site = useSite();
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-900 to-brand-600 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-[1.3fr_1fr]">
          <div>
            <Badge icon={Bot}>Assistente virtual</Badge>
            <Title size="hero" onDark className="mt-4">
              Descubra seu curso ideal conversando
            </Title>
            <p className="mt-4 max-w-xl text-lg text-slate-100">
              Nosso assistente virtual tira suas dúvidas sobre cursos, modalidades, duração e bolsas, a qualquer hora, e ajuda
              você a escolher o próximo passo da sua carreira.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/assistente" variant="accent" size="2xl">
                <MessageCircle aria-hidden="true" className="size-5" />
                {site.assistantUrl ? "Conversar com o assistente" : "Encontrar meu curso"}
              </ButtonLink>
              <ButtonLink to="/curso-id" variant="inverse" size="xl" className="min-h-12">
                <Compass aria-hidden="true" className="size-5" />
                Responder 3 perguntas rápidas
              </ButtonLink>
            </div>
          </div>
          <svg
            viewBox="0 0 320 240"
            width="320"
            height="240"
            role="img"
            aria-label="Ilustração: conversa com o assistente virtual"
            className="mx-auto h-auto w-full max-w-sm"
          >
            <rect x="20" y="20" width="280" height="200" rx="24" fill="#ffffff" opacity="0.12" />
            <rect x="44" y="48" width="170" height="40" rx="14" fill="#ffffff" />
            <rect x="60" y="62" width="120" height="10" rx="5" fill="#94a3b8" />
            <rect x="106" y="104" width="170" height="40" rx="14" fill="#facc15" />
            <rect x="122" y="118" width="130" height="10" rx="5" fill="#854d0e" />
            <rect x="44" y="160" width="140" height="40" rx="14" fill="#ffffff" />
            <rect x="60" y="174" width="90" height="10" rx="5" fill="#94a3b8" />
            <circle cx="262" cy="180" r="26" fill="#1f56c8" stroke="#ffffff" strokeWidth="4" />
            <rect x="248" y="170" width="28" height="20" rx="6" fill="#ffffff" />
            <circle cx="256" cy="180" r="3" fill="#1f56c8" />
            <circle cx="268" cy="180" r="3" fill="#1f56c8" />
          </svg>
        </div>
      </section>

      <section aria-labelledby="como-funciona" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id="como-funciona" center>
          Como funciona
        </SectionHeading>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <step.icon aria-hidden="true" className="size-8 text-brand-600" />
              <h3 className="mt-4 text-lg font-bold text-slate-900">
                {i + 1}. {step.title}
              </h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-12 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Prefere falar com uma pessoa?</h2>
          <p className="text-slate-600">Nossos consultores atendem {site.phoneHours.toLowerCase()}.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <FormLink type="contact" className={buttonClass({ variant: "primary", size: "xl" })}>
              Fale com um consultor
            </FormLink>
            <ButtonLink to="/teste-vocacional" variant="secondary" size="xl">
              Fazer o teste vocacional
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
