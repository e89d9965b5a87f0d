import { LoaderCircle, WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import {
  ASSISTANT_ALLOW,
  ASSISTANT_LOAD_TIMEOUT_MS,
  ASSISTANT_TEXTS,
  type AssistantStatus,
  probeAssistant,
} from "~/features/assistant/assistant";
import { textLink } from "~/ui/text-link";

export { ASSISTANT_ALLOW, ASSISTANT_LOAD_TIMEOUT_MS, ASSISTANT_TEXTS, type AssistantStatus };

/**
 * The third-party assistant in a lazy iframe, with the spec's states. A cross-origin frame does
 * not report errors (its load event fires even for the browser's own error page), so failure is
 * detected by (1) a no-cors request to the same URL, which rejects only on a network error,
 * (2) a load timeout, and (3) the browser going offline. The frame counts as loaded once both its
 * load event fired and the request succeeded. 'Tentar novamente' reloads the page (spec).
 *
 * Without JavaScript the frame is rendered inside <noscript>, so it still opens, with a link that
 * opens the assistant itself; no loading state is shown that no script would end. For the assistant
 * island (`island`: the sheet sits in a <template> of a page without React, decision 099) every state
 * is in the markup, the failed one hidden, and the island (islands/assistant.ts) switches between them.
 */
export function AssistantFrame({ url, className = "h-full", island }: { url: string; className?: string; island?: boolean }) {
  const [mounted, setMounted] = useState(false);
  const [status, setStatus] = useState<AssistantStatus>("loading");
  const frameLoaded = useRef(false);
  const reachable = useRef(false);
  const loadedCheck = useRef<() => void>(() => {});

  useEffect(() => {
    setMounted(true);
    let done = false;
    const fail = () => {
      if (done) return;
      done = true;
      setStatus("failed");
    };
    const succeedIfReady = () => {
      if (done || !frameLoaded.current || !reachable.current) return;
      done = true;
      setStatus("loaded");
    };
    loadedCheck.current = succeedIfReady;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      fail();
      return;
    }
    const timer = window.setTimeout(fail, ASSISTANT_LOAD_TIMEOUT_MS);
    window.addEventListener("offline", fail);
    probeAssistant(url).then(() => {
      reachable.current = true;
      succeedIfReady();
    }, fail);
    return () => {
      done = true;
      window.clearTimeout(timer);
      window.removeEventListener("offline", fail);
    };
  }, [url]);

  // The same frame with JavaScript (watched for its load) and in <noscript>.
  const frameAttributes = {
    src: url,
    loading: "lazy",
    allow: ASSISTANT_ALLOW,
    referrerPolicy: "no-referrer",
    className: "absolute inset-0 size-full border-0 bg-white",
  } as const;
  const frame = (
    <iframe
      title={ASSISTANT_TEXTS.title}
      {...frameAttributes}
      onLoad={() => {
        frameLoaded.current = true;
        loadedCheck.current();
      }}
    />
  );

  if (island) {
    return (
      <div className={`relative ${className}`} data-testid="assistant-frame">
        {frame}
        <Loading />
        <Failed hidden />
      </div>
    );
  }

  return (
    <div className={`relative ${className}`} data-testid="assistant-frame" data-status={mounted ? status : undefined}>
      {mounted ? (
        status === "failed" ? null : (
          <>
            {frame}
            {status === "loading" ? <Loading /> : null}
          </>
        )
      ) : (
        // Before hydration, and for good without JavaScript: no "Carregando" that nothing would end,
        // only the frame and a way to open the assistant itself.
        <noscript>
          <iframe title={ASSISTANT_TEXTS.title} {...frameAttributes} />
          <p className="absolute inset-x-0 bottom-0 bg-white/95 p-3 text-center text-sm">
            <a href={url} target="_blank" rel="noopener noreferrer" className={textLink()}>
              {ASSISTANT_TEXTS.openDirectly}
            </a>
          </p>
        </noscript>
      )}
      {status === "failed" ? <Failed /> : null}
    </div>
  );
}

function Loading() {
  return (
    <div
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white text-slate-600"
      role="status"
      data-assistant-loading
    >
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" />
      <p>{ASSISTANT_TEXTS.loading}</p>
    </div>
  );
}

function Failed({ hidden }: { hidden?: boolean }) {
  return (
    <div
      role="alert"
      hidden={hidden}
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white p-6 text-center"
    >
      <WifiOff aria-hidden="true" className="size-10 text-red-600" />
      <p className="text-lg font-semibold text-slate-900">{ASSISTANT_TEXTS.failedTitle}</p>
      <p className="max-w-sm text-slate-600">{ASSISTANT_TEXTS.failedText}</p>
      <button
        type="button"
        data-assistant-retry
        onClick={() => window.location.reload()}
        className="mt-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        {ASSISTANT_TEXTS.retry}
      </button>
    </div>
  );
}
