// Which web app origins may share the library with the extension (ADR 035): production, plus the
// one web app a build names, fixed at build time (the bridge content script's `matches` and the
// run-time checks of the content script and the background; tests/extension-webapp-library.e2e
// checks the built manifest). The run-time checks hold where a browser injects by host alone
// (Firefox ignores ports).

/** The production web app. */
export const PRODUCTION_WEBAPP_ORIGIN = 'https://app.inkmark.app'

/**
 * The web app of a build that names none (PLASMO_PUBLIC_WEBAPP_URL unset): Vite's development
 * server. Only such development builds trust it; `npm start` and release builds name their own.
 */
export const DEVELOPMENT_WEBAPP_ORIGIN = 'http://localhost:5173'

/**
 * The origins every build shares the library with: production only. A build adds the one web app
 * it was built for (`extension/src/pages/app-url.ts`; the manifest by
 * `extension/scripts/bridge-origins.mjs`). No loopback origin is trusted unless the build names
 * it: a page served on a loopback port runs whatever scripts its project loads, so a well-known
 * development port is not proof of Inkmark.
 */
export const LIBRARY_BRIDGE_ORIGINS: readonly string[] = [PRODUCTION_WEBAPP_ORIGIN]

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
