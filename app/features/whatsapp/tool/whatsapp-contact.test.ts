import { describe, expect, it } from "vitest";

import {
  coursePath,
  MAX_PAGE_LENGTH,
  sitePath,
  waMeUrl,
  whatsappContactHref,
  whatsappMessage,
} from "~/features/whatsapp/contact";

describe("the WhatsApp buttons' links", () => {
  it("accept only paths of this site, capped", () => {
    expect(sitePath("/enfermagem")).toBe("/enfermagem");
    expect(sitePath("/teste-vocacional/resultado/saude")).toBe("/teste-vocacional/resultado/saude");
    expect(sitePath("/a%C3%A7%C3%A3o")).toBe("/a%C3%A7%C3%A3o");
    for (const bad of [
      null,
      "",
      "enfermagem",
      "//evil.example",
      "https://evil.example/",
      "/a?b=1",
      "/a#b",
      "/a\\b",
      "/<x>",
      "/a b",
    ]) {
      expect(sitePath(bad), String(bad)).toBeNull();
    }
    expect(sitePath(`/${"a".repeat(MAX_PAGE_LENGTH - 1)}`)).not.toBeNull();
    expect(sitePath(`/${"a".repeat(MAX_PAGE_LENGTH)}`)).toBeNull();
  });

  it("accept a course page's path as the course key, nothing else", () => {
    expect(coursePath("enfermagem")).toBe("enfermagem");
    expect(coursePath("cursos/biomedicina")).toBe("cursos/biomedicina");
    for (const bad of [null, "", "/enfermagem", "a/b/c", "Enfermagem", "<script>", "a".repeat(81)]) {
      expect(coursePath(bad), String(bad)).toBeNull();
    }
  });

  it("point at the counting route with the page and, when valid, the course", () => {
    expect(whatsappContactHref({ page: "/enfermagem", course: "enfermagem" })).toBe(
      "/fale-conosco/whatsapp?pagina=%2Fenfermagem&curso=enfermagem",
    );
    expect(whatsappContactHref({ page: "/bolsas" })).toBe("/fale-conosco/whatsapp?pagina=%2Fbolsas");
    // A page that is no valid path is sent as the home page rather than as a link the route refuses.
    expect(whatsappContactHref({ page: "//x", course: "<b>" })).toBe("/fale-conosco/whatsapp?pagina=%2F");
  });

  it("open wa.me with the number's digits and the encoded pt-BR text", () => {
    const text = whatsappMessage({ course: "Análise & Desenvolvimento" });
    expect(text).toBe("Olá! Vim pelo site e quero saber mais sobre o curso de Análise & Desenvolvimento.");
    const url = new URL(waMeUrl("5531998765432", text));
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/5531998765432");
    expect(url.searchParams.get("text")).toBe(text);
    expect(whatsappMessage(null)).toBe("Olá! Vim pelo site e quero saber mais.");
    expect(whatsappMessage({ page: "de bolsas" })).toBe("Olá! Vim pelo site, pela página de bolsas, e quero saber mais.");
  });
});
