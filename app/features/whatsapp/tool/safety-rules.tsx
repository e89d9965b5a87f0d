/**
 * The sender's safety rules in plain pt-BR, with their defaults (helper/README.md, "Regras de
 * segurança", says the same to whoever installs it). The send panel shows the values in force today.
 */
const RULES: { title: string; text: string }[] = [
  {
    title: "Ritmo",
    text: "uma mensagem a cada 30 a 60 segundos; a estimativa conta também o limite diário, o aquecimento e o horário de envio (100 contatos de um número novo só terminam no terceiro dia).",
  },
  {
    title: "Limite diário",
    text: "no máximo 200 mensagens por dia por número; se o WhatsApp informar um limite menor para conversas novas, vale o menor.",
  },
  {
    title: "Número novo",
    text: "nos primeiros dias o limite cresce aos poucos: 20 no primeiro dia, 40 no segundo, 80 no terceiro, depois o limite diário.",
  },
  {
    title: "Horário de envio",
    text: "de segunda a sábado, das 08:00 às 20:00, no horário de São Paulo. Fora dele o envio pausa e continua sozinho na próxima abertura.",
  },
  {
    title: "Conta restrita",
    text: "se o WhatsApp recusar uma mensagem (erro 463), o ajudante pergunta se a conta está restrita: se estiver, o envio para até o fim que o WhatsApp informa; se não, só aquela mensagem é recusada, e a terceira recusa em uma hora (ou o WhatsApp sem resposta) para o envio por 24 horas.",
  },
  {
    title: "Histórico neste computador",
    text: "as listas de contatos ficam no ajudante só 14 dias depois do fim de cada envio, e quem teve os dados apagados no site sai também de lá.",
  },
  {
    title: "Quem pede para sair",
    text: "respostas como SAIR, PARAR, PARE, STOP, CANCELAR, DESCADASTRAR ou “não quero mais receber” valem para todos os operadores: a pessoa não recebe mais mensagens de ninguém.",
  },
  {
    title: "Respostas",
    text: "toda resposta de um contato chega à página Respostas; reclamações, denúncias e pedidos sobre dados pessoais aparecem primeiro. Um descadastro só é desfeito na página Descadastros, com o motivo registrado.",
  },
  { title: "Rodapé", text: "cada mensagem termina com “Responda SAIR para não receber mais mensagens”." },
  {
    title: "Sem repetição",
    text: "quem já recebeu o mesmo texto nos últimos 7 dias é pulado (“já enviado em dd/mm”), mesmo se a lista for colada de novo.",
  },
  {
    title: "Programa fechado no meio do envio",
    text: "ao abrir de novo, o envio volta pausado com o progresso guardado, e nada é enviado duas vezes.",
  },
  {
    title: "Chave de cada computador",
    text: "cada arquivo de início baixado traz uma chave própria, registrada no site com o nome de quem baixou; na primeira execução ela passa para a pasta privada do ajudante, que só a sua conta do computador lê, e sai do arquivo. Em Gerenciamento de Senhas ela pode ser revogada: o ajudante para na hora.",
  },
  {
    title: "Ajudante verificado",
    text: "antes de conectar, esta página confirma com o site que o programa na porta do ajudante tem uma chave válida; se outro programa responder, nada é entregue a ele.",
  },
  {
    title: "Arquivos privados",
    text: "a sessão do WhatsApp e as listas de contatos ficam só na sua conta do computador; se a sessão gravada se corromper, o ajudante avisa e pede um QR code novo em vez de criar outra em silêncio.",
  },
];

export function SafetyRules() {
  return (
    <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700" data-testid="safety-rules">
      <summary className="cursor-pointer font-semibold text-slate-900">Regras de segurança do envio</summary>
      <p className="mt-2">
        O WhatsApp restringe ou bane números que parecem enviar spam, e quem pediu para sair não pode receber outra mensagem. Por
        isso o ajudante segue estas regras:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {RULES.map((rule) => (
          <li key={rule.title}>
            <strong>{rule.title}:</strong> {rule.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
