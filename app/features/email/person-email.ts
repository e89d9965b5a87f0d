import { brandAfter, type BrandArticle } from "~/features/institution/content";

import { type EmailParts, escapeHtml } from "./templates";

/**
 * E-mails to the person who filled a form (decision 100): pure builders of the subject, plain-text
 * and HTML parts. Every name, number and address in them comes from the caller (the studio's
 * institution and claims, the lead row); every value is escaped in the HTML part. They never carry
 * another person's phone or e-mail: the owner appears by first name only, or not at all.
 */

/** What every e-mail to a person carries: the institution's identity and the unsubscribe link. */
export type PersonEmailFrame = {
  brandName: string;
  brandArticle: BrandArticle;
  companyName: string;
  /** The institution's phone and its hours (from the studio), "" when not set. */
  phone: string;
  phoneHours: string;
  siteUrl: string;
  unsubscribeUrl: string;
};

export type EnrolmentConfirmationFacts = {
  firstName: string;
  /** What the person asked for ("Formulário de inscrição", "Solicitação de bolsa"). */
  request: string;
  course: string;
  polo: string;
  /** The owner's first name once distribution assigned one and it is known; null otherwise. */
  ownerFirstName: string | null;
};

export type VocationalResultFacts = {
  firstName: string;
  profileTitle: string;
  tagline: string;
  description: string;
  courses: { name: string; url: string }[];
  /** The scholarship sentence the result page shows, derived from the studio's claims; null: none. */
  scholarship: string | null;
  resultLink: string;
  /** Until when the link works, as a date a person reads ("26/12/2026"). */
  linkValidUntil: string;
};

type Block =
  | { kind: "p"; text: string }
  | { kind: "list"; items: { text: string; href?: string }[] }
  | { kind: "link"; text: string; href: string };

function footerBlocks(frame: PersonEmailFrame): { text: string[]; html: string[] } {
  const contact = [frame.phone, frame.phoneHours].filter(Boolean).join(" · ");
  const text = [
    "--",
    frame.companyName ? `${frame.brandName} · ${frame.companyName}` : frame.brandName,
    ...(contact ? [`Atendimento: ${contact}`] : []),
    frame.siteUrl,
    "",
    "Você recebeu este e-mail porque enviou seus dados em um formulário do nosso site.",
    `Para não receber mais e-mails: ${frame.unsubscribeUrl}`,
  ];
  const html = [
    `<hr>`,
    `<p style="color:#475569;font-size:13px">${escapeHtml(text[1])}${contact ? `<br>Atendimento: ${escapeHtml(contact)}` : ""}<br><a href="${escapeHtml(frame.siteUrl)}">${escapeHtml(frame.siteUrl)}</a></p>`,
    `<p style="color:#475569;font-size:13px">Você recebeu este e-mail porque enviou seus dados em um formulário do nosso site. <a href="${escapeHtml(frame.unsubscribeUrl)}">Não quero mais receber e-mails</a>.</p>`,
  ];
  return { text, html };
}

function render(frame: PersonEmailFrame, subject: string, blocks: Block[]): EmailParts {
  const text: string[] = [];
  const html: string[] = [
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">`,
    `<p style="font-size:20px;font-weight:bold">${escapeHtml(frame.brandName)}</p>`,
  ];
  for (const block of blocks) {
    if (block.kind === "p") {
      text.push(block.text, "");
      html.push(`<p>${escapeHtml(block.text)}</p>`);
    } else if (block.kind === "link") {
      text.push(`${block.text}: ${block.href}`, "");
      html.push(`<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.text)}</a></p>`);
    } else {
      text.push(...block.items.map((item) => `- ${item.text}${item.href ? `: ${item.href}` : ""}`), "");
      html.push(
        `<ul>`,
        ...block.items.map((item) =>
          item.href
            ? `<li><a href="${escapeHtml(item.href)}">${escapeHtml(item.text)}</a></li>`
            : `<li>${escapeHtml(item.text)}</li>`,
        ),
        `</ul>`,
      );
    }
  }
  const footer = footerBlocks(frame);
  text.push(...footer.text);
  html.push(...footer.html, `</body></html>`);
  return { subject, text: text.join("\n"), html: html.join("\n") };
}

/** After a lead form (/inscricao, a polo's page): what was received, what happens next and who calls. */
export function enrolmentConfirmationEmail(frame: PersonEmailFrame, facts: EnrolmentConfirmationFacts): EmailParts {
  const details = [
    { text: `Pedido: ${facts.request}` },
    ...(facts.course ? [{ text: `Curso de interesse: ${facts.course}` }] : []),
    ...(facts.polo ? [{ text: `Polo: ${facts.polo}` }] : []),
  ];
  const who = facts.ownerFirstName
    ? `${facts.ownerFirstName}, da nossa equipe, vai entrar em contato com você pelo telefone ou WhatsApp que você informou para tirar suas dúvidas e explicar os próximos passos da matrícula.`
    : "Um consultor da nossa equipe vai entrar em contato com você pelo telefone ou WhatsApp que você informou para tirar suas dúvidas e explicar os próximos passos da matrícula.";
  return render(frame, `${frame.brandName}: recebemos seus dados`, [
    { kind: "p", text: `Olá, ${facts.firstName}!` },
    { kind: "p", text: `Recebemos seus dados ${brandAfter("em", frame)}. Obrigado pelo interesse!` },
    { kind: "list", items: details },
    { kind: "p", text: "O que acontece agora:" },
    { kind: "p", text: who },
    { kind: "p", text: "Se não foi você quem enviou este formulário, ignore esta mensagem." },
  ]);
}

/** After the vocational test: the profile, the recommended courses, the scholarship and the signed link. */
export function vocationalResultEmail(frame: PersonEmailFrame, facts: VocationalResultFacts): EmailParts {
  const blocks: Block[] = [
    { kind: "p", text: `Olá, ${facts.firstName}!` },
    { kind: "p", text: `Seu perfil no teste vocacional ${brandAfter("de", frame)}: ${facts.profileTitle}.` },
    ...(facts.tagline ? [{ kind: "p" as const, text: facts.tagline }] : []),
    ...(facts.description ? [{ kind: "p" as const, text: facts.description }] : []),
  ];
  if (facts.courses.length > 0) {
    blocks.push(
      { kind: "p", text: "Cursos recomendados para você:" },
      { kind: "list", items: facts.courses.map((course) => ({ text: course.name, href: course.url })) },
    );
  }
  if (facts.scholarship) blocks.push({ kind: "p", text: facts.scholarship });
  blocks.push(
    { kind: "link", text: "Ver meu resultado completo", href: facts.resultLink },
    { kind: "p", text: `Este link é só seu e funciona até ${facts.linkValidUntil}. Não o compartilhe.` },
  );
  return render(frame, `Seu resultado no teste vocacional: perfil ${facts.profileTitle}`, blocks);
}

/** What the unsubscribe page says when it cannot act. */
export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    "Este link de descadastro não é válido. Abra o link do e-mail que você recebeu, sem alterá-lo, ou fale com a nossa equipe.",
  rateLimited: "Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.",
} as const;

/** An address shown on a page without spelling it out ("maria.souza@gmail.com" → "ma***@gmail.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/**
 * A staff member's first name for the person, from the account's e-mail when it reads as a name
 * ("maria.souza@…" → "Maria"; the accounts store no name). Null for anything else ("comercial1@…").
 */
export function staffFirstName(email: string | null): string | null {
  const local = email?.split("@")[0] ?? "";
  const parts = local.split(/[._-]/);
  if (parts.length < 2 || !parts.every((part) => /^\p{L}{2,}$/u.test(part))) return null;
  const first = parts[0].toLowerCase();
  return first.charAt(0).toUpperCase() + first.slice(1);
}
