// The relay this build talks to: VITE_RELAY_URL at build time (tests point it at their own
// relay), else the relay a developer runs locally.

/** The relay's origin when the build names none. */
export const DEFAULT_RELAY_URL = 'http://127.0.0.1:8787'

/** The relay's origin without a trailing slash; blank values fall back to the default. */
export function toRelayUrl(configured: string | undefined): string {
  const value = configured?.trim() ?? ''
  return (value === '' ? DEFAULT_RELAY_URL : value).replace(/\/+$/, '')
}

/** The relay of this build. */
export const RELAY_URL = toRelayUrl(import.meta.env.VITE_RELAY_URL as string | undefined)
