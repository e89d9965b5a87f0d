import { CheckCircle2, Phone, Sparkles, Star, Users, Zap } from "lucide-react";
import { Link } from "react-router";

import { telHref, useSite } from "~/features/site/use-site";
import { VOCATIONAL_PATHS } from "~/features/vocational/paths";
import { Badge } from "~/ui/badge";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/** The pieces of the vocational test's lead form page (/teste-vocacional) around the form. */

/** The studio's figures ("Página inicial"), each left out while empty (decision 081). */
export type SocialProof = { testTakers: string; satisfaction: string };

function proofItems(proof: SocialProof) {
  return [
    ...(proof.testTakers ? [{ icon: Users, text: `${proof.testTakers} pessoas descobriram sua vocação` }] : []),
    ...(proof.satisfaction ? [{ icon: Star, text: `${proof.satisfaction} de satisfação` }] : []),
    { icon: Zap, text: "Resultado instantâneo" },
  ];
}

/** The page's top: '100% gratuito', the phone, the title and the social proof. */
export function LeadFormIntro({ proof }: { proof: SocialProof }) {
  const site = useSite();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Badge icon={Sparkles} tone="accent">
          100% gratuito
        </Badge>
        <a
          href={telHref(site.phone)}
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          <Phone aria-hidden="true" className="size-4" /> Dúvidas? Ligue {site.phone}
        </a>
      </div>
      <Title size="banner" className="mt-4">
        Teste Vocacional
      </Title>
      <p className="mt-2 max-w-2xl text-lg text-slate-600">
        Responda 20 perguntas rápidas, descubra seu perfil profissional e veja os cursos que mais combinam com você.
      </p>

      <ul className="mt-6 grid gap-3 sm:grid-cols-3" aria-label="Quem já fez o teste">
        {proofItems(proof).map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex items-center gap-3 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-slate-800 shadow-sm"
          >
            <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            {text}
          </li>
        ))}
      </ul>
    </>
  );
}

/** 'Sobre o teste': how many took it (when the studio says), and what the test gives. */
export function TestFacts({ proof }: { proof: SocialProof }) {
  const { selectedBolsa } = useSite().claims;
  return (
    <aside className="space-y-4" aria-label="Sobre o teste">
      <div className="rounded-2xl bg-brand-700 p-6 text-white shadow-lg">
        {proof.testTakers ? (
          <>
            <p className="text-3xl font-extrabold">{proof.testTakers}</p>
            <p className="mt-1 font-semibold">pessoas já descobriram sua vocação com o nosso teste.</p>
          </>
        ) : (
          <p className="text-xl font-extrabold">Descubra a sua vocação com o nosso teste.</p>
        )}
        <p className="mt-3 text-sm text-brand-100">Agora é a sua vez: leva menos de 5 minutos.</p>
      </div>
      <ul className="space-y-3 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow ring-1 ring-slate-200">
        {[
          "20 perguntas rápidas",
          "Resultado na hora",
          "Cursos recomendados para o seu perfil",
          `Bolsas de até ${selectedBolsa}`,
        ].map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-green-600" /> {item}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** Shown to a visitor who already gave their data: carry on, or start again with the form below. */
export function ContinueNotice({ answered, resultUrl }: { answered: number; resultUrl: string | null }) {
  return (
    <div className="mb-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      {resultUrl ? (
        <p>
          Você já concluiu o teste.{" "}
          <Link to={resultUrl} className={textLink()}>
            Ver meu resultado
          </Link>{" "}
          ou envie o formulário abaixo para refazer.
        </p>
      ) : (
        <p>
          Você já começou o teste ({answered} de 20 perguntas respondidas).{" "}
          <Link to={VOCATIONAL_PATHS.questions} className={textLink()}>
            Continuar de onde parei
          </Link>{" "}
          ou envie o formulário abaixo para recomeçar.
        </p>
      )}
    </div>
  );
}
