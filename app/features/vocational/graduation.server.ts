import sharp from "sharp";

import { getInstitution } from "~/features/institution/institution.server";
import { GRADUATION_HEIGHT, GRADUATION_WIDTH, graduationFileName, graduationSvg } from "~/features/vocational/graduation";
import { readTestState } from "~/features/vocational/vocational.server";
import { getVisitorSession } from "~/platform/session.server";
import { PRIVATE_CACHE_CONTROL } from "~/shared/cache-headers";
import { saoPauloDate } from "~/shared/dates";

/** Years from now to the visitor's (simulated) graduation. */
const YEARS_TO_GRADUATE = 4;

/**
 * The picture carries the visitor's name: never kept by a shared cache, and only for the session
 * that filled the test's lead form.
 */
const PRIVATE = PRIVATE_CACHE_CONTROL;

/** The visitor's graduation picture as an SVG document, or null when this session has no test lead. */
export async function graduationSvgFor(request: Request, now = new Date()): Promise<{ svg: string; productName: string } | null> {
  const state = readTestState(await getVisitorSession(request));
  if (state.leadId === null) return null;
  const { productName } = getInstitution();
  const year = Number(saoPauloDate(now).slice(0, 4)) + YEARS_TO_GRADUATE;
  return { svg: graduationSvg({ name: state.nome, product: productName, year }), productName };
}

/**
 * The SVG rendered to an 800x600 PNG (librsvg inside sharp). A PNG, not the SVG, is what people
 * download and share: phones cannot send an SVG to WhatsApp or Instagram.
 */
export function renderGraduationPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(GRADUATION_WIDTH, GRADUATION_HEIGHT).png().toBuffer();
}

/** The answer to a session without a test lead (a plain-text 404, so an <img> shows nothing). */
export function noGraduationPicture(): Response {
  return new Response("Faça o teste vocacional para ver sua simulação de formatura.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE },
  });
}

/** Headers of the picture; `?download=1` sends it as the file minha-formatura-{product}.{extension}. */
export function graduationHeaders(request: Request, contentType: string, productName: string, extension: "png" | "svg"): Headers {
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": PRIVATE,
    // The picture is data, never a document that could run anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  if (new URL(request.url).searchParams.get("download") === "1") {
    const fileName = graduationFileName(productName, extension);
    // filename= is ASCII for old clients; filename*= keeps the accents of the product name.
    const ascii = fileName.normalize("NFD").replace(/[^\x20-\x7e]/g, "");
    headers.set("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  }
  return headers;
}
