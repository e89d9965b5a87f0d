import { Link } from "react-router";

import { requirePermission } from "~/features/staff/auth.server";
import { webhookGuide } from "~/features/webhooks/guide.server";
import { privatePageMeta } from "~/shared/seo";
import { Title } from "~/ui/title";

import type { Route } from "./+types/guide";

/**
 * /admin/webhooks/guia: how the university's CRM (or whoever sets it up) receives the webhooks, in
 * pt-BR, inside the staff area: the events, the headers, the signature with an example to test
 * against, and what each answer makes the site do. Everything in it is derived from the outbox.
 */

export const meta = privatePageMeta(
  "Como receber os webhooks - Painel Administrativo",
  "O formato dos eventos, a assinatura e as tentativas.",
);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "webhooks");
  return webhookGuide();
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 max-w-3xl">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** A code block; it scrolls sideways on a narrow screen, so the keyboard can reach it too. */
function Code({ children, testId, label }: { children: string; testId?: string; label: string }) {
  return (
    <section
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100"
      data-testid={testId}
    >
      <pre>
        <code>{children}</code>
      </pre>
    </section>
  );
}

export default function WebhooksGuide({ loaderData }: Route.ComponentProps) {
  const { events, example, retries, timeout, verifyCode } = loaderData;
  return (
    <article aria-labelledby="guia-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <p className="text-sm">
        <Link to="/admin/webhooks">← Voltar aos webhooks</Link>
      </p>
      <Title id="guia-titulo" size="area" className="mt-2">
        Como receber os webhooks
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Para quem configura o CRM (ou o pequeno programa na frente dele): o que o site envia, como conferir que foi mesmo o site
        que enviou, e o que cada resposta faz o site fazer.
      </p>

      <Section id="eventos" title="O que o site envia">
        <p>Um POST com um JSON assinado para cada endereço ativo, a cada um destes eventos:</p>
        <table className="w-full text-left" data-testid="guide-events">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-3">
                Evento (type)
              </th>
              <th scope="col" className="py-2">
                Quando
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.type} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3 font-mono text-xs whitespace-nowrap">{event.type}</td>
                <td className="py-2">{event.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="cabecalhos" title="Os cabeçalhos de cada envio">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code>X-Webhook-Id</code>: o número do evento (o mesmo <code>id</code> do corpo). Uma nova tentativa, ou um
            &quot;Reenviar&quot;, traz o <strong>mesmo</strong> número: guarde os que já tratou e ignore a repetição.
          </li>
          <li>
            <code>X-Webhook-Timestamp</code>: quando esta tentativa saiu, em segundos Unix (muda a cada tentativa).
          </li>
          <li>
            <code>X-Webhook-Signature</code>: <code>sha256=</code> seguido do HMAC-SHA256, em hexadecimal, de{" "}
            <code>&lt;timestamp&gt;.&lt;corpo&gt;</code> (o timestamp, um ponto e o corpo exatamente como chegou), com o segredo
            do endereço.
          </li>
          <li>Nenhum cookie, sessão ou senha do site é enviado, e redirecionamentos não são seguidos.</li>
        </ul>
      </Section>

      <Section id="exemplo" title="Exemplo de corpo (lead.created)">
        <p>
          Todo campo vem sempre (texto vazio ou <code>null</code> quando não se sabe), então um mapeamento nunca encontra chave
          faltando. Os dados abaixo são de exemplo.
        </p>
        <Code testId="guide-example-body" label="Exemplo de corpo">
          {example.body}
        </Code>
      </Section>

      <Section id="assinatura" title="Como conferir a assinatura">
        <ol className="list-decimal space-y-1 pl-5">
          <li>Leia o corpo bruto, sem reconverter o JSON: a assinatura é sobre os bytes recebidos.</li>
          <li>
            Calcule o HMAC-SHA256 de <code>timestamp + &quot;.&quot; + corpo</code> com o segredo e compare com o cabeçalho em
            tempo constante.
          </li>
          <li>Recuse um timestamp muito distante de agora (5 minutos é uma boa janela).</li>
          <li>Ignore um X-Webhook-Id que já tratou.</li>
        </ol>
        <Code label="Código de verificação em Node.js">{verifyCode}</Code>
        <p>
          Para testar o seu código: com o segredo <code>{example.secret}</code>, o timestamp <code>{example.timestamp}</code> e o
          corpo do exemplo em uma linha (como o site envia), a assinatura tem de dar:
        </p>
        <Code testId="guide-example-signature" label="Assinatura esperada">
          {example.signature}
        </Code>
        <details className="text-xs">
          <summary className="cursor-pointer">O corpo do exemplo em uma linha</summary>
          <Code testId="guide-example-raw" label="Corpo em uma linha">
            {example.rawBody}
          </Code>
        </details>
      </Section>

      <Section id="respostas" title="O que a sua resposta faz o site fazer">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>2xx</strong>: entregue. Responda rápido e faça o trabalho demorado depois: o site espera até o tempo de espera
            do endereço ({timeout.default} s se ninguém mudou; de {timeout.min} a {timeout.max} s).
          </li>
          <li>
            <strong>5xx, 408, 429, tempo esgotado ou erro de rede</strong>: o site tenta de novo, com espera crescente a partir de{" "}
            {retries.firstDelaySeconds} s e no máximo {retries.maxDelayMinutes} min entre tentativas, até {retries.maxAttempts}{" "}
            tentativas. Depois disso a entrega fica como &quot;Falhou&quot;.
          </li>
          <li>
            <strong>Tempo esgotado</strong> pode querer dizer que o evento chegou (só demorou): depois de{" "}
            {retries.timeoutAttempts} tentativas com a última sem resposta, o site para e mostra &quot;Sem confirmação&quot;.
            Aumente o tempo de espera se o seu receptor é lento.
          </li>
          <li>
            <strong>Outros 4xx e redirecionamentos (3xx)</strong>: não há nova tentativa (o receptor recusou este corpo):
            &quot;Falhou&quot; na hora.
          </li>
          <li>
            Nada se perde se o site reinicia: as entregas esperam no banco de dados e saem quando ele volta, com o mesmo
            X-Webhook-Id.
          </li>
          <li>Um endereço lento não atrasa os outros: no máximo {retries.perAddress} entregas por endereço ao mesmo tempo.</li>
          <li>
            &quot;Reenviar&quot;, no registro de entregas, põe uma entrega de volta na fila com novas tentativas. Um endereço
            desativado não recebe eventos novos (os pendentes esperam a reativação); remover o endereço apaga o registro dele.
          </li>
          <li>
            Endereços internos (localhost, redes privadas, o próprio servidor) são bloqueados: o registro mostra
            &quot;Bloqueado&quot;.
          </li>
        </ul>
      </Section>
    </article>
  );
}
