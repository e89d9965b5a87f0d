/**
 * Photos of the content studio, as both sides see them: the upload's limits and messages (the
 * studio's field checks the size before sending; the server checks everything), and the names of
 * the resized files the public pages ask for. The server side is app/features/studio/images.server.ts.
 */

/** The largest photo the studio takes. server/app.js lets upload forms carry this plus the rest of the form. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/** Photos with more pixels than this are refused before they are decoded (a "pixel bomb"). */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** Photos narrower or shorter than this are refused: they would look blurred on any page. */
export const MIN_PHOTO_SIDE = 200;

/** The widths each photo is stored at, never wider than the photo itself. */
export const PHOTO_WIDTHS = [480, 800, 1200, 1600] as const;

/** Every width is stored in each of these formats: AVIF and WebP for browsers that take them, JPEG for the rest. */
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** What the file input offers (the server still checks the content, never the name or this list). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/** Where the public pages find the files. */
export const IMAGES_PATH = "/imagens";

/** A file's name changes with its content: browsers and CDNs may keep it for a year without asking. */
export const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const PHOTO_MESSAGES = {
  empty: "O arquivo está vazio. Escolha uma foto.",
  tooLarge: "A foto deve ter no máximo 8 MB.",
  svg: "Imagens SVG não são aceitas. Envie uma foto em JPEG, PNG, WebP ou AVIF.",
  notPhoto: "Este arquivo não é uma foto em JPEG, PNG, WebP ou AVIF.",
  broken: "Não foi possível abrir a foto: o arquivo está incompleto ou corrompido.",
  tooManyPixels: "A foto tem pixels demais (máximo de 40 megapixels). Reduza a foto e envie de novo.",
  tooSmall: `A foto é pequena demais: use uma com pelo menos ${MIN_PHOTO_SIDE} pixels de largura e de altura.`,
  polyglot: "O arquivo contém outro conteúdo além da imagem. Salve a foto de novo como JPEG, PNG, WebP ou AVIF.",
  // The prebuilt sharp decodes HEIF only with AV1 inside (AVIF), not the HEVC of an iPhone's HEIC
  // (decision 075): the photo is refused with what to do instead.
  heic: "Fotos HEIC do iPhone não são aceitas: exporte como JPEG",
  // An animated WebP or AVIF would show only its first frame (decision 075): refused, never flattened.
  animated:
    "Imagens animadas não são aceitas: o site mostraria só o primeiro quadro. Envie uma foto parada em JPEG, PNG, WebP ou AVIF.",
  missing: "Escolha uma foto",
  notFound: "Foto não encontrada. Escolha a foto de novo.",
  notSent: "A foto não foi enviada. Envie o formulário pela página do estúdio.",
  failed: "Não foi possível guardar a foto. Tente de novo.",
  /** Shown beside the field while a form with a new photo is on its way (the photo is resized then). */
  processing: "Processando a foto… Isso pode levar alguns segundos.",
  alt: "Descreva a foto para quem não pode vê-la (texto alternativo)",
} as const;

/** The widths a photo `width` pixels wide is stored at: the standard ones below it, and its own (at most 1600). */
export function photoWidths(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]);
  return [...PHOTO_WIDTHS.filter((standard) => standard < largest), largest];
}

export function photoFileName(id: string, width: number, format: PhotoFormat): string {
  return `${id}-${width}.${format}`;
}

export function photoUrl(id: string, width: number, format: PhotoFormat): string {
  return `${IMAGES_PATH}/${photoFileName(id, width, format)}`;
}

/** A `srcset` listing every stored width of a photo in one format. */
export function photoSrcSet(photo: { id: string; width: number }, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((width) => `${photoUrl(photo.id, width, format)} ${width}w`)
    .join(", ");
}
