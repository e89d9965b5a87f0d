// The assistant's side sheet without React (decision 099). The floating button is a link to
// /assistente (what it stays without this script); here its click opens the sheet that waits in the
// page as a <template> (components/layout/assistant-button.tsx renders the React sheet's markup there):
// a modal <dialog>, focus kept inside, Esc, the close button and a click on the backdrop close it and
// focus returns to the button. With an assistant URL the frame's states follow the React frame's rules
// (lib/assistant.ts): loaded once the frame loaded and the address answered, failed on a network
// error, a timeout or going offline; "Tentar novamente" reloads the page.
import { ASSISTANT_LOAD_TIMEOUT_MS, probeAssistant } from "~/features/assistant/assistant";

for (const aside of document.querySelectorAll<HTMLElement>('[data-island="assistant"]')) {
  const button = aside.querySelector<HTMLAnchorElement>("[data-assistant-button]");
  const template = aside.querySelector<HTMLTemplateElement>("template[data-assistant-sheet]");
  let dialog: HTMLDialogElement | null = null;

  const create = () => {
    const sheet = template!.content.firstElementChild!.cloneNode(true) as HTMLDialogElement;
    sheet.addEventListener("close", () => {
      button!.setAttribute("aria-expanded", "false");
      document.documentElement.style.overflow = "";
      button!.focus();
    });
    // A click on the backdrop (the dialog itself, outside its panel) or on the close button closes it.
    sheet.addEventListener("click", (event) => {
      const target = event.target as Element;
      if (target === sheet || target.closest("[data-assistant-close]")) sheet.close();
      if (target.closest("[data-assistant-retry]")) window.location.reload();
    });
    const frame = sheet.querySelector<HTMLElement>('[data-testid="assistant-frame"]');
    if (frame) watchFrame(frame);
    aside.append(sheet);
    return sheet;
  };

  button?.addEventListener("click", (event) => {
    if (!template || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dialog ??= create();
    dialog.showModal();
    button.setAttribute("aria-expanded", "true");
    document.documentElement.style.overflow = "hidden";
  });
  aside.dataset.islandReady = "";
}

/** The frame's states, as the React AssistantFrame keeps them (data-status, the loading and failed blocks). */
function watchFrame(frame: HTMLElement) {
  const iframe = frame.querySelector("iframe");
  const loading = frame.querySelector("[data-assistant-loading]");
  const failed = frame.querySelector<HTMLElement>('[role="alert"]');
  let done = false;
  let loaded = false;
  let reachable = false;
  const finish = (status: "loaded" | "failed") => {
    done = true;
    window.clearTimeout(timer);
    frame.dataset.status = status;
    loading?.remove();
    if (status === "failed") {
      iframe?.remove();
      if (failed) failed.hidden = false;
    }
  };
  const fail = () => {
    if (!done) finish("failed");
  };
  const succeedIfReady = () => {
    if (!done && loaded && reachable) finish("loaded");
  };
  frame.dataset.status = "loading";
  const timer = window.setTimeout(fail, ASSISTANT_LOAD_TIMEOUT_MS);
  window.addEventListener("offline", fail);
  iframe?.addEventListener("load", () => {
    loaded = true;
    succeedIfReady();
  });
  if (!iframe || navigator.onLine === false) return fail();
  probeAssistant(iframe.src).then(() => {
    reachable = true;
    succeedIfReady();
  }, fail);
}
