import { addAccessPassword } from "~/features/whatsapp/access/access.server";
import { issueHelperKey } from "~/features/whatsapp/helper-api/helper-keys.server";

let made = 0;

/**
 * A live helper key, as a downloaded start script carries it (decision 070): made for a new access
 * password (named `label`), whose id comes back too (removing it kills the key).
 */
export async function newHelperKey(label = "Equipe de teste"): Promise<{ key: string; passwordId: number }> {
  made += 1;
  const passwordId = await addAccessPassword(`senha-do-ajudante-${made}-${Date.now()}`, label);
  if (passwordId === null) throw new Error("password already stored");
  const key = issueHelperKey({ kind: "password", passwordId, label, since: new Date().toISOString() }, "Linux");
  return { key, passwordId };
}
