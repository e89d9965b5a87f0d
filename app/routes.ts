import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * THE route table, written out so that every address the site answers is in this one file,
 * including the pages this project adds (own enrolment form, privacy, terms, health check, SEO files).
 */
export default [
  // One pathless layout route per audience: it draws the page around its children and owns their
  // response headers, without adding anything to their addresses.
  layout("features/site/public-layout.tsx", [
    // Public marketing pages
    index("features/home/page.tsx"),
    route("campanha-relampago", "features/campaign/page.tsx"),
    route("america-mg", "features/club/page.tsx"),
    route("bolsas", "features/campaign/scholarships.tsx"),
    route("trabalhe-conosco", "features/careers/page.tsx"),
    route("curso-id", "features/courses/course-id.tsx"),
    route("curso-ideal", "features/courses/ideal-course.tsx"),
    route("assistente", "features/assistant/assistant-page.tsx"),
    route("cursos/:slug", "features/courses/course.tsx"),
    // Each active polo's page: address, hours, contacts, courses and the enrolment form (decision 085).
    route("polos/:slug", "features/polos/page.tsx"),
    route("inscricao", "features/leads/forms/enrolment-page.tsx"),
    route("privacidade", "features/legal/privacy.tsx"),
    route("termos", "features/legal/terms.tsx"),
    // The MEC's information: every course's act and grade, the institution's code and leaders (decision 084).
    route("condicoes-de-oferta", "features/legal/offer-conditions.tsx"),

    // Vocational test
    route("teste-vocacional", "features/vocational/form.tsx"),
    route("teste-vocacional/perguntas", "features/vocational/questions.tsx"),
    route("teste-vocacional/analise", "features/vocational/analysis-page.tsx"),
    route("teste-vocacional/resultado", "features/vocational/result.tsx"),
    route("teste-vocacional/resultado/:perfil", "features/vocational/result-profile.tsx"),
    route("teste-vocacional/simulacao-formatura", "features/vocational/graduation-page.tsx"),
    route("teste-vocacional/simulacao-formatura/imagem.svg", "features/vocational/graduation-image.svg.ts"),
    route("teste-vocacional/simulacao-formatura/imagem.png", "features/vocational/graduation-image.png.ts"),
    route("teste-vocacional/submissoes", "features/vocational/submissions.tsx"),
    // The result e-mail's signed 30-day link (decision 100).
    route("teste-vocacional/resultado/acesso/:token", "features/vocational/result-link.tsx"),
    // The unsubscribe link of every e-mail to a person, without signing in (decision 100).
    route("e-mail/descadastrar/:token", "features/email/unsubscribe-page.tsx"),

    // Course pages at their own top-level paths (/enfermagem, ...) and the 404 page.
    route("*", "features/courses/catch-all.tsx"),
  ]),

  // Admin (guarded by the admin session)
  layout("features/staff/layout.tsx", [
    route("login-admin", "features/staff/login-page.tsx"),
    route("contato", "features/leads/panel.tsx"),
    route("contato/leads.csv", "features/leads/csv-route.ts"),
    route("contato/aguardando.json", "features/leads/distribution/waiting.json.ts"),
    route("contato/sair", "features/staff/logout.ts"),
    // The two bulk changes of the filtered leads: one page, the address says which (lib/leads/bulk.ts).
    route("contato/alterar-status", "features/leads/bulk-change.tsx", { id: "routes/leads/bulk-status" }),
    route("contato/atribuir-responsavel", "features/leads/bulk-change.tsx", { id: "routes/leads/bulk-owner" }),
    // Hand-off of the filtered leads to the WhatsApp tool (a list opened on /whatsapp?lista=).
    route("contato/enviar-whatsapp", "features/whatsapp/handoff/page.tsx"),
    route("contato/lead/:id", "features/leads/lead.tsx"),
    // "Ligar" / "WhatsApp": records the contact attempt, then 303 to tel: or wa.me.
    route("contato/lead/:id/contatar", "features/leads/lead-contact.tsx"),
    route("contato/lead/:id/dados.json", "features/leads/lead-data.json.ts"),
    route("contato/lead/:id/excluir", "features/leads/lead-erase.tsx"),

    // Content studio: the marketing team edits the site here.
    route("admin/conteudo", "features/studio/layout.tsx", [
      index("features/studio/overview.tsx"),
      route("instituicao", "features/institution/studio.tsx"),
      route("inicio", "features/home/studio.tsx"),
      route("depoimentos", "features/home/testimonials-studio.tsx"),
      route("faq", "features/home/faq-studio.tsx"),
      route("cursos", "features/courses/studio-list.tsx"),
      route("cursos/novo", "features/courses/studio-new.tsx"),
      route("cursos/:curso", "features/courses/studio-course.tsx"),
      route("polos", "features/polos/studio.tsx"),
      route("campanha", "features/campaign/studio.tsx"),
      route("historias", "features/campaign/stories-studio.tsx"),
      route("clube", "features/club/studio.tsx"),
      route("historico", "features/studio/history.tsx"),
    ]),
    // Signed webhooks to the CRM: endpoints and the delivery log.
    route("admin/webhooks", "features/webhooks/page.tsx"),
    route("admin/webhooks/guia", "features/webhooks/guide.tsx"),
    // The e-mail outbox (admin only, decision 088).
    route("admin/e-mails", "features/email/outbox-page.tsx"),
    // The jobs engine's view: what waits, runs, was done or failed (admin only).
    route("admin/tarefas", "features/operations/jobs-page.tsx"),
    // Lead distribution: teams, rules, availability, the first-contact target (admin only, decision 086).
    route("admin/distribuicao", "features/leads/distribution/page.tsx"),
    // Leads and enrolments per campaign, form, polo, area and owner, with its CSV (decision 089).
    route("admin/resultados", "features/leads/results/page.tsx"),
    route("admin/resultados.csv", "features/leads/results/csv.ts"),
    // Staff users and their roles (admin only).
    route("admin/usuarios", "features/staff/users-page.tsx"),
  ]),

  // WhatsApp tool (guarded by the operator session or the master password)
  layout("features/whatsapp/layout.tsx", [
    route("whatsapp", "features/whatsapp/tool/page.tsx"),
    route("whatsapp/registro", "features/whatsapp/tool/send-log-route.ts"),
    route("whatsapp/ajudante", "features/whatsapp/helper-api/verification.ts"),
    // Replies people sent, flagged first, and the opt-outs with their undo (decision 071).
    route("whatsapp/respostas", "features/whatsapp/replies/page.tsx"),
    route("whatsapp/descadastros", "features/whatsapp/optouts/page.tsx"),
    route("whatsapp/iniciar-whatsapp-helper.sh", "features/whatsapp/start-scripts/sh.ts"),
    route("whatsapp/iniciar-whatsapp-helper.bat", "features/whatsapp/start-scripts/bat.ts"),
    route("whatsapp/iniciar-whatsapp-helper-mac.zip", "features/whatsapp/start-scripts/mac.zip.ts"),
    route("whatsapp/:slug", "features/whatsapp/passwords/page.tsx"),
  ]),

  // Resources
  route("healthz", "features/resources/healthz.ts"),
  // The students' WhatsApp buttons: counts the click, then 302 to wa.me (not under /whatsapp, the operators' area).
  route("fale-conosco/whatsapp", "features/whatsapp/clicks/click-route.ts"),
  route("sitemap.xml", "features/resources/sitemap.xml.ts"),
  route("robots.txt", "features/resources/robots.txt.ts"),
  // The share image (og:image): brand and current bolsa, drawn on the server (decision 082).
  route("compartilhar/imagem.png", "features/share/image.png.ts"),
  route("compartilhar/imagem.svg", "features/share/image.svg.ts"),
  // A course page's and a vocational result's own picture, by content hash (<key>-<hash>.png or .svg).
  route("compartilhar/curso/:arquivo", "features/share/course-image.ts"),
  route("compartilhar/resultado/:arquivo", "features/share/result-image.ts"),
  // The content studio's photos, by content hash (immutable).
  route("imagens/:file", "features/studio/images-route.ts"),
  // The operators' helpers (Bearer token, no cookie): the central opt-out list and "already sent?".
  route("api/whatsapp-helper/descadastros", "features/whatsapp/helper-api/optouts.ts"),
  route("api/whatsapp-helper/ja-enviados", "features/whatsapp/helper-api/already-sent.ts"),
  route("api/whatsapp-helper/registro", "features/whatsapp/helper-api/send-log.ts"),
  route("api/whatsapp-helper/chave", "features/whatsapp/helper-api/key.ts"),
  route("api/whatsapp-helper/respostas", "features/whatsapp/helper-api/replies.ts"),
  route("api/whatsapp-helper/apagados", "features/whatsapp/helper-api/erased.ts"),
] satisfies RouteConfig;
