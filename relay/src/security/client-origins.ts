// The browsers' origins the relay and the misc server answer across origins (CORS): the
// extension's pages and the web app origins the configuration names. One rule for both servers.

/** Origins of the extension pages (Chrome, Edge, Firefox). */
const EXTENSION_ORIGIN = /^(chrome|moz)-extension:\/\/[a-z0-9-]+$/

/** Whether a request from `origin` (none: not a browser's cross-origin call) may be answered. */
export function isClientOrigin(origin: string | undefined, webOrigins: readonly string[]): boolean {
  return origin === undefined || EXTENSION_ORIGIN.test(origin) || webOrigins.includes(origin)
}
