import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";

import type { DistributionStatus } from "~/features/leads/distribution/assign.server";
import { NO_OWNER } from "~/features/leads/filters";
import { Alert } from "~/ui/alert";

/**
 * The panel says when distribution cannot give new leads an owner (decision 096): nobody is
 * available to receive them, or leads already wait in the unassigned queue. Nothing when all is well
 * or when an admin switched distribution off.
 */
export function UnassignedNotice({ status, canDistribute }: { status: DistributionStatus | null; canDistribute: boolean }) {
  if (!status?.active || (status.available > 0 && status.unassigned === 0)) return null;
  return (
    <Alert tone="warning" size="md" className="mt-6 flex gap-3" data-testid="unassigned-notice">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        {status.available === 0 ? (
          <p className="font-semibold">
            Nenhum usuário comercial disponível: os novos leads ficam sem responsável até alguém ficar disponível.
          </p>
        ) : null}
        {status.unassigned > 0 ? (
          <p>
            <Link to={`/contato?responsavel=${NO_OWNER}`} className="font-semibold underline">
              {status.unassigned === 1 ? "1 lead novo sem responsável" : `${status.unassigned} leads novos sem responsável`}
            </Link>{" "}
            na fila.
          </p>
        ) : null}
        {canDistribute ? (
          <p className="mt-1">
            <Link to="/admin/distribuicao" className="underline">
              Abrir a Distribuição
            </Link>
          </p>
        ) : null}
      </div>
    </Alert>
  );
}
