import { Bell, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

import type { FirstContactState } from "~/features/leads/distribution/business-hours";
import type { WaitingBox } from "~/features/leads/distribution/waiting.server";
import { Callout } from "~/ui/callout";
import { textLink } from "~/ui/text-link";
import { useHydrated } from "~/ui/use-hydrated";

/** How often the open panel asks /contato/aguardando.json for the box (only while the tab is visible). */
export const WAITING_POLL_MS = 30_000;
const WAITING_URL = "/contato/aguardando.json";

/** "aguardando há 12 min" and, once past the due time, "atrasado" (decision 087). */
export function FirstContactLabel({ state }: { state: FirstContactState }) {
  if (!state) return null;
  return (
    <span className={`block text-xs ${state.late ? "font-semibold text-red-700" : "text-slate-600"}`} data-testid="first-contact">
      {state.text}
      {state.late ? " · atrasado" : null}
    </span>
  );
}

/**
 * The box, kept fresh after hydration (decision 142): it asks the server every WAITING_POLL_MS while
 * the tab is visible, and once more when the tab comes back; a newer waiting lead than the last one
 * seen raises a browser notification if the viewer allowed them. The server answers only the
 * viewer's scope.
 */
function useLiveWaitingBox(initial: WaitingBox): WaitingBox {
  const [box, setBox] = useState(initial);
  const newestSeen = useRef(initial.newest?.id ?? 0);
  useEffect(() => setBox(initial), [initial]);
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(WAITING_URL, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (!response.ok || stopped) return;
        const next = (await response.json()) as WaitingBox;
        if (stopped) return;
        if (next.newest && next.newest.id > newestSeen.current) {
          newestSeen.current = next.newest.id;
          notifyNewLead(next.newest.firstName);
        }
        setBox(next);
      } catch {
        // Offline or the server restarting: the next tick tries again.
      }
    };
    const timer = window.setInterval(refresh, WAITING_POLL_MS);
    const onVisibility = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
  return box;
}

function notifyNewLead(name: string) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  new Notification("Novo lead aguardando contato", { body: name, tag: "novo-lead" });
}

/** "Ativar notificações": asks the browser's permission on click only, never on its own. */
function NotificationButton() {
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">(() =>
    typeof Notification === "undefined" ? "unsupported" : Notification.permission,
  );
  if (permission === "unsupported") return null;
  if (permission === "granted") {
    return (
      <span className="text-sm text-slate-700" data-testid="notifications-on">
        Notificações ativadas
      </span>
    );
  }
  if (permission === "denied") {
    return <span className="text-sm text-slate-700">Notificações bloqueadas neste navegador</span>;
  }
  return (
    <button
      type="button"
      data-testid="enable-notifications"
      className={textLink("inline-flex items-center gap-1 text-sm")}
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      <Bell aria-hidden="true" className="size-4" /> Ativar notificações
    </button>
  );
}

/**
 * The panel's "Aguardando primeiro contato": how many leads wait and how many are "atrasados"
 * (each a link to the filtered list), and the few waiting leads most urgent first (the earliest due
 * time; three on a phone), above the list, so the next call is the first thing a salesperson sees. Without
 * JavaScript an "Atualizar" link reloads the panel; with it the box refreshes itself.
 */
export function WaitingLeads({ box: initial }: { box: WaitingBox }) {
  const hydrated = useHydrated();
  const box = useLiveWaitingBox(initial);
  return (
    <Callout titleId="aguardando-titulo" title="Aguardando primeiro contato" tone="warning" testId="waiting-leads">
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-slate-800" data-testid="waiting-totals" aria-live="polite">
          <Link to="/contato?aguardando=1" className="font-semibold underline" data-testid="waiting-total">
            {box.total} aguardando
          </Link>
          {" · "}
          <Link to="/contato?atrasados=1" className="font-semibold text-red-700 underline" data-testid="waiting-late">
            {box.late} {box.late === 1 ? "atrasado" : "atrasados"}
          </Link>
        </p>
        <span className="flex flex-wrap items-center gap-3">
          {hydrated ? <NotificationButton /> : null}
          <a
            href="/contato"
            className="inline-flex items-center gap-1 text-sm font-semibold underline"
            data-testid="waiting-reload"
          >
            <RefreshCw aria-hidden="true" className="size-4" /> Atualizar
          </a>
        </span>
      </div>
      {box.leads.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Nenhum lead aguardando o primeiro contato.</p>
      ) : (
        <ol className="mt-2 divide-y divide-amber-200 max-sm:[&>li:nth-child(n+4)]:hidden" data-testid="waiting-list">
          {box.leads.map((lead) => (
            <li
              key={lead.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 [overflow-wrap:anywhere]"
            >
              <Link to={`/contato/lead/${lead.id}`} className={textLink()}>
                {lead.firstName}
              </Link>
              <span className="text-sm text-slate-700">{[lead.course, lead.polo].filter(Boolean).join(" · ") || "-"}</span>
              <span className="text-sm text-slate-600">{lead.owner ?? "Sem responsável"}</span>
              <span className={`text-sm ${lead.late ? "font-semibold text-red-700" : "text-slate-700"}`}>
                {lead.text}
                {lead.late ? " · atrasado" : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Callout>
  );
}
