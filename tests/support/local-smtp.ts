// A real SMTP server on loopback for tests and the bench (smtp-server, no TLS, no login), with each
// accepted message parsed by mailparser. The caller says what to do with a message and may refuse
// a recipient or a message; everything else (port, parsing, closing) is written here once.
// Relative imports only: Playwright and the bench load this file without the app's alias.
import type { AddressInfo } from "node:net";

import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type LocalSmtpOptions = {
  /** The port to listen on; 0 (the default) takes a free one. Give the old port to restart a stopped server. */
  port?: number;
  /** Called at each RCPT TO: an error returned refuses that recipient (an SMTP 5xx/4xx with its `responseCode`). */
  onRcptTo?: (address: string) => Error | undefined;
  /** Called when a message's DATA starts, before its body arrived. */
  onDataStart?: () => void;
  /**
   * Called once the whole message (its final ".") arrived, with the envelope's recipients, before
   * the server answers: an error returned refuses the message; nothing returned accepts it.
   */
  onMessage: (mail: ParsedMail, rcptTo: string[]) => Error | void | Promise<Error | void>;
  /** The server does not keep the process alive (a script that exits without closing it). */
  unref?: boolean;
};

export type LocalSmtp = {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  close: () => Promise<void>;
};

export async function startLocalSmtp({
  port = 0,
  onRcptTo,
  onDataStart,
  onMessage,
  unref,
}: LocalSmtpOptions): Promise<LocalSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      callback(onRcptTo?.(address.address) ?? undefined);
    },
    onData(stream, session, callback) {
      onDataStart?.();
      simpleParser(stream)
        .then((mail) =>
          onMessage(
            mail,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        )
        .then((refusal) => callback(refusal ?? undefined))
        .catch(callback);
    },
  });
  // A client that drops its connection (a killed server process) is not a failure of this server:
  // the tests judge what arrived.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  if (unref) server.server.unref();
  const listening = (server.server.address() as AddressInfo).port;
  return {
    port: listening,
    url: `smtp://127.0.0.1:${listening}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP refusal with its reply code (550: mailbox unavailable; 451: try again later). */
export function smtpRefusal(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}
