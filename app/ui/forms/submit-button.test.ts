import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { nextSubmitStatus, SubmitButton, type SubmitStatus, SUCCESS_TEXT, useSubmitStatus } from "~/ui/forms";

function render(props: Partial<Parameters<typeof SubmitButton>[0]>) {
  return renderToStaticMarkup(createElement(SubmitButton, { pendingText: "Salvando...", children: "Salvar", ...props }));
}

describe("SubmitButton", () => {
  it("is a plain enabled submit button with its label when idle", () => {
    const html = render({});
    expect(html).toMatch(/^<button type="submit" class="[^"]*">Salvar<\/button>$/);
    expect(render({ status: "idle" })).toBe(html);
    expect(render({ pending: false })).toBe(html);
  });

  it("is disabled and busy with a spinner and the pending text while the post is on its way", () => {
    for (const html of [render({ status: "pending" }), render({ pending: true })]) {
      expect(html).toContain(' disabled=""');
      expect(html).toContain(' aria-busy="true"');
      expect(html).toContain('data-status="pending"');
      expect(html).toMatch(/<svg[^>]*animate-spin" aria-hidden="true">.*<\/svg>Salvando\.\.\.<\/button>$/);
      expect(html).not.toContain(">Salvar<");
    }
  });

  it("shows a check and the success text after a successful post, enabled again", () => {
    const html = render({ status: "success" });
    expect(html).toMatch(new RegExp(`lucide-check[^>]*>.*</svg>${SUCCESS_TEXT}</button>$`));
    expect(html).not.toContain(' disabled=""');
    expect(html).not.toContain("aria-busy");
    expect(render({ status: "success", successText: "Adicionado" })).toMatch(/>Adicionado<\/button>$/);
  });

  it("keeps its label beside a cross after a refused post", () => {
    const html = render({ status: "error" });
    expect(html).toMatch(/lucide-x[^>]*>.*<\/svg>Salvar<\/button>$/);
    expect(html).not.toContain(' disabled=""');
  });

  it("passes name, value and the caller's disabled through", () => {
    const html = render({ name: "intent", value: "salvar", disabled: true });
    expect(html).toContain(' name="intent"');
    expect(html).toContain(' value="salvar"');
    expect(html).toContain(' disabled=""');
  });
});

describe("nextSubmitStatus", () => {
  const run = (steps: Array<[boolean, boolean | undefined]>) => {
    let status: SubmitStatus = "idle";
    return steps.map(([pending, ok]) => (status = nextSubmitStatus(status, pending, ok)));
  };

  it("goes pending, then success or error by the answer when the post ends", () => {
    expect(
      run([
        [true, undefined],
        [false, true],
      ]),
    ).toEqual(["pending", "success"]);
    expect(
      run([
        [true, undefined],
        [false, false],
      ]),
    ).toEqual(["pending", "error"]);
    expect(
      run([
        [true, undefined],
        [false, undefined],
      ]),
    ).toEqual(["pending", "idle"]);
  });

  it("shows no success without a post seen on its way (a page rendered after a plain POST)", () => {
    expect(
      run([
        [false, true],
        [false, true],
      ]),
    ).toEqual(["idle", "idle"]);
    expect(run([[false, false]])).toEqual(["idle"]);
  });

  it("keeps an error until the next post", () => {
    expect(
      run([
        [true, undefined],
        [false, false],
        [false, undefined],
        [true, undefined],
      ]),
    ).toEqual(["pending", "error", "error", "pending"]);
  });
});

describe("useSubmitStatus", () => {
  const Probe = (props: { pending: boolean; ok: boolean | undefined }) => createElement("i", null, useSubmitStatus(props));

  it("is pending while pending and idle on the server render whatever the answer", () => {
    expect(renderToStaticMarkup(createElement(Probe, { pending: true, ok: undefined }))).toBe("<i>pending</i>");
    expect(renderToStaticMarkup(createElement(Probe, { pending: false, ok: true }))).toBe("<i>idle</i>");
  });
});
