import { describe, expect, it } from "vitest";

import { enrolmentConfirmationEmail, maskEmail, staffFirstName, vocationalResultEmail } from "~/features/email/person-email";

/** The pure builders of the e-mails to a person (decision 100). */

const XSS = `<script>alert("x")</script>`;
const frame = {
  brandName: `Marca ${XSS}`,
  brandArticle: "a" as const,
  companyName: "Empresa & Filhos Ltda.",
  phone: "0800 000 0000",
  phoneHours: "Seg. a sex.",
  siteUrl: "https://site.example",
  unsubscribeUrl: "https://site.example/e-mail/descadastrar/abc.def",
};

describe("e-mails to the person", () => {
  it("escape every value in the HTML part and keep the plain text as given", () => {
    const mail = enrolmentConfirmationEmail(frame, {
      firstName: `Ana${XSS}`,
      request: "Formulário de inscrição",
      course: `Curso "A" & <B>`,
      polo: "",
      ownerFirstName: null,
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("Curso &quot;A&quot; &amp; &lt;B&gt;");
    expect(mail.text).toContain(`Curso de interesse: Curso "A" & <B>`);
    // An empty polo is left out, not printed as "Polo: ".
    expect(mail.text).not.toContain("Polo:");
    expect(mail.text).toContain("Um consultor da nossa equipe vai entrar em contato");
    expect(mail.text).toContain(`Para não receber mais e-mails: ${frame.unsubscribeUrl}`);
    expect(mail.html).toContain(`<a href="${frame.unsubscribeUrl}">Não quero mais receber e-mails</a>`);
  });

  it("the result e-mail lists the courses with links and leaves out a scholarship that does not apply", () => {
    const mail = vocationalResultEmail(frame, {
      firstName: "Ana",
      profileTitle: "Saúde",
      tagline: "",
      description: "",
      courses: [{ name: "Enfermagem", url: "https://site.example/enfermagem" }],
      scholarship: null,
      resultLink: "https://site.example/teste-vocacional/resultado/acesso/1.2.x",
      linkValidUntil: "24/12/2026",
    });
    expect(mail.text).toContain("- Enfermagem: https://site.example/enfermagem");
    expect(mail.html).toContain('<li><a href="https://site.example/enfermagem">Enfermagem</a></li>');
    expect(mail.text).not.toMatch(/bolsa/i);
    expect(mail.text).toContain("funciona até 24/12/2026");
  });

  it("say 'do'/'no' before a masculine brand name and 'da'/'na' before a feminine one, as the studio's article says", () => {
    const facts = {
      firstName: "Ana",
      profileTitle: "Saúde",
      tagline: "",
      description: "",
      courses: [],
      scholarship: null,
      resultLink: "https://site.example/r",
      linkValidUntil: "24/12/2026",
    };
    const centro = { ...frame, brandName: "Centro Universitário Paraná", brandArticle: "o" as const };
    expect(vocationalResultEmail(centro, facts).text).toContain("Seu perfil no teste vocacional do Centro Universitário Paraná:");
    const confirmation = enrolmentConfirmationEmail(centro, {
      firstName: "Ana",
      request: "Formulário de inscrição",
      course: "Direito",
      polo: "",
      ownerFirstName: null,
    });
    expect(confirmation.text).toContain("Recebemos seus dados no Centro Universitário Paraná.");
    expect(confirmation.text).not.toMatch(/\b(da|na) Centro/);
    const faculdade = { ...frame, brandName: "Faculdade Curitiba", brandArticle: "a" as const };
    expect(vocationalResultEmail(faculdade, facts).text).toContain("teste vocacional da Faculdade Curitiba:");
  });

  it("name the owner only by a first name the account's e-mail spells as a name", () => {
    expect(staffFirstName("maria.souza@equipe.example.org")).toBe("Maria");
    expect(staffFirstName("JOSÉ_silva@x.org")).toBe("José");
    expect(staffFirstName("comercial@x.org")).toBeNull();
    expect(staffFirstName("comercial1.a@x.org")).toBeNull();
    expect(staffFirstName(null)).toBeNull();
  });

  it("mask the address the unsubscribe page shows", () => {
    expect(maskEmail("maria.souza@gmail.com")).toBe("ma***@gmail.com");
    expect(maskEmail("a@b.org")).toBe("a***@b.org");
  });
});
