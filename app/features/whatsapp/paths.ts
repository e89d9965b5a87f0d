/**
 * The WhatsApp tool's logout intent, in a module of its own: the staff header (on every admin and
 * operator page) needs it without loading the tool's zod schemas. The tool's address is
 * WHATSAPP_PATH in app/shared/area-paths.ts.
 */
export const LOGOUT_INTENT = "desconectar";
