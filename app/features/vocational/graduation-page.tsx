import { ArrowLeft, Download, Loader2, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

import { whatsappShareUrl } from "~/features/share/share";
import { useSite } from "~/features/site/use-site";
import { GRADUATION_HEIGHT, GRADUATION_WIDTH, graduationFileName } from "~/features/vocational/graduation";
import { firstName, requireTestLead } from "~/features/vocational/vocational.server";
import { visitorPageHeaders } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";
import { Button, buttonClass } from "~/ui/button";
import { Title } from "~/ui/title";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/graduation-page";

/** The server-rendered PNG: what is shown, downloaded and shared. */
const PICTURE_PATH = "/teste-vocacional/simulacao-formatura/imagem.png";
const LOAD_ERROR = "Não foi possível carregar as imagens necessárias.";
const DRAW_ERROR = "Ocorreu um erro ao gerar a imagem de formatura.";

/** Built from the visitor's own answers: never marked for a shared cache. */
export const headers = visitorPageHeaders;

export const meta: Route.MetaFunction = privatePageMeta(
  "Simulação de Formatura - Teste Vocacional",
  "Veja como vai ser a sua formatura.",
);

export async function loader({ request }: Route.LoaderArgs) {
  const { state } = await requireTestLead(request);
  // The picture changes with the name: a version in the URL keeps a cached copy from being reused.
  const version = Array.from(state.nome)
    .reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
    .toString(36);
  const backUrl = state.perfil ? `/teste-vocacional/resultado/${state.perfil}` : "/teste-vocacional/perguntas";
  return {
    nome: firstName(state.nome),
    imageUrl: `${PICTURE_PATH}?v=${version}`,
    downloadUrl: `${PICTURE_PATH}?download=1&v=${version}`,
    backUrl,
  };
}

type Status = { kind: "loading" } | { kind: "ready"; blob: Blob } | { kind: "error"; message: string };

/** Thrown when the picture arrived but could not be drawn (as opposed to not arriving at all). */
class DrawError extends Error {}

/** The PNG as the server rendered it: the very file the Share button sends. */
async function fetchPicture(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

async function drawPicture(blob: Blob, canvas: HTMLCanvasElement | null): Promise<void> {
  try {
    const context = canvas?.getContext("2d");
    if (!context) throw new Error("canvas indisponível");
    const bitmap = await createImageBitmap(blob);
    context.drawImage(bitmap, 0, 0, GRADUATION_WIDTH, GRADUATION_HEIGHT);
    bitmap.close();
  } catch (error) {
    throw new DrawError(String(error));
  }
}

export default function GraduationPage({ loaderData }: Route.ComponentProps) {
  const { nome, imageUrl, downloadUrl, backUrl } = loaderData;
  const site = useSite();
  const hydrated = useHydrated();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const pngName = graduationFileName(site.productName, "png");

  // With JavaScript: fetch the server's PNG, keep it for the Share button and draw it on the
  // 800x600 canvas. Downloading needs none of this: it is a plain link to the same PNG.
  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    (async () => {
      try {
        const blob = await fetchPicture(imageUrl, controller.signal);
        await drawPicture(blob, canvasRef.current);
        if (!controller.signal.aborted) setStatus({ kind: "ready", blob });
      } catch (error) {
        if (controller.signal.aborted) return;
        setStatus({ kind: "error", message: error instanceof DrawError ? DRAW_ERROR : LOAD_ERROR });
      }
    })();
    return () => controller.abort();
  }, [hydrated, imageUrl]);

  const shareText = `Olha a minha simulação de formatura na ${site.productName}! Faça o teste vocacional também: ${site.siteUrl}/teste-vocacional`;

  async function share() {
    if (status.kind !== "ready") return;
    const file = new File([status.blob], pngName, { type: "image/png" });
    if (navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: "Minha formatura", text: shareText });
        return;
      } catch {
        // Cancelled or refused: fall back to the WhatsApp link below.
      }
    }
    window.open(whatsappShareUrl(shareText), "_blank", "noopener");
  }

  const drawn = status.kind === "ready";
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-10">
        <Link to={backUrl} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />{" "}
          {backUrl.includes("resultado") ? "Voltar ao resultado" : "Voltar ao teste"}
        </Link>
        <Title size="page" className="mt-4">
          Simulação de Formatura
        </Title>
        <p className="mt-2 text-slate-600">
          {nome}, imagine o dia da sua formatura. Baixe a imagem e compartilhe com quem torce por você!
        </p>

        <div className="relative mt-6 overflow-hidden rounded-2xl bg-brand-900 shadow-lg" style={{ aspectRatio: "4 / 3" }}>
          {/* The server-rendered picture: what shows without JavaScript and until the canvas is ready. */}
          <img
            src={imageUrl}
            width={GRADUATION_WIDTH}
            height={GRADUATION_HEIGHT}
            alt={`Simulação de formatura de ${nome}`}
            className={`absolute inset-0 size-full ${drawn ? "invisible" : ""}`}
            data-testid="imagem-formatura"
          />
          {hydrated ? (
            <canvas
              ref={canvasRef}
              width={GRADUATION_WIDTH}
              height={GRADUATION_HEIGHT}
              role="img"
              aria-label={`Simulação de formatura de ${nome}`}
              data-testid="canvas-formatura"
              className={`absolute inset-0 size-full ${drawn ? "" : "invisible"}`}
            />
          ) : null}
          {hydrated && status.kind === "loading" ? (
            <p className="absolute inset-x-0 bottom-4 mx-auto flex w-fit items-center gap-2 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-slate-800">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Carregando simulação...
            </p>
          ) : null}
        </div>

        {status.kind === "error" ? (
          <Alert role="alert" size="md" as="p" className="mt-4 text-sm">
            {status.message}
          </Alert>
        ) : null}

        <div className="mt-6 flex flex-wrap gap-3">
          <a href={downloadUrl} download={pngName} className={buttonClass({ variant: "primary", size: "xl", weight: "bold" })}>
            <Download aria-hidden="true" className="size-5" /> Baixar imagem
          </a>
          {drawn ? (
            <Button type="button" onClick={share} variant="whatsapp" size="xl">
              <Share2 aria-hidden="true" className="size-5" /> Compartilhar
            </Button>
          ) : (
            <a
              href={whatsappShareUrl(shareText)}
              target="_blank"
              rel="noopener"
              className={buttonClass({ variant: "whatsapp", size: "xl" })}
            >
              <Share2 aria-hidden="true" className="size-5" /> Compartilhar
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
