import { NO_OWNER_LABEL } from "~/features/leads/filters";
import { SelectOptions } from "~/ui/forms";

/** A lead owner to choose: a comercial user (id, e-mail). */
export type OwnerChoice = { id: number; email: string };

/** The owners as a select's choices (value: the id, label: the e-mail). */
export const ownerChoices = (owners: readonly OwnerChoice[]) =>
  owners.map((owner) => ({ value: String(owner.id), label: owner.email }));

/**
 * The options of an owner select: "Sem responsável" (empty value) and the comercial users. A current
 * owner who is no longer comercial stays listed (so the form shows the truth), marked as such.
 */
export function OwnerOptions({ owners, current }: { owners: OwnerChoice[]; current?: OwnerChoice | null }) {
  const listed = current && !owners.some((owner) => owner.id === current.id);
  return (
    <>
      <option value="">{NO_OWNER_LABEL}</option>
      <SelectOptions options={ownerChoices(owners)} />
      {listed ? (
        <option value={current.id} disabled>
          {current.email} (não é mais comercial)
        </option>
      ) : null}
    </>
  );
}
