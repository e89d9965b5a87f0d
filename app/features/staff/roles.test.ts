import { describe, expect, it } from "vitest";

import { can, canOpen, isRole, permissionForPath, PERMISSIONS, ROLE_KEYS, staffLinksFor } from "~/features/staff/roles";

/** The permission map (decision 056) and the path rule the login and the header use. */
describe("roles", () => {
  it("each role holds exactly its permissions", () => {
    const held = Object.fromEntries(
      ROLE_KEYS.map((role) => [role, (Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]).filter((p) => can(role, p))]),
    );
    expect(held).toEqual({
      admin: [
        "dashboard",
        "leads",
        "lgpd",
        "content",
        "webhooks",
        "emails",
        "jobs",
        "results",
        "distribution",
        "users",
        "whatsapp",
      ],
      comercial: ["dashboard", "leads", "results", "whatsapp"],
      marketing: ["dashboard", "content", "results"],
    });
  });

  it("only the three role keys are roles", () => {
    for (const value of ["admin", "comercial", "marketing"]) expect(isRole(value)).toBe(true);
    for (const value of ["Admin", "root", "", "constructor", "toString", null, 1]) expect(isRole(value)).toBe(false);
  });

  it("a path's permission: /contato dashboard, LGPD export and erasure lgpd, the rest of /contato leads, Sair none", () => {
    expect(permissionForPath("/contato")).toBe("dashboard");
    expect(permissionForPath("/contato/")).toBe("dashboard");
    expect(permissionForPath("/contato/sair")).toBeNull();
    expect(permissionForPath("/contato/lead/12/dados.json")).toBe("lgpd");
    expect(permissionForPath("/contato/lead/12/excluir")).toBe("lgpd");
    expect(permissionForPath("/contato/lead/12")).toBe("leads");
    expect(permissionForPath("/contato/leads.csv")).toBe("leads");
    expect(permissionForPath("/contato/uma-tela-nova")).toBe("leads");
    expect(permissionForPath("/admin/conteudo")).toBe("content");
    expect(permissionForPath("/admin/conteudo/cursos/1")).toBe("content");
    expect(permissionForPath("/admin/webhooks")).toBe("webhooks");
    expect(permissionForPath("/admin/usuarios")).toBe("users");
    expect(permissionForPath("/admin/e-mails")).toBe("emails");
    expect(permissionForPath("/admin/distribuicao")).toBe("distribution");
    expect(permissionForPath("/admin/resultados")).toBe("results");
    expect(permissionForPath("/admin/resultados.csv")).toBe("results");
    expect(permissionForPath("/admin/resultadosx")).toBeNull();
    expect(permissionForPath("/contatos")).toBeNull();
    expect(permissionForPath("/")).toBeNull();
  });

  it("canOpen: marketing opens the panel and the studio, not a lead; comercial a lead, not its LGPD export", () => {
    expect(canOpen("marketing", "/contato")).toBe(true);
    expect(canOpen("marketing", "/admin/conteudo/faq")).toBe(true);
    expect(canOpen("marketing", "/contato/lead/1")).toBe(false);
    expect(canOpen("comercial", "/contato/lead/1")).toBe(true);
    expect(canOpen("comercial", "/contato/lead/1/dados.json")).toBe(false);
    expect(canOpen("comercial", "/admin/usuarios")).toBe(false);
    expect(canOpen("admin", "/admin/usuarios")).toBe(true);
  });

  it("the WhatsApp tool opens as oneself for admin and comercial, never for marketing (decision 069)", () => {
    expect(can("admin", "whatsapp")).toBe(true);
    expect(can("comercial", "whatsapp")).toBe(true);
    expect(can("marketing", "whatsapp")).toBe(false);
    expect(staffLinksFor("comercial").map((link) => link.to)).toContain("/whatsapp");
    expect(staffLinksFor("marketing").map((link) => link.to)).not.toContain("/whatsapp");
    expect(staffLinksFor(null).map((link) => link.to)).not.toContain("/whatsapp");
  });
});
