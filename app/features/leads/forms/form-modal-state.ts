/**
 * The form modal: its state, the default texts per type, and a tiny client
 * API (`openFormModal`) that any code may call. The <FormModal /> mounted once in the root renders
 * the state; links with `data-form-modal` open it through one delegated click listener.
 */

export type FormModalType = "lead" | "contact" | "scholarship" | "other";

export type FormModalOptions = {
  /** The form to show; default: the consultant form for 'contact', else the enrolment form. */
  formUrl?: string;
  type?: FormModalType | string;
  /** Explicit texts override the type's defaults. */
  title?: string;
  description?: string;
  /** Values to prefill (sent as query parameters to the site's own form, e.g. { curso: "Enfermagem" }). */
  formData?: Record<string, string>;
};

/** The spec's modal state. Closing clears formData. */
export type FormModalState = {
  isOpen: boolean;
  formUrl: string;
  type: FormModalType;
  title: string;
  description: string;
  formData?: Record<string, string>;
};

export const FORM_MODAL_IFRAME_TITLE = "Formulário de Inscrição";

/**
 * The form frame's height in the modal, as the spec gives it (px): never less, but taller when our
 * own form reports it needs more (the frame-height island). In a phone's narrow modal our form (more
 * so with error messages) is taller than 600 px, and a visitor should not have to scroll inside the
 * frame to reach the consent box and the submit button.
 */
export const FORM_FRAME_HEIGHT_PX = 600;

const DEFAULT_TEXTS: Record<FormModalType, { title: string; description: string }> = {
  lead: {
    title: "Garanta sua vaga",
    description: "Preencha seus dados e um consultor entra em contato para concluir sua matrícula.",
  },
  contact: {
    title: "Fale com um consultor",
    description: "Deixe seus dados e um consultor tira todas as suas dúvidas.",
  },
  scholarship: {
    title: "Solicite sua bolsa",
    description: "Preencha o formulário e descubra a bolsa de estudos disponível para você.",
  },
  other: {
    title: "Inscreva-se",
    description: "Preencha o formulário para garantir sua vaga com desconto exclusivo.",
  },
};

/** Any unknown or missing type counts as 'other'. */
export function formModalType(type: string | null | undefined): FormModalType {
  return type === "lead" || type === "contact" || type === "scholarship" ? type : "other";
}

/** The title and description the modal shows: explicit texts first, else the type's defaults. */
export function formModalTexts(options: Pick<FormModalOptions, "type" | "title" | "description">) {
  const defaults = DEFAULT_TEXTS[formModalType(options.type)];
  return {
    title: options.title?.trim() || defaults.title,
    description: options.description?.trim() || defaults.description,
  };
}

/** Paths of the site's own, embeddable forms. */
const OWN_FORM_PATHS = ["/inscricao"];

/**
 * The address the iframe loads. For the site's own form (a same-origin path) it adds `embed=1`
 * (render without the site chrome), the origin of a scholarship request and the prefilled values;
 * an external form's URL is used as configured.
 */
export function iframeUrl(formUrl: string, type: FormModalType, formData: Record<string, string> | undefined, origin: string) {
  let url: URL;
  try {
    url = new URL(formUrl, origin);
  } catch {
    return formUrl;
  }
  if (url.origin !== origin || !OWN_FORM_PATHS.includes(url.pathname)) return url.href;
  url.searchParams.set("embed", "1");
  if (type === "scholarship" && !url.searchParams.has("tipo")) url.searchParams.set("tipo", "bolsa");
  for (const [key, value] of Object.entries(formData ?? {})) {
    if (key !== "embed" && typeof value === "string" && value) url.searchParams.set(key, value);
  }
  return url.pathname + url.search + url.hash;
}

type Listener = (options: FormModalOptions | null) => void;
let listener: Listener | null = null;
let pending: FormModalOptions | null = null;

/** Opens the modal from any client code (the mounted <FormModal /> renders it). */
export function openFormModal(options: FormModalOptions = {}) {
  if (listener) listener(options);
  else pending = options;
}

export function closeFormModal() {
  listener?.(null);
}

/** Used by <FormModal />: receives open/close requests. */
export function connectFormModal(next: Listener): () => void {
  listener = next;
  if (pending) {
    next(pending);
    pending = null;
  }
  return () => {
    if (listener === next) listener = null;
  };
}
