import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * THE route table, written out so that every address the site answers is in this one file,
 * including the pages this project adds (own enrolment form, privacy, terms, health check, SEO files).
 */
export default [
  // One pathless layout route per audience: it draws the page around its children and owns their
  // response headers, without adding anything to their addresses.
  layout("routes/_public.tsx", [
    // Public marketing pages
    index("routes/home.tsx"),
    route("campanha-relampago", "routes/campanha-relampago.tsx"),
    route("america-mg", "routes/america-mg.tsx"),
    route("bolsas", "routes/bolsas.tsx"),
    route("trabalhe-conosco", "routes/trabalhe-conosco.tsx"),
    route("curso-id", "routes/curso-id.tsx"),
    route("curso-ideal", "routes/curso-ideal.tsx"),
    route("assistente", "routes/assistente.tsx"),
    route("cursos/:slug", "routes/cursos.$slug.tsx"),
    route("inscricao", "routes/inscricao.tsx"),
    route("privacidade", "routes/privacidade.tsx"),
    route("termos", "routes/termos.tsx"),

    // Vocational test
    route("teste-vocacional", "routes/teste-vocacional._index.tsx"),
    route("teste-vocacional/perguntas", "routes/teste-vocacional.perguntas.tsx"),
    route("teste-vocacional/analise", "routes/teste-vocacional.analise.tsx"),
    route("teste-vocacional/resultado", "routes/teste-vocacional.resultado._index.tsx"),
    route("teste-vocacional/resultado/:perfil", "routes/teste-vocacional.resultado.$perfil.tsx"),
    route("teste-vocacional/simulacao-formatura", "routes/teste-vocacional.simulacao-formatura.tsx"),
    route("teste-vocacional/simulacao-formatura/imagem.svg", "routes/teste-vocacional.simulacao-formatura.imagem[.svg].ts"),
    route("teste-vocacional/simulacao-formatura/imagem.png", "routes/teste-vocacional.simulacao-formatura.imagem[.png].ts"),
    route("teste-vocacional/submissoes", "routes/teste-vocacional.submissoes.tsx"),

    // Course pages at their own top-level paths (/enfermagem, ...) and the 404 page.
    route("*", "routes/$.tsx"),
  ]),

  // Admin (guarded by the admin session)
  layout("routes/_admin.tsx", [
    route("login-admin", "routes/login-admin.tsx"),
    route("contato", "routes/contato.tsx"),
    route("contato/leads.csv", "routes/contato.leads[.csv].ts"),
    route("contato/sair", "routes/contato.sair.ts"),
    route("contato/alterar-status", "routes/contato.alterar-status.tsx"),
    route("contato/atribuir-responsavel", "routes/contato.atribuir-responsavel.tsx"),
    // Hand-off of the filtered leads to the WhatsApp tool (a list opened on /whatsapp?lista=).
    route("contato/enviar-whatsapp", "routes/contato.enviar-whatsapp.tsx"),
    route("contato/lead/:id", "routes/contato.lead.$id.tsx"),
    // "Ligar" / "WhatsApp": records the contact attempt, then 303 to tel: or wa.me.
    route("contato/lead/:id/contatar", "routes/contato.lead.$id.contatar.tsx"),
    route("contato/lead/:id/dados.json", "routes/contato.lead.$id.dados[.json].ts"),
    route("contato/lead/:id/excluir", "routes/contato.lead.$id.excluir.tsx"),

    // Content studio: the marketing team edits the site here.
    route("admin/conteudo", "routes/admin.conteudo.tsx", [
      index("routes/admin.conteudo._index.tsx"),
      route("instituicao", "routes/admin.conteudo.instituicao.tsx"),
      route("inicio", "routes/admin.conteudo.inicio.tsx"),
      route("depoimentos", "routes/admin.conteudo.depoimentos.tsx"),
      route("faq", "routes/admin.conteudo.faq.tsx"),
      route("cursos", "routes/admin.conteudo.cursos.tsx"),
      route("cursos/novo", "routes/admin.conteudo.cursos.novo.tsx"),
      route("cursos/:curso", "routes/admin.conteudo.cursos.$curso.tsx"),
      route("polos", "routes/admin.conteudo.polos.tsx"),
      route("campanha", "routes/admin.conteudo.campanha.tsx"),
      route("clube", "routes/admin.conteudo.clube.tsx"),
      route("historico", "routes/admin.conteudo.historico.tsx"),
    ]),
    // Signed webhooks to the CRM: endpoints and the delivery log.
    route("admin/webhooks", "routes/admin.webhooks.tsx"),
    // The e-mail outbox (admin only, decision 088).
    route("admin/e-mails", "routes/admin.emails.tsx"),
    // Lead distribution: teams, rules, availability, the first-contact target (admin only, decision 086).
    route("admin/distribuicao", "routes/admin.distribuicao.tsx"),
    // Staff users and their roles (admin only).
    route("admin/usuarios", "routes/admin.usuarios.tsx"),
  ]),

  // WhatsApp tool (guarded by the operator session or the master password)
  layout("routes/_whatsapp.tsx", [
    route("whatsapp", "routes/whatsapp._index.tsx"),
    route("whatsapp/registro", "routes/whatsapp.registro.ts"),
    route("whatsapp/ajudante", "routes/whatsapp.ajudante.ts"),
    // Replies people sent, flagged first, and the opt-outs with their undo (decision 071).
    route("whatsapp/respostas", "routes/whatsapp.respostas.tsx"),
    route("whatsapp/descadastros", "routes/whatsapp.descadastros.tsx"),
    route("whatsapp/iniciar-whatsapp-helper.sh", "routes/whatsapp.iniciar-whatsapp-helper[.]sh.ts"),
    route("whatsapp/iniciar-whatsapp-helper.bat", "routes/whatsapp.iniciar-whatsapp-helper[.]bat.ts"),
    route("whatsapp/iniciar-whatsapp-helper-mac.zip", "routes/whatsapp.iniciar-whatsapp-helper-mac[.]zip.ts"),
    route("whatsapp/:slug", "routes/whatsapp.$slug.tsx"),
  ]),

  // Resources
  route("healthz", "routes/healthz.ts"),
  // The students' WhatsApp buttons: counts the click, then 302 to wa.me (not under /whatsapp, the operators' area).
  route("fale-conosco/whatsapp", "routes/fale-conosco.whatsapp.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  // The content studio's photos, by content hash (immutable).
  route("imagens/:file", "routes/imagens.$file.ts"),
  // The operators' helpers (Bearer token, no cookie): the central opt-out list and "already sent?".
  route("api/whatsapp-helper/descadastros", "routes/api.whatsapp-helper.descadastros.ts"),
  route("api/whatsapp-helper/ja-enviados", "routes/api.whatsapp-helper.ja-enviados.ts"),
  route("api/whatsapp-helper/registro", "routes/api.whatsapp-helper.registro.ts"),
  route("api/whatsapp-helper/chave", "routes/api.whatsapp-helper.chave.ts"),
  route("api/whatsapp-helper/respostas", "routes/api.whatsapp-helper.respostas.ts"),
] satisfies RouteConfig;
