// What server.js hands every loader, action and the document render as their `context`
// (server/app.js builds it per request). Declared once here, so the app reads it without casts.
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * The script nonce of this render's Content-Security-Policy. Absent under `react-router dev`
     * and in tests, which do not go through server.js.
     */
    cspNonce?: string;
  }
}
