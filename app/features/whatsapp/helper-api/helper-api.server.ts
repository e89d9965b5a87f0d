import { z } from "zod";

import { erasedPhones } from "~/features/leads/erasures.server";
import { now as clockNow } from "~/platform/clock.server";
import { PRIVATE_CACHE_CONTROL } from "~/shared/cache-headers";

import { centralListNumbers, optOutReportSchema, recordOptOuts, undoneOptOuts } from "../optouts/optouts.server";
import { recordReplies, repliesReportSchema } from "../replies/replies.server";
import { recentlySent, recordSendResults } from "../tool/send-log.server";
import { confirmUnlinked, helperKeyOfRequest, revokedKeyForLastResults } from "./helper-keys.server";

/**
 * The site's API for the operators' helpers (/api/whatsapp-helper/...). No cookie: the helper carries
 * its own key (`Authorization: Bearer <id>.<secret>`, decision 070), which must be live: a revoked key,
 * or one whose access password or staff user is gone, is a 401 at its next request. Every answer is
 * JSON and `private, no-store`; a missing or dead key is a 401 before anything else is read.
 */

const HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL };

/** How many contacts one "already sent?" question may ask about. */
export const MAX_SENT_QUERIES = 1000;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } });
}

const refused = (error: string, status: number) => json({ ok: false, error }, status);

/**
 * The answer to a request refused before its body was needed (no token, a method not served, a body
 * that is not JSON). The body is read and thrown away first: left unread, a long one would stall the
 * connection, and the client's next request on it would hang waiting for the server to take the rest.
 * (The server's door has already refused a body over its limit.)
 */
async function refuseDiscardingBody(request: Request, error: string, status: number, headers: Record<string, string> = {}) {
  await discardBody(request);
  return json({ ok: false, error }, status, headers);
}

async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  try {
    while (!(await reader.read()).done) {
      // Nothing to keep.
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/** The answer to a request without a live key. */
const KEY_REFUSED = "Chave do ajudante inválida ou revogada";

/**
 * GET /api/whatsapp-helper/chave: `{ ok: true, keyId }` while the helper's key lives, 401 once it is
 * revoked. The helper asks before every connection and command (decision 070).
 */
export async function keyCheckApi(request: Request): Promise<Response> {
  const key = helperKeyOfRequest(request);
  if (!key && request.method === "POST") return unlinkedApi(request);
  if (!key) return refuseDiscardingBody(request, KEY_REFUSED, 401);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(request, "GET");
  return json({ ok: true, keyId: key.id });
}

const unlinkedSchema = z.object({ unlinked: z.literal(true), whatsappLoggedOut: z.boolean() });

/**
 * POST /api/whatsapp-helper/chave `{ unlinked: true, whatsappLoggedOut }` with a revoked key: the
 * helper's word that it logged out of WhatsApp and deleted its session (decision 115), shown to the
 * admin. Anything else is the 401 of a dead key.
 */
async function unlinkedApi(request: Request): Promise<Response> {
  let input: unknown;
  try {
    input = await request.json();
  } catch {
    return refused(KEY_REFUSED, 401);
  }
  const parsed = unlinkedSchema.safeParse(input);
  if (!parsed.success || !confirmUnlinked(request, parsed.data.whatsappLoggedOut)) return refused(KEY_REFUSED, 401);
  return json({ ok: true, unlinked: true });
}

/** The answer every method a route does not serve gets (after the token check). */
function methodNotAllowed(request: Request, allow: string): Promise<Response> {
  return refuseDiscardingBody(request, "Método não permitido", 405, { Allow: allow });
}

/** The JSON body checked against `schema`, or the 400 answer saying what is wrong. */
async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T> | Response> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().includes("application/json")) {
    return refuseDiscardingBody(request, "Envie o corpo em JSON (Content-Type: application/json)", 400);
  }
  let input: unknown;
  try {
    input = await request.json();
  } catch {
    return refused("JSON inválido", 400);
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.length > 1 ? ` (item ${Number(issue.path[1]) + 1})` : "";
  return refused(`${issue.message}${where}`, 400);
}

/** A helper's POST of JSON: its live key (or `revoked`, where a revoked one may post) and the body checked against `schema`, or the refusal (401, 405, 400). */
async function helperPost<T extends z.ZodType>(
  request: Request,
  schema: T,
  revoked: { id: string; createdBy: string } | null = null,
): Promise<{ key: { id: string; createdBy: string }; body: z.output<T> } | Response> {
  const key = revoked ?? helperKeyOfRequest(request);
  if (!key) return refuseDiscardingBody(request, KEY_REFUSED, 401);
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  const body = await readBody(request, schema);
  return body instanceof Response ? body : { key, body };
}

/**
 * GET /api/whatsapp-helper/descadastros: `{ numbers, undone }`, the central opt-out list (with the people
 * held while a staff member decides, decision 118) and what was undone or released since.
 * POST: `{ entries: [{ number, at, operator? }] }` adds opt-outs caught by a helper; idempotent per person.
 */
export async function optOutsApi(request: Request): Promise<Response> {
  const key = helperKeyOfRequest(request);
  if (!key) return refuseDiscardingBody(request, KEY_REFUSED, 401);
  if (request.method === "GET" || request.method === "HEAD")
    return json({ numbers: centralListNumbers(), undone: undoneOptOuts() });
  if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
  const body = await readBody(request, optOutReportSchema);
  if (body instanceof Response) return body;
  return json({ ok: true, inserted: recordOptOuts(body.entries, "helper", key.createdBy) });
}

const sentQuerySchema = z.object({
  contacts: z
    .array(
      z.object({
        number: z
          .string({ error: "Número obrigatório" })
          .min(1, "Número obrigatório")
          .max(40, "Número inválido")
          .refine((value) => /^[\d\s()+.-]+$/.test(value) && value.replace(/\D/g, "").length >= 8, "Número inválido"),
        text: z.string({ error: "Texto obrigatório" }).min(1, "Texto obrigatório").max(10_000, "Texto longo demais"),
      }),
      { error: "Envie a lista de contatos em 'contacts'" },
    )
    .min(1, `Envie de 1 a ${MAX_SENT_QUERIES} contatos por vez`)
    .max(MAX_SENT_QUERIES, `Envie de 1 a ${MAX_SENT_QUERIES} contatos por vez`),
});

/**
 * POST /api/whatsapp-helper/ja-enviados: `{ contacts: [{ number, text }] }` → `{ sent: { number: ISO } }`,
 * the numbers (as given) that got exactly this text in the last 7 days, with when.
 */
export async function alreadySentApi(request: Request, now: Date = clockNow()): Promise<Response> {
  const post = await helperPost(request, sentQuerySchema);
  if (post instanceof Response) return post;
  return json({ sent: recentlySent(post.body.contacts, now) });
}

/** How many send-log rows one request may carry. */
export const MAX_LOG_ENTRIES = 100;

const sendLogReportSchema = z.object({
  entries: z
    .array(z.unknown(), { error: "Envie os registros em 'entries'" })
    .min(1, `Envie de 1 a ${MAX_LOG_ENTRIES} registros por vez`)
    .max(MAX_LOG_ENTRIES, `Envie de 1 a ${MAX_LOG_ENTRIES} registros por vez`),
});

/**
 * POST /api/whatsapp-helper/registro: `{ entries: [{ jobId, number, status, name?, operator?, message?,
 * detail?, sentAt?, lista? }] }` → `{ ok: true, inserted, updated }`. The helper writes 'Registro de
 * Envios' itself (decision 068) from its outbox, retrying until this answers 200: one row per
 * (jobId, number), so a retried or replayed row is stored once; a refusal after 'Enviado' turns the row
 * into 'Erro'. A batch is all or nothing: one invalid entry is a 400 and stores none.
 * Each row names who is behind it ("Responsável"): the owner of the key that posted it.
 */
export async function sendLogApi(request: Request, now: Date = clockNow()): Promise<Response> {
  // a revoked helper's last results still reach the log for a while (decision 115)
  const revoked = helperKeyOfRequest(request) ? null : revokedKeyForLastResults(request, now);
  const post = await helperPost(request, sendLogReportSchema, revoked);
  if (post instanceof Response) return post;
  const { key, body } = post;
  const result = recordSendResults(body.entries, now, key.createdBy);
  if (!result.ok) {
    const [field, messages] = Object.entries(result.fieldErrors)[0] ?? ["", ["Registro inválido"]];
    return refused(`Registro inválido${field ? ` (${field})` : ""}: ${messages[0]}`, 400);
  }
  return json({ ok: true, inserted: result.inserted, updated: result.updated });
}

/**
 * POST /api/whatsapp-helper/respostas: `{ entries: [{ messageId, number, text, receivedAt, pushName?,
 * optOut?, jobId? }] }` → `{ ok: true, inserted }`. Every reply a person sent to the operator's
 * WhatsApp, forwarded by the helper from its outbox until this answers 200 (decision 071): one row
 * per WhatsApp message id, so a retried reply is stored once; a batch is all or nothing (1 to 100).
 * Authenticated like the send log, by the helper's live key (decision 070), whose id each reply keeps.
 */
export async function repliesApi(request: Request, now: Date = clockNow()): Promise<Response> {
  const post = await helperPost(request, repliesReportSchema);
  if (post instanceof Response) return post;
  const { key, body } = post;
  return json({ ok: true, inserted: recordReplies(body.entries, key.id, now, key.createdBy) });
}

/** How many numbers one "erased?" question may ask about. */
export const MAX_ERASED_QUERIES = 1000;

const erasedQuerySchema = z.object({
  phones: z
    .array(
      z
        .string({ error: "Número inválido: use o formato E.164, com + (por exemplo +5531999998888)" })
        .regex(/^\+[1-9]\d{7,14}$/, "Número inválido: use o formato E.164, com + (por exemplo +5531999998888)"),
      { error: "Envie os números em 'phones'" },
    )
    .max(MAX_ERASED_QUERIES, `Envie no máximo ${MAX_ERASED_QUERIES} números por vez`),
});

/**
 * POST /api/whatsapp-helper/apagados: `{ phones: ["+5531999998888", …] }` (E.164, at most 1000) →
 * `{ erased: [...] }`, those of the given numbers that belong to people erased on the site (the
 * erasure list, by keyed hash): the helper removes them from its journal and contact lists.
 */
export async function erasedPhonesApi(request: Request): Promise<Response> {
  const post = await helperPost(request, erasedQuerySchema);
  if (post instanceof Response) return post;
  return json({ erased: erasedPhones(post.body.phones) });
}
