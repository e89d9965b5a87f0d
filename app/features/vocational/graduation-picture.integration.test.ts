import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { getInstitution } from "~/features/institution/institution.server";
import { action as leadAction } from "~/features/vocational/form";
import { graduationFileName } from "~/features/vocational/graduation";
import { loader as pngLoader } from "~/features/vocational/graduation-image.png";
import { loader as svgLoader } from "~/features/vocational/graduation-image.svg";
import { loader as pageLoader } from "~/features/vocational/graduation-page";

import { args, cookieFrom, formRequest, getRequest, payload } from "../../../tests/support/route-calls";
import { updateInstitution } from "../../../tests/support/saved-content";

const PNG_PATH = "/teste-vocacional/simulacao-formatura/imagem.png";
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A visitor session that filled the test's lead form (the only one the picture is for). */
async function sessionWithLead(fullName: string): Promise<string> {
  const response = (await leadAction(
    args(
      formRequest("/teste-vocacional", {
        fullName,
        phone: "31 99999-8888",
        email: `formatura.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
        workStatus: "carteira_assinada",
        workArea: "saude",
        workSatisfaction: "gosto_muito",
        careerGoal: "nova_area",
        desiredArea: "saude_bem_estar",
      }),
    ),
  )) as Response;
  expect(response.status).toBe(303);
  return cookieFrom(response);
}

describe("graduation picture as a PNG (rendered by sharp)", () => {
  it("is an 800x600 PNG downloaded as minha-formatura-{product}.png, private to the session", async () => {
    const cookie = await sessionWithLead("Ana D'Ávila Souza");
    const response = (await pngLoader(args(getRequest(`${PNG_PATH}?download=1`, { cookie })))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const fileName = graduationFileName(getInstitution().productName, "png");
    expect(fileName).toMatch(/^minha-formatura-.+\.png$/);
    expect(response.headers.get("Content-Disposition")).toContain(`attachment; filename="${fileName}"`);

    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 800, height: 600 });

    // The name is really drawn: without a font librsvg can use, its band would stay plain blue.
    const band = await sharp(bytes).extract({ left: 100, top: 295, width: 600, height: 70 }).removeAlpha().raw().toBuffer();
    let white = 0;
    for (let i = 0; i < band.length; i += 3) if (band[i] > 230 && band[i + 1] > 230 && band[i + 2] > 230) white++;
    expect(white).toBeGreaterThan(1000);
  });

  it("is shown inline without ?download=1, and refused (404) to a session without a test lead", async () => {
    const cookie = await sessionWithLead("Carla Mendes");
    const inline = (await pngLoader(args(getRequest(PNG_PATH, { cookie })))) as Response;
    expect(inline.status).toBe(200);
    expect(inline.headers.get("Content-Disposition")).toBeNull();

    const none = (await pngLoader(args(getRequest(`${PNG_PATH}?download=1`)))) as Response;
    expect(none.status).toBe(404);
    expect(none.headers.get("Content-Type")).toContain("text/plain");
    expect(await none.text()).toBe("Faça o teste vocacional para ver sua simulação de formatura.");
  });

  it("the page shows and links that PNG (a plain link: it downloads without JavaScript)", async () => {
    const cookie = await sessionWithLead("Carla Mendes");
    const data = payload(await pageLoader(args(getRequest("/teste-vocacional/simulacao-formatura", { cookie }))));
    expect(data.imageUrl).toMatch(/^\/teste-vocacional\/simulacao-formatura\/imagem\.png\?v=\w+$/);
    expect(data.downloadUrl).toMatch(/^\/teste-vocacional\/simulacao-formatura\/imagem\.png\?download=1&v=\w+$/);
  });
});

describe("every text of the picture is escaped once, last", () => {
  /** Every character XML gives a meaning to, in every text the picture draws. */
  const HOSTILE = `&'"<>`;

  const setProductName = (productName: string) => updateInstitution({ productName });

  it.each([`Saúde & Cia ${HOSTILE}`, `Faculdade Sant'Ana`, `<b>"Uni"</b> & 'Co'`])(
    "the product name %j and a name with an apostrophe: the SVG is well-formed and sharp renders the PNG",
    async (productName) => {
      getInstitution(); // seeds the singleton
      setProductName(productName);
      // The lead form lets a name hold only letters, spaces and ' . - (the other characters are refused there).
      const cookie = await sessionWithLead(`Ana D'Ávila Sant'Ana`);

      const svgAnswer = (await svgLoader(
        args(getRequest(`/teste-vocacional/simulacao-formatura/imagem.svg`, { cookie })),
      )) as Response;
      expect(svgAnswer.status).toBe(200);
      const svg = await svgAnswer.text();
      // Escaped once, after upper-casing: never "&AMP;", never a double "&amp;amp;", never a raw "<" of a text.
      expect(svg).not.toMatch(/&AMP;|&amp;amp;|&APOS;|&QUOT;|&LT;|&GT;/);
      expect(svg).not.toContain("<b>");
      expect(svg).toContain(`Ana D&apos;Ávila Sant&apos;Ana`);
      const upper = productName.toLocaleUpperCase("pt-BR");
      expect(svg).toContain(
        `FORMATURA ${upper.replace(/&/g, "&amp;").replace(/'/g, "&apos;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}`,
      );
      // sharp (librsvg) refuses SVG that is not well-formed XML: this is the 500 of the issue.
      const fromSvg = await sharp(Buffer.from(svg)).metadata();
      expect(fromSvg).toMatchObject({ format: "svg", width: 800, height: 600 });

      const pngAnswer = (await pngLoader(args(getRequest(`${PNG_PATH}?download=1`, { cookie })))) as Response;
      expect(pngAnswer.status).toBe(200);
      const bytes = Buffer.from(await pngAnswer.arrayBuffer());
      expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 800, height: 600 });
      expect(pngAnswer.headers.get("Content-Disposition")).toContain(
        `filename*=UTF-8''${encodeURIComponent(graduationFileName(productName, "png"))}`,
      );
    },
  );
});
