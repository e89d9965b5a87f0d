import { useLoaderData } from "react-router";

import { telHref, useSite } from "~/features/site/use-site";
import { config } from "~/platform/config.server";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/** Plain HTML in the browser: no React, only the islands its markup names (decision 092). */
export const handle = { framework: false } satisfies PageScriptsHandle;

export function loader() {
  return { retentionDays: config.leadRetentionDays };
}

export function meta() {
  return [
    { title: "Política de Privacidade" },
    { name: "description", content: "Como tratamos seus dados pessoais, de acordo com a LGPD (Lei 13.709/2018)." },
  ];
}

function retentionText(days: number): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return years === 1 ? "1 ano" : `${years} anos`;
  }
  return `${days} dias`;
}

export default function PrivacyPage() {
  const { retentionDays } = useLoaderData<typeof loader>();
  const site = useSite();
  return (
    <article className="prose-legal mx-auto max-w-3xl px-4 py-12 text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      <Title size="page">Política de Privacidade</Title>
      <p>
        Esta política explica como a {site.companyName} ({site.brandName}){site.taxId && `, CNPJ ${site.taxId},`} trata os dados
        pessoais de quem usa este site, conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).
      </p>

      <h2>Quais dados coletamos</h2>
      <ul>
        <li>
          <strong>Formulários de inscrição e de contato:</strong> nome, telefone, e-mail, cidade, curso de interesse e polo.
        </li>
        <li>
          <strong>Teste vocacional:</strong> nome, telefone, e-mail, as cinco respostas da sondagem profissional (situação de
          trabalho, área de atuação, satisfação, objetivo de carreira e área desejada), as respostas das 20 perguntas e o perfil
          resultante.
        </li>
        <li>
          <strong>Origem da visita:</strong> parâmetros de campanha (utm_source, utm_medium, utm_campaign, utm_term, utm_content)
          e o site que indicou o nosso, quando existirem.
        </li>
        <li>
          <strong>Registro do consentimento:</strong> a data e a versão do texto de consentimento que você aceitou.
        </li>
        <li>
          <strong>Mensagens pelo WhatsApp:</strong> quando nossa equipe envia uma mensagem pelo WhatsApp, guardamos o nome, o
          número, o texto enviado, o resultado do envio e o horário.
        </li>
      </ul>

      <h2>Para que usamos</h2>
      <ul>
        <li>Entrar em contato para apresentar cursos, bolsas e condições de matrícula que você pediu para conhecer.</li>
        <li>Mostrar o resultado do teste vocacional e recomendar cursos compatíveis com o seu perfil.</li>
        <li>Medir quais campanhas trazem interessados, de forma agregada.</li>
      </ul>
      <p>
        A base legal é o seu consentimento (art. 7º, I) e, quando você pede informações sobre matrícula, os procedimentos
        preliminares a um contrato (art. 7º, V). Não vendemos seus dados.
      </p>

      <h2>Perfil gerado pelo teste vocacional</h2>
      <p>
        O perfil do teste é calculado automaticamente a partir das suas respostas: cada alternativa corresponde a uma área (A:
        saúde e pessoas; B: negócios e gestão; C: tecnologia e análise; D: criatividade e comunicação) e o perfil é a área mais
        escolhida. A página de resultado explica como suas respostas levaram ao perfil, e você pode pedir a revisão dessa decisão
        (art. 20 da LGPD).
      </p>

      <h2>Por quanto tempo guardamos</h2>
      <p>
        Guardamos os dados de contato por até {retentionText(retentionDays)} após o último envio de formulário, e o registro de
        cada mensagem de WhatsApp pelo mesmo prazo após o envio. Depois desse prazo eles são apagados pela rotina de limpeza
        periódica do site. O progresso do teste fica em um cookie do seu navegador e expira em 30 dias.
      </p>

      <h2>Com quem compartilhamos</h2>
      <p>
        Apenas com a equipe de atendimento e com os polos de apoio presencial da instituição, para responder ao seu pedido, e com
        prestadores que hospedam o site, sob contrato de confidencialidade.
      </p>

      <h2>Cookies</h2>
      <p>
        Usamos somente cookies necessários: um guarda o progresso do teste vocacional e a origem da visita; os outros mantêm a
        sessão de quem trabalha nas áreas restritas (painel administrativo e ferramenta de WhatsApp). Não usamos cookies de
        publicidade.
      </p>

      <h2>Seus direitos e como pedir a exclusão</h2>
      <p>
        Você pode pedir a confirmação do tratamento, o acesso, a correção, a portabilidade ou a exclusão dos seus dados, e revogar
        o consentimento a qualquer momento. Escreva para{" "}
        <a className={textLink()} href={`mailto:${site.privacyEmail}`}>
          {site.privacyEmail}
        </a>{" "}
        informando o e-mail usado no formulário, ou ligue para{" "}
        <a className={textLink()} href={telHref(site.phone)}>
          {site.phone}
        </a>{" "}
        ({site.phoneHours}). Respondemos em até 15 dias. Se você pedir, enviamos uma cópia de tudo o que guardamos sobre você; a
        exclusão apaga todos os registros ligados ao seu e-mail (de todos os formulários) e as mensagens de WhatsApp enviadas ao
        seu telefone.
      </p>

      <h2>Encarregado pelo tratamento de dados pessoais</h2>
      {site.dpoName ? (
        <p data-testid="encarregado">
          O Encarregado (LGPD, art. 41) é <strong>{site.dpoName}</strong>
          {site.dpoEmail ? (
            <>
              , pelo e-mail{" "}
              <a className={textLink()} href={`mailto:${site.dpoEmail}`}>
                {site.dpoEmail}
              </a>
            </>
          ) : null}
          .
        </p>
      ) : (
        <p data-testid="encarregado">
          O nome do Encarregado (LGPD, art. 41) ainda será publicado aqui. Até lá, escreva para{" "}
          <a className={textLink()} href={`mailto:${site.privacyEmail}`}>
            {site.privacyEmail}
          </a>
          .
        </p>
      )}

      <h2>Segurança</h2>
      <p>
        Os dados ficam em servidor próprio, acessível apenas pela equipe autorizada com senha. Senhas são guardadas com hash e as
        conexões usam HTTPS.
      </p>

      <p className="mt-10 text-sm text-slate-500">Versão 2 desta política.</p>
    </article>
  );
}
