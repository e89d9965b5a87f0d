import { Bot } from "lucide-react";
import { Link } from "react-router";

/** The floating assistant button (bottom right). Without JavaScript it is a link to /assistente. */
export function AssistantButton() {
  return (
    <Link
      to="/assistente"
      data-assistant-button
      aria-label="Abrir assistente virtual"
      className="fixed bottom-4 right-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-slate-900/30 hover:bg-brand-700"
    >
      <Bot aria-hidden="true" className="size-7" />
    </Link>
  );
}
