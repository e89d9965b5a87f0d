// What server.js hands every loader, action and the document render as their `context`
// (server/app.js builds it per request). Declared once here, so the app reads it without casts.
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * The script nonce of this render's Content-Security-Policy (server/app.js, under both
     * `npm start` and `npm run dev`). Absent in tests that call routes directly.
     */
    cspNonce?: string;
  }
}
