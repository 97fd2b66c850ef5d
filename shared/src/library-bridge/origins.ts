// Which web app origins may share the library with the extension (ADR 035). The list is fixed at
// build time, in source, because the bridge content script's `matches` must be a literal for
// Plasmo (tests/extension-webapp-library.e2e.test.ts checks the built manifest against it). The
// runtime checks (content script and background) read this list, so a browser that injects by
// host alone (Firefox ignores ports) still lets no other origin in.

/** The production web app. */
export const PRODUCTION_WEBAPP_ORIGIN = 'https://app.inkmark.app'

/**
 * The origins of the web app the library is shared with: production, the local development server
 * (Vite's default port, on both loopback names) and the port the end-to-end tests serve it on.
 * Loopback origins can only be served by a process of this computer, which can read the profile's
 * databases anyway; no web site can take a loopback origin (DNS rebinding changes the address
 * behind a name, never the origin).
 */
export const LIBRARY_BRIDGE_ORIGINS: readonly string[] = [
  PRODUCTION_WEBAPP_ORIGIN,
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://127.0.0.1:5273',
]

/** Whether `origin` (scheme, host and port, as `location.origin` spells it) may use the bridge. */
export function isLibraryBridgeOrigin(
  origin: unknown,
  allowed: readonly string[] = LIBRARY_BRIDGE_ORIGINS,
): boolean {
  return typeof origin === 'string' && allowed.includes(origin)
}

/** The origin of `url`, or null when it is not a URL. */
export function originOfUrl(url: unknown): string | null {
  if (typeof url !== 'string') {
    return null
  }
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** The content-script match pattern of an origin (Chrome honours the port; Firefox ignores it). */
export function matchPatternOf(origin: string): string {
  return `${origin}/*`
}
