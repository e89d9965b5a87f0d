import { requireOperator } from "~/features/whatsapp/access/access.server";
import { issueChallenge, verifyHelper } from "~/features/whatsapp/helper-api/helper-keys.server";
import { sameOrigin } from "~/platform/same-origin.server";
import { privateData } from "~/shared/cache-headers";

import type { Route } from "./+types/verification";

/**
 * /whatsapp/ajudante: how the page makes sure the program on the helper's port is this site's helper
 * before it hands over anything (decision 070). GET gives a fresh challenge; the page asks the port
 * for its proof of it (GET <helper>/prova?desafio=…) and POSTs `{ challenge, keyId, proof }` here:
 * the answer is the helper's token (for that helper's key only) or, in pt-BR, why there is none
 * (another program answered, the key was revoked, the helper was installed by someone else). Only for a staff user or operator of the tool.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, { as: "status" });
  return privateData({ challenge: issueChallenge() });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireOperator(request, { as: "status" });
  if (request.method !== "POST") return privateData({ ok: false, error: "Método não permitido" }, { status: 405 });
  if (!sameOrigin(request)) return privateData({ ok: false, error: "Origem não permitida" }, { status: 403 });
  let input: Record<string, unknown> = {};
  try {
    const body: unknown = await request.json();
    if (body && typeof body === "object") input = body as Record<string, unknown>;
  } catch {
    return privateData({ ok: false, error: "JSON inválido" }, { status: 400 });
  }
  const result = verifyHelper({ challenge: input.challenge, keyId: input.keyId, proof: input.proof }, actor);
  return privateData(result, { status: result.ok ? 200 : 409 });
}
