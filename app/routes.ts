import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * THE route table, written out so that every address the site answers is in this one file,
 * including the pages this project adds (own enrolment form, privacy, terms, health check, SEO files).
 */
export default [
  // One pathless layout route per audience: it draws the page around its children and owns their
  // response headers, without adding anything to their addresses.
  layout("routes/public/layout.tsx", [
    // Public marketing pages
    index("routes/public/home.tsx"),
    route("campanha-relampago", "routes/public/flash-campaign.tsx"),
    route("america-mg", "routes/public/club.tsx"),
    route("bolsas", "routes/public/scholarships.tsx"),
    route("trabalhe-conosco", "routes/public/careers.tsx"),
    route("curso-id", "routes/public/course-id.tsx"),
    route("curso-ideal", "routes/public/ideal-course.tsx"),
    route("assistente", "routes/public/assistant.tsx"),
    route("cursos/:slug", "routes/public/course.tsx"),
    // Each active polo's page: address, hours, contacts, courses and the enrolment form (decision 085).
    route("polos/:slug", "routes/public/polo.tsx"),
    route("inscricao", "routes/public/enrolment.tsx"),
    route("privacidade", "routes/public/privacy.tsx"),
    route("termos", "routes/public/terms.tsx"),
    // The MEC's information: every course's act and grade, the institution's code and leaders (decision 084).
    route("condicoes-de-oferta", "routes/public/offer-conditions.tsx"),

    // Vocational test
    route("teste-vocacional", "routes/vocational/form.tsx"),
    route("teste-vocacional/perguntas", "routes/vocational/questions.tsx"),
    route("teste-vocacional/analise", "routes/vocational/analysis.tsx"),
    route("teste-vocacional/resultado", "routes/vocational/result.tsx"),
    route("teste-vocacional/resultado/:perfil", "routes/vocational/result-profile.tsx"),
    route("teste-vocacional/simulacao-formatura", "routes/vocational/graduation.tsx"),
    route("teste-vocacional/simulacao-formatura/imagem.svg", "routes/vocational/graduation-image.svg.ts"),
    route("teste-vocacional/simulacao-formatura/imagem.png", "routes/vocational/graduation-image.png.ts"),
    route("teste-vocacional/submissoes", "routes/vocational/submissions.tsx"),
    // The result e-mail's signed 30-day link (decision 100).
    route("teste-vocacional/resultado/acesso/:token", "routes/vocational/result-link.tsx"),
    // The unsubscribe link of every e-mail to a person, without signing in (decision 100).
    route("e-mail/descadastrar/:token", "routes/public/email-unsubscribe.tsx"),

    // Course pages at their own top-level paths (/enfermagem, ...) and the 404 page.
    route("*", "routes/public/catch-all.tsx"),
  ]),

  // Admin (guarded by the admin session)
  layout("routes/staff/layout.tsx", [
    route("login-admin", "routes/staff/login.tsx"),
    route("contato", "routes/leads/panel.tsx"),
    route("contato/leads.csv", "routes/leads/csv.ts"),
    route("contato/aguardando.json", "routes/leads/waiting.json.ts"),
    route("contato/sair", "routes/staff/logout.ts"),
    // The two bulk changes of the filtered leads: one page, the address says which (lib/leads/bulk.ts).
    route("contato/alterar-status", "routes/leads/bulk-change.tsx", { id: "routes/leads/bulk-status" }),
    route("contato/atribuir-responsavel", "routes/leads/bulk-change.tsx", { id: "routes/leads/bulk-owner" }),
    // Hand-off of the filtered leads to the WhatsApp tool (a list opened on /whatsapp?lista=).
    route("contato/enviar-whatsapp", "routes/leads/whatsapp-handoff.tsx"),
    route("contato/lead/:id", "routes/leads/lead.tsx"),
    // "Ligar" / "WhatsApp": records the contact attempt, then 303 to tel: or wa.me.
    route("contato/lead/:id/contatar", "routes/leads/lead-contact.tsx"),
    route("contato/lead/:id/dados.json", "routes/leads/lead-data.json.ts"),
    route("contato/lead/:id/excluir", "routes/leads/lead-erase.tsx"),

    // Content studio: the marketing team edits the site here.
    route("admin/conteudo", "routes/studio/layout.tsx", [
      index("routes/studio/overview.tsx"),
      route("instituicao", "routes/studio/institution.tsx"),
      route("inicio", "routes/studio/home.tsx"),
      route("depoimentos", "routes/studio/testimonials.tsx"),
      route("faq", "routes/studio/faq.tsx"),
      route("cursos", "routes/studio/courses.tsx"),
      route("cursos/novo", "routes/studio/course-new.tsx"),
      route("cursos/:curso", "routes/studio/course.tsx"),
      route("polos", "routes/studio/polos.tsx"),
      route("campanha", "routes/studio/campaign.tsx"),
      route("historias", "routes/studio/campaign-stories.tsx"),
      route("clube", "routes/studio/club.tsx"),
      route("historico", "routes/studio/history.tsx"),
    ]),
    // Signed webhooks to the CRM: endpoints and the delivery log.
    route("admin/webhooks", "routes/staff/webhooks.tsx"),
    route("admin/webhooks/guia", "routes/staff/webhooks-guide.tsx"),
    // The e-mail outbox (admin only, decision 088).
    route("admin/e-mails", "routes/staff/emails.tsx"),
    // Lead distribution: teams, rules, availability, the first-contact target (admin only, decision 086).
    route("admin/distribuicao", "routes/leads/distribution.tsx"),
    // Leads and enrolments per campaign, form, polo, area and owner, with its CSV (decision 089).
    route("admin/resultados", "routes/leads/results.tsx"),
    route("admin/resultados.csv", "routes/leads/results-csv.ts"),
    // Staff users and their roles (admin only).
    route("admin/usuarios", "routes/staff/users.tsx"),
  ]),

  // WhatsApp tool (guarded by the operator session or the master password)
  layout("routes/whatsapp/layout.tsx", [
    route("whatsapp", "routes/whatsapp/passwords.tsx"),
    route("whatsapp/registro", "routes/whatsapp/send-log.ts"),
    route("whatsapp/ajudante", "routes/whatsapp/helper-verification.ts"),
    // Replies people sent, flagged first, and the opt-outs with their undo (decision 071).
    route("whatsapp/respostas", "routes/whatsapp/replies.tsx"),
    route("whatsapp/descadastros", "routes/whatsapp/optouts.tsx"),
    route("whatsapp/iniciar-whatsapp-helper.sh", "routes/whatsapp/start-script.sh.ts"),
    route("whatsapp/iniciar-whatsapp-helper.bat", "routes/whatsapp/start-script.bat.ts"),
    route("whatsapp/iniciar-whatsapp-helper-mac.zip", "routes/whatsapp/start-script-mac.zip.ts"),
    route("whatsapp/:slug", "routes/whatsapp/tool.tsx"),
  ]),

  // Resources
  route("healthz", "routes/resources/healthz.ts"),
  // The students' WhatsApp buttons: counts the click, then 302 to wa.me (not under /whatsapp, the operators' area).
  route("fale-conosco/whatsapp", "routes/resources/whatsapp-click.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  // The share image (og:image): brand and current bolsa, drawn on the server (decision 082).
  route("compartilhar/imagem.png", "routes/resources/share-image.png.ts"),
  route("compartilhar/imagem.svg", "routes/resources/share-image.svg.ts"),
  // A course page's and a vocational result's own picture, by content hash (<key>-<hash>.png or .svg).
  route("compartilhar/curso/:arquivo", "routes/resources/course-share-image.ts"),
  route("compartilhar/resultado/:arquivo", "routes/resources/result-share-image.ts"),
  // The content studio's photos, by content hash (immutable).
  route("imagens/:file", "routes/resources/images.ts"),
  // The operators' helpers (Bearer token, no cookie): the central opt-out list and "already sent?".
  route("api/whatsapp-helper/descadastros", "routes/resources/helper-api/optouts.ts"),
  route("api/whatsapp-helper/ja-enviados", "routes/resources/helper-api/already-sent.ts"),
  route("api/whatsapp-helper/registro", "routes/resources/helper-api/send-log.ts"),
  route("api/whatsapp-helper/chave", "routes/resources/helper-api/key.ts"),
  route("api/whatsapp-helper/respostas", "routes/resources/helper-api/replies.ts"),
  route("api/whatsapp-helper/apagados", "routes/resources/helper-api/erased.ts"),
] satisfies RouteConfig;
