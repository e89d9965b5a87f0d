/**
 * Addresses the platform itself treats differently: the WhatsApp tool's pages talk to the helper on
 * the operator's own computer, so their content security policy allows that connection.
 */
export const WHATSAPP_PATH = "/whatsapp";
