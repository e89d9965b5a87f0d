import { describe, expect, it, vi } from "vitest";

import {
  connectFormModal,
  FORM_FRAME_HEIGHT_PX,
  formModalTexts,
  formModalType,
  iframeUrl,
  openFormModal,
} from "~/features/leads/forms/form-modal-state";
import { reportedFrameHeight } from "~/shared/embedded-height";

describe("form modal default texts", () => {
  it("has the spec's title per type", () => {
    expect(formModalTexts({ type: "lead" }).title).toBe("Garanta sua vaga");
    expect(formModalTexts({ type: "contact" }).title).toBe("Fale com um consultor");
    expect(formModalTexts({ type: "scholarship" }).title).toBe("Solicite sua bolsa");
  });

  it("uses 'Inscreva-se' and the spec's description for any other or no type", () => {
    for (const type of [undefined, "other", "inscricao", "qualquer"]) {
      expect(formModalTexts({ type })).toEqual({
        title: "Inscreva-se",
        description: "Preencha o formulário para garantir sua vaga com desconto exclusivo.",
      });
      expect(formModalType(type)).toBe("other");
    }
  });

  it("lets an explicit title or description override the defaults", () => {
    expect(formModalTexts({ type: "lead", title: "Matricule-se já" })).toMatchObject({ title: "Matricule-se já" });
    expect(formModalTexts({ type: "other", description: "Outra descrição" })).toEqual({
      title: "Inscreva-se",
      description: "Outra descrição",
    });
    expect(formModalTexts({ type: "contact", title: "  " }).title).toBe("Fale com um consultor");
  });
});

describe("iframeUrl", () => {
  const origin = "https://site.example";

  it("embeds the site's own form without its chrome", () => {
    expect(iframeUrl("/inscricao", "other", undefined, origin)).toBe("/inscricao?embed=1");
    expect(iframeUrl("/inscricao?tipo=contato", "contact", undefined, origin)).toBe("/inscricao?tipo=contato&embed=1");
    expect(iframeUrl("https://site.example/inscricao", "lead", undefined, origin)).toBe("/inscricao?embed=1");
  });

  it("marks a scholarship request and passes prefilled values", () => {
    expect(iframeUrl("/inscricao", "scholarship", { curso: "Enfermagem" }, origin)).toBe(
      "/inscricao?embed=1&tipo=bolsa&curso=Enfermagem",
    );
  });

  it("leaves an external form's URL as configured", () => {
    const external = "https://forms.example.com/abc?x=1";
    expect(iframeUrl(external, "lead", { curso: "Direito" }, origin)).toBe(external);
    expect(iframeUrl("/outra-pagina", "lead", undefined, origin)).toBe("https://site.example/outra-pagina");
  });
});

describe("openFormModal", () => {
  it("hands the options to the mounted modal, also when called before it mounted", () => {
    openFormModal({ type: "contact" });
    const listener = vi.fn();
    const disconnect = connectFormModal(listener);
    expect(listener).toHaveBeenCalledWith({ type: "contact" });
    openFormModal({ type: "lead", formData: { curso: "Direito" } });
    expect(listener).toHaveBeenLastCalledWith({ type: "lead", formData: { curso: "Direito" } });
    disconnect();
  });
});

describe("form frame height", () => {
  it("is the spec's 600 px until our form reports, and for an outside form", () => {
    expect(FORM_FRAME_HEIGHT_PX).toBe(600);
  });

  it("grows to a taller reported form (a phone's narrow modal, error messages), never below 600 px", () => {
    expect(reportedFrameHeight(912, 0, FORM_FRAME_HEIGHT_PX)).toBe(912);
    expect(reportedFrameHeight(420, 0, FORM_FRAME_HEIGHT_PX)).toBe(600);
  });

  it("adds the frame's borders to an embedded form's reported height", () => {
    expect(reportedFrameHeight(700, 2)).toBe(702);
  });
});
