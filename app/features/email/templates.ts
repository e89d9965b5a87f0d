import { elapsedText } from "~/shared/format";

/**
 * E-mail texts (decision 088): pure builders of the subject, plain-text and HTML parts, shared by
 * the server's outbox (app/features/email/outbox.server.ts) and its tests. Staff alerts name the lead by first
 * name, course, polo and origin and link to the lead page: never the person's phone or e-mail.
 */

/** One plain address (no display name, no list, no line break): anything else could inject headers. */
export function isSafeEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\.]+$/.test(value);
}

/** A header text on one line: line breaks and control characters become spaces. */
export function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, 200)
  );
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The first word of a name ("Maria Aparecida da Silva" → "Maria"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

export type LeadAlertFacts = {
  firstName: string;
  course: string;
  polo: string;
  origin: string;
  /** Absolute address of the lead page in the panel. */
  link: string;
  /** Why it came to this person: the rule's name, or "Escalonamento". */
  reason: string;
};

export type EmailParts = { subject: string; text: string; html: string };

function lines(facts: LeadAlertFacts): [string, string][] {
  return [
    ["Nome", facts.firstName],
    ["Curso", facts.course || "Não informado"],
    ["Polo", facts.polo || "Não informado"],
    ["Origem", facts.origin],
    ["Motivo", facts.reason],
  ];
}

function render(intro: string, facts: LeadAlertFacts, closing: string): { text: string; html: string } {
  const rows = lines(facts);
  const text = [intro, "", ...rows.map(([k, v]) => `${k}: ${v}`), "", `Abrir o lead: ${facts.link}`, "", closing].join("\n");
  const html = [
    `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation">`,
    ...rows.map(
      ([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    ),
    `</table>`,
    `<p><a href="${escapeHtml(facts.link)}">Abrir o lead</a></p>`,
    `<p style="color:#475569">${escapeHtml(closing)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { text, html };
}

export type LeadAlertKind =
  "lead.assigned" | "lead.escalated" | "lead.unassigned" | "lead.reassigned" | "lead.request_approved" | "lead.request_refused";

/** Each staff alert's subject (the lead's first name follows it) and opening sentence. */
const LEAD_ALERTS: Record<LeadAlertKind, { subject: string; intro: string }> = {
  // To the owner: a lead was given to them.
  "lead.assigned": {
    subject: "Novo lead para você",
    intro: "Um novo lead foi atribuído a você. Faça o primeiro contato o quanto antes.",
  },
  // To the next member: a lead that waited too long was passed to them.
  "lead.escalated": {
    subject: "Lead aguardando primeiro contato",
    intro: "Um lead esperou além do prazo de primeiro contato e foi repassado a você.",
  },
  // To the previous owner: someone else moved her lead to another person (or to nobody).
  "lead.reassigned": {
    subject: "Lead repassado",
    intro: "Um lead que era seu foi repassado por outra pessoa da equipe. Ele não está mais com você.",
  },
  // To a comercial user who asked for a colleague's lead (decision 146): the manager gave it to her.
  "lead.request_approved": {
    subject: "Pedido de lead aprovado",
    intro: "O gestor aprovou o seu pedido: o lead agora está com você. Faça o contato o quanto antes.",
  },
  // To a comercial user who asked for a colleague's lead: the manager kept it where it was.
  "lead.request_refused": {
    subject: "Pedido de lead recusado",
    intro: "O gestor recusou o seu pedido: o lead continua com quem já o atendia.",
  },
  // To the admins: nobody could take a lead (everyone away, or no team).
  "lead.unassigned": {
    subject: "Lead sem responsável",
    intro: "Chegou um lead e ninguém estava disponível para recebê-lo. Ele está na fila sem responsável.",
  },
};

/** The staff alert of each kind. */
export function leadAlertEmail(kind: LeadAlertKind, facts: LeadAlertFacts): EmailParts {
  const { subject, intro } = LEAD_ALERTS[kind];
  return {
    subject: `${subject}: ${facts.firstName}`,
    ...render(intro, facts, "Mensagem automática da distribuição de leads."),
  };
}

/** One lead of an escalation run, as its e-mails list it: no name, e-mail or phone (the link opens the lead). */
export type EscalatedLeadFacts = {
  id: number;
  course: string;
  polo: string;
  origin: string;
  /** "aguardando há 3 h" */
  waited: string;
  /** What this run did with it: "Repassado a ana@…", "Ninguém disponível para receber", "Com o gestor". */
  outcome: string;
  link: string;
};

const ESCALATION_DIGESTS = {
  // To a member: the leads this run passed to her.
  owner: {
    subject: (n: number) =>
      n === 1
        ? "1 lead aguardando primeiro contato repassado a você"
        : `${n} leads aguardando primeiro contato repassados a você`,
    intro:
      "Estes leads esperaram além do prazo de primeiro contato sem que ninguém falasse com a pessoa e foram repassados a você.",
  },
  // To the admins (the managers): every lead this run escalated.
  manager: {
    subject: (n: number) =>
      n === 1 ? "Escalonamento: 1 lead sem primeiro contato" : `Escalonamento: ${n} leads sem primeiro contato`,
    intro:
      "Estes leads passaram do prazo de primeiro contato sem um contato que chegasse à pessoa (ligação atendida ou mensagem enviada).",
  },
} as const;

/** The one e-mail of an escalation run to one person: every lead it concerns, one line each. */
export function escalationDigestEmail(
  audience: keyof typeof ESCALATION_DIGESTS,
  items: readonly EscalatedLeadFacts[],
): EmailParts {
  const { subject, intro } = ESCALATION_DIGESTS[audience];
  const line = (item: EscalatedLeadFacts) =>
    `Lead nº ${item.id} · ${item.course || "Curso não informado"} · ${item.polo || "Polo não informado"} · ${item.origin} · ${item.waited} · ${item.outcome}`;
  const closing = "Mensagem automática da distribuição de leads.";
  const text = [intro, "", ...items.map((item) => `- ${line(item)}\n  ${item.link}`), "", closing].join("\n");
  const html = [
    `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>`,
    ...items.map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(line(item))}</a></li>`),
    `</ul>`,
    `<p style="color:#475569">${escapeHtml(closing)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: subject(items.length), text, html };
}

export type EmailStatusKey = "pending" | "sent" | "failed" | "held";

/** How the "E-mails" page names a message's state. */
export const EMAIL_STATUS_LABELS: Record<EmailStatusKey, string> = {
  pending: "Aguardando envio",
  sent: "Enviado",
  failed: "Falhou",
  held: "Guardado (sem SMTP)",
};

/** "Mais antigo na fila: há 3 min" (or "há menos de 1 min", "há 2 h 5 min", "há 3 dias"), from minutes waited. */
export function oldestPendingText(minutes: number): string {
  return `Mais antigo na fila: há ${elapsedText(minutes)}`;
}
