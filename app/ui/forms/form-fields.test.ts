import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import {
  CheckboxField,
  CheckboxListField,
  INPUT_LOOKS,
  inputClass,
  plainField,
  SelectField,
  TextareaField,
  TextField,
} from "~/ui/forms";

/**
 * The forms toolkit's fields (decision 091): each works out its label, ids and aria-* from the
 * field's meta, so a form cannot forget them. Rendered to HTML as the server sends it.
 */

function html(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(element);
}

describe("form fields", () => {
  it("a field with a message: the control is invalid and described by the message, then the hint", () => {
    const out = html(
      createElement(TextField, {
        meta: plainField("nome", { error: "Informe seu nome completo." }),
        label: "Nome completo",
        hint: "Como no documento.",
      }),
    );
    expect(out).toContain('<label for="nome"');
    expect(out).toMatch(/<input[^>]*id="nome"[^>]*name="nome"/);
    expect(out).toContain('aria-invalid="true"');
    expect(out).toContain('aria-describedby="nome-error nome-hint"');
    expect(out).toMatch(/<p id="nome-error"[^>]*>Informe seu nome completo\.<\/p>/);
    expect(out).toMatch(/<p id="nome-hint"[^>]*>Como no documento\.<\/p>/);
  });

  it("a valid field: not invalid, described by its hint alone, its message element empty", () => {
    const out = html(
      createElement(TextField, {
        meta: plainField("proximo_contato", { errorId: "proximo-contato-error", defaultValue: "2026-03-10" }),
        label: "Data do próximo contato",
        type: "date",
        hint: "Deixe vazio para não marcar data.",
      }),
    );
    expect(out).not.toContain("aria-invalid");
    expect(out).toContain('aria-describedby="proximo_contato-hint"');
    expect(out).toContain('value="2026-03-10"');
    expect(out).toMatch(/<p id="proximo-contato-error"[^>]*><\/p>/);
  });

  it("other attributes pass through to the control, and the look's class is applied", () => {
    const out = html(
      createElement(TextareaField, {
        meta: plainField("texto"),
        label: "Nova nota",
        look: "compact",
        rows: 3,
        maxLength: 2000,
      }),
    );
    expect(out).toMatch(/<textarea[^>]*rows="3"/);
    expect(out).toMatch(/<textarea[^>]*maxLength="2000"/i);
    expect(out).toContain(`class="${INPUT_LOOKS.compact}"`);
  });

  it("a grouped select: the empty choice, the loose options, then one optgroup per group", () => {
    const out = html(
      createElement(SelectField, {
        meta: plainField("curso", { defaultValue: "Direito" }),
        label: "Curso de interesse",
        placeholder: "Selecione um curso",
        options: ["Ainda não decidi"],
        groups: [
          { label: "Ciências Humanas", options: ["Direito", "Pedagogia"] },
          { label: "Tecnologia", options: [{ value: "ads", label: "Análise e Desenvolvimento de Sistemas" }] },
        ],
      }),
    );
    const order = [
      '<option value="">Selecione um curso</option>',
      '<option value="Ainda não decidi">Ainda não decidi</option>',
      '<optgroup label="Ciências Humanas"><option value="Direito" selected="">Direito</option><option value="Pedagogia">Pedagogia</option></optgroup>',
      '<optgroup label="Tecnologia"><option value="ads">Análise e Desenvolvimento de Sistemas</option></optgroup>',
    ].map((part) => out.indexOf(part));
    expect(
      order.every((at) => at >= 0),
      out,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("a checkbox has its label beside it and its message under it", () => {
    const out = html(
      createElement(CheckboxField, {
        meta: plainField("consentimento", { error: "É preciso aceitar a Política de Privacidade." }),
        label: "Li e aceito",
        look: "consent",
      }),
    );
    const box = out.match(/<input[^>]*>/)?.[0] ?? "";
    for (const part of [
      'type="checkbox"',
      'id="consentimento"',
      'aria-invalid="true"',
      'aria-describedby="consentimento-error"',
    ]) {
      expect(box).toContain(part);
    }
    expect(out).toContain('<label for="consentimento" class="text-sm text-slate-700">Li e aceito</label>');
    expect(out).toContain("É preciso aceitar a Política de Privacidade.");
  });

  it("a list of boxes: one name per box (list[0], list[1]…), ticked as given, its message under it; empty text without choices", () => {
    const meta = plainField("poloIds", { error: "Escolha um polo válido." });
    const out = html(
      createElement(CheckboxListField, {
        meta,
        legend: "Polos que oferecem o curso",
        empty: "Nenhum polo cadastrado.",
        choices: [
          { value: "7", label: "Centro", checked: true },
          { value: "9", label: "Norte (inativo)", checked: false },
        ],
      }),
    );
    expect(out).toContain('<fieldset class="rounded-lg border border-slate-200 p-4" aria-describedby="poloIds-error">');
    const boxes = out.match(/<input[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toContain('name="poloIds[0]"');
    expect(boxes[0]).toContain('value="7"');
    expect(boxes[0]).toContain('checked=""');
    expect(boxes[1]).toContain('name="poloIds[1]"');
    expect(boxes[1]).not.toContain("checked");
    expect(out).toContain('<label for="poloIds-9" class="text-sm text-slate-800">Norte (inativo)</label>');
    expect(out).toContain("Escolha um polo válido.");
    expect(out).not.toContain("Nenhum polo cadastrado.");

    const empty = html(
      createElement(CheckboxListField, { meta, legend: "Polos", empty: "Nenhum polo cadastrado.", choices: [] }),
    );
    expect(empty).toContain("Nenhum polo cadastrado.");
    expect(empty).not.toContain("<ul");
  });

  it("every look but the message-only ones marks an invalid control red; extra classes are appended", () => {
    for (const [look, classes] of Object.entries(INPUT_LOOKS)) {
      expect(classes.includes("aria-[invalid=true]:border-red"), look).toBe(look !== "compact" && look !== "inline");
    }
    expect(inputClass("staff", "w-20")).toBe(`${INPUT_LOOKS.staff} w-20`);
    expect(inputClass()).toBe(INPUT_LOOKS.staff);
  });
});
