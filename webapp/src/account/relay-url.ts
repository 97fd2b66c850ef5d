// The relay this build talks to: VITE_RELAY_URL at build time (tests point it at their own
// relay), else the relay a developer runs locally. An address that would carry passwords and the
// login token over plain http beyond this computer is refused (shared/src/domain/relay-address.ts):
// the account forms say so, and no call or sync goes there.
import { checkRelayAddress, type RelayAddressCheck } from '@inkmark/shared'

/** The relay's origin when the build names none. */
export const DEFAULT_RELAY_URL = 'http://127.0.0.1:8787'

/** The relay's origin without a trailing slash; blank values fall back to the default. */
export function toRelayUrl(configured: string | undefined): string {
  const value = configured?.trim() ?? ''
  return (value === '' ? DEFAULT_RELAY_URL : value).replace(/\/+$/, '')
}

/** The configured relay, checked: its address, or why it is refused. */
export function toRelayAddress(configured: string | undefined): RelayAddressCheck {
  return checkRelayAddress(toRelayUrl(configured))
}

/** The relay of this build, checked. */
export const RELAY_ADDRESS = toRelayAddress(import.meta.env.VITE_RELAY_URL as string | undefined)

/** The relay of this build; '' when its address is refused (RELAY_ADDRESS says why). */
export const RELAY_URL = RELAY_ADDRESS.ok ? RELAY_ADDRESS.url : ''

/** The relays calls may go to: none when the address is refused. */
export function relayServers(): string[] {
  return RELAY_URL === '' ? [] : [RELAY_URL]
}
