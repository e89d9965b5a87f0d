/**
 * The assistant's texts and rules, shared by its React components (components/assistant) and the
 * assistant island (islands/assistant.ts) of the pages without React (decision 099).
 */

/** The assistant's texts: its title and what the sheet says while loading and when it fails. */
export const ASSISTANT_TEXTS = {
  title: "Assistente virtual",
  loading: "Carregando assistente...",
  failedTitle: "Não foi possível carregar o assistente",
  failedText: "Por favor, verifique sua conexão com a internet e tente novamente.",
  retry: "Tentar novamente",
  openDirectly: "O assistente não apareceu? Abra-o em uma nova aba",
} as const;

/** What the embedded assistant may use (voice and video, fullscreen, screen sharing, autoplay). */
export const ASSISTANT_ALLOW = "camera; microphone; fullscreen; display-capture; autoplay";

/** A frame that has not loaded after this long is reported as failed. */
export const ASSISTANT_LOAD_TIMEOUT_MS = 15_000;

export type AssistantStatus = "loading" | "loaded" | "failed";

/**
 * Whether the assistant at `url` answers at all: a no-cors request rejects only on a network error
 * (a cross-origin frame reports no errors, its load event fires even for the browser's error page).
 */
export function probeAssistant(url: string): Promise<unknown> {
  return fetch(url, { mode: "no-cors", cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer" });
}
