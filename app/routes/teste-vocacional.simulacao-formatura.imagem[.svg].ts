import { publicConfig } from "~/server/config.server";
import { saoPauloDate } from "~/lib/dates";
import { graduationFileName, graduationSvg } from "~/lib/graduation";
import { getVisitorSession } from "~/server/session.server";
import { readTestState } from "~/server/vocational.server";
import type { Route } from "./+types/teste-vocacional.simulacao-formatura.imagem[.svg]";

/** Years from now to the visitor's (simulated) graduation. */
const YEARS_TO_GRADUATE = 4;

/**
 * The graduation picture with the visitor's name, as an SVG image (the picture shown without
 * JavaScript, and the source the canvas draws). `?download=1` sends it as a file.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const state = readTestState(await getVisitorSession(request));
  if (state.leadId === null) {
    return new Response("Faça o teste vocacional para ver sua simulação de formatura.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const { productName } = publicConfig();
  const year = Number(saoPauloDate(new Date()).slice(0, 4)) + YEARS_TO_GRADUATE;
  const svg = graduationSvg({ name: state.nome, product: productName, year });
  const headers = new Headers({
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": "private, no-store",
    // The picture is data, never a document that could run anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  if (new URL(request.url).searchParams.get("download") === "1") {
    const fileName = graduationFileName(productName, "svg");
    const ascii = fileName.normalize("NFD").replace(/[^\x20-\x7e]/g, "");
    headers.set("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  }
  return new Response(svg, { headers });
}
