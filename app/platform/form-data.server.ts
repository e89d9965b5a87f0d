import { data } from "react-router";

/**
 * Reads a form post's body. Browsers send forms as application/x-www-form-urlencoded or
 * multipart/form-data; anything else (JSON, text/plain, no type) or a body that does not parse (a
 * broken multipart boundary) is the client's mistake: it is answered with a 415 or 400 page,
 * never a 500. server/app.js has already refused bodies over its size limit (413) before this runs.
 */
export const UNSUPPORTED_TYPE_MESSAGE = "Envie o formulário pela página do site.";
export const UNREADABLE_FORM_MESSAGE = "Não foi possível ler o formulário enviado. Recarregue a página e tente novamente.";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export function isFormContentType(contentType: string | null): boolean {
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return FORM_TYPES.has(mediaType);
}

export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormContentType(request.headers.get("Content-Type"))) {
    throw data(UNSUPPORTED_TYPE_MESSAGE, { status: 415, headers: { "Cache-Control": "no-store" } });
  }
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
