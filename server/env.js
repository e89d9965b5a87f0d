// @ts-check
// Numbers read from the environment, shared by the Node entry (server.js, plain JavaScript run
// without a build step) and the app's configuration (app/platform/config.server.ts), so a setting
// such as PORT is understood the same way by both.

/**
 * A whole number above zero from the environment; blank, zero or not a whole number gives the
 * default (never a limit of 0).
 * @param {string} name
 * @param {number} fallback
 * @returns {number}
 */
export function positiveIntEnv(name, fallback) {
  const value = Number(process.env[name]?.trim() || fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
