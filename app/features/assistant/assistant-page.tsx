import { Bot } from "lucide-react";
import { Link } from "react-router";

import { ASSISTANT_TEXTS, AssistantFrame } from "~/features/assistant/assistant-frame";
import { QuickCourseFinder } from "~/features/assistant/quick-course-finder";
import { telHref, useSite } from "~/features/site/use-site";
import { pageMeta } from "~/shared/seo";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/assistant-page";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Assistente virtual: tire suas dúvidas e encontre seu curso",
    description:
      "Converse com o nosso assistente virtual: dúvidas sobre cursos, modalidades, bolsas e matrícula, a qualquer hora.",
  });

/**
 * The full-page assistant: the chat is open as the page loads, not behind a button. With no
 * assistant URL configured it offers the course finder instead of a frame that cannot load.
 */
export default function AssistantPage() {
  const site = useSite();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <Title size="page" icon={<Bot aria-hidden="true" className="size-8 text-brand-600" />}>
              {ASSISTANT_TEXTS.title}
            </Title>
            <p className="mt-2 text-slate-600">Tire suas dúvidas sobre cursos, bolsas e matrícula e encontre o curso ideal.</p>
          </div>
          <Link to="/curso-ideal" className={textLink("text-sm")}>
            Como o assistente funciona
          </Link>
        </div>
        {site.assistantUrl ? (
          <div className="mt-6 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <AssistantFrame url={site.assistantUrl} className="h-[600px] md:h-[800px]" />
          </div>
        ) : (
          <div className="mt-6 grid gap-6 md:grid-cols-[1fr_1fr]">
            <section aria-labelledby="encontre-curso" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <SectionHeading id="encontre-curso" size="card">
                Encontre seu curso em três perguntas
              </SectionHeading>
              <p className="mt-2 text-slate-600">
                Escolha a área, a modalidade e a duração e veja os cursos que combinam com você.
              </p>
              <div className="mt-5">
                <QuickCourseFinder idPrefix="page-finder" />
              </div>
            </section>
            <section aria-labelledby="outras-formas" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <SectionHeading id="outras-formas" size="card">
                Outras formas de decidir
              </SectionHeading>
              <ul className="mt-4 space-y-4 text-slate-700">
                <li>
                  <Link to="/curso-id" className={textLink()}>
                    Curso Ideal passo a passo
                  </Link>
                  : uma pergunta de cada vez, com quantos cursos há em cada opção.
                </li>
                <li>
                  <Link to="/teste-vocacional" className={textLink()}>
                    Teste vocacional gratuito
                  </Link>
                  : 20 perguntas para descobrir o seu perfil.
                </li>
                <li>
                  <Link to="/#cursos" className={textLink()}>
                    Catálogo completo
                  </Link>
                  : todos os cursos por área, com busca.
                </li>
                <li>
                  Fale com um consultor pelo telefone{" "}
                  <a href={telHref(site.phone)} className={textLink()}>
                    {site.phone}
                  </a>{" "}
                  ({site.phoneHours.toLowerCase()}).
                </li>
              </ul>
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
