/**
 * The two changes to the panel's whole filtered selection ("Alterar status dos filtrados",
 * "Atribuir responsável aos filtrados"): their addresses and the texts their one confirmation page
 * (components/leads/selection-confirmation.tsx) and their one action (server/leads/bulk.server.ts) say.
 */

/** The confirm button's `intent`: any other post is refused (a stray post changes nothing). */
export const BULK_CONFIRM_INTENT = "confirmar";

export const BULK_KINDS = {
  status: {
    path: "/contato/alterar-status",
    title: "Alterar status dos filtrados",
    description: "Alteração de status de vários leads.",
    othersNote: "os demais já estão com este status",
    historyNote: "Cada alteração fica no histórico do lead, com o seu e-mail e o horário.",
    pendingText: "Alterando...",
    confirmFirst: "Confirme a alteração com o botão “Confirmar alteração”.",
    nothingChanges: "Nenhum lead filtrado mudaria de status: todos já estão com este status.",
    doneTitle: "Status alterado",
    done: (changed: number, target: string) =>
      changed === 1 ? `1 lead agora está ${target}.` : `${changed} leads agora estão ${target}.`,
  },
  owner: {
    path: "/contato/atribuir-responsavel",
    title: "Atribuir responsável aos filtrados",
    description: "Atribuição de responsável a vários leads.",
    othersNote: "os demais já estão com ele",
    historyNote: "Cada troca fica no histórico do lead, com o seu e-mail e o horário.",
    pendingText: "Atribuindo...",
    confirmFirst: "Confirme a atribuição com o botão “Confirmar atribuição”.",
    nothingChanges: "Nenhum lead filtrado mudaria de responsável: todos já estão com ele.",
    doneTitle: "Responsável atribuído",
    done: (changed: number, target: string) =>
      changed === 1 ? `1 lead agora está com ${target}.` : `${changed} leads agora estão com ${target}.`,
  },
} as const;

export type BulkKindName = keyof typeof BULK_KINDS;
export type BulkTexts = (typeof BULK_KINDS)[BulkKindName];

/** Which change a page address is (the one route module serves both, app/features/leads/bulk-change.tsx). */
export function bulkKindAt(pathname: string): BulkKindName {
  const path = pathname.replace(/\/$/, "");
  const kind = (Object.keys(BULK_KINDS) as BulkKindName[]).find((name) => BULK_KINDS[name].path === path);
  if (!kind) throw new Error(`No bulk change at ${pathname}`);
  return kind;
}
