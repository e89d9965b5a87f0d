import { connect } from "node:net";

/**
 * Writes `request` as raw bytes to the server at `baseUrl` (what fetch will not send: a chunked body
 * of unknown length, a malformed request line) and resolves with the answer's status line once the
 * server closes the connection.
 */
export function rawStatusLine(baseUrl: string, request: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("end", () => resolve(data.split("\r\n")[0]));
    socket.on("error", reject);
  });
}
