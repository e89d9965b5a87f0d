/**
 * The WhatsApp tool's address and its logout intent, in a module of their own: the staff header
 * (on every admin and operator page) needs them without loading the tool's zod schemas.
 */
export { WHATSAPP_PATH } from "~/shared/area-paths";

export const LOGOUT_INTENT = "desconectar";
