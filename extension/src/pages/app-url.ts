// Where the Inkmark web app runs: the build's PLASMO_PUBLIC_WEBAPP_URL (which `npm start` sets to
// the web app it serves, WEBAPP_PORT included), else the local development server (a development
// build). Its origin is
// also one the library is shared with (ADR 035): `extension/scripts/bridge-origins.mjs` adds it to
// the bridge content script's matches after the build, and the run-time checks read this list.
import {
  DEVELOPMENT_WEBAPP_ORIGIN,
  LIBRARY_BRIDGE_ORIGINS,
  checkRelayAddress,
  originOfUrl,
} from '@inkmark/shared/library-bridge'

// Plasmo writes the build's PLASMO_PUBLIC_* values in place of these reads.
declare const process: { env: { PLASMO_PUBLIC_WEBAPP_URL?: string } }

/**
 * The origin of the web app address a build names, held to the relay's rule (https anywhere, http
 * only on loopback: the whole library is shared with it); else the development server.
 */
export function builtInAppUrl(configured: string | undefined): string {
  const check = checkRelayAddress(configured ?? '')
  return (check.ok && originOfUrl(check.url)) || DEVELOPMENT_WEBAPP_ORIGIN
}

/** Where the Inkmark web app runs. */
export const INKMARK_APP_URL = builtInAppUrl(process.env.PLASMO_PUBLIC_WEBAPP_URL)

/** The web app origins the library bridge accepts: the fixed list and this build's web app. */
export const BRIDGE_ORIGINS: readonly string[] = [
  ...new Set([...LIBRARY_BRIDGE_ORIGINS, INKMARK_APP_URL]),
]

/** The web app's page of one bookmark (the spec's /page/{id}). */
export function appBookmarkUrl(bookmarkId: string): string {
  return `${INKMARK_APP_URL}/page/${encodeURIComponent(bookmarkId)}`
}

/** The web app's pricing page: every "Upgrade" and "See plans" of the extension opens it. */
export const APP_PRICING_URL = `${INKMARK_APP_URL}/pricing`

/** The web app's plans and billing (the spec's settings view billing), where a limit is lifted. */
export const APP_UPGRADE_URL = `${INKMARK_APP_URL}/settings?view=billing`
