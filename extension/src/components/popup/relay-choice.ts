// Which relay the popup signs in or up at (ADR 039). The build chooses the built-in address
// (PLASMO_PUBLIC_RELAY_URL, which `npm start` sets to the relay it runs; the local relay
// otherwise); a person may choose another under "Advanced", kept in the extension origin's
// localStorage, out of content scripts' reach. Either one is checked by checkRelayAddress.
import { checkRelayAddress } from '@inkmark/shared'

// Plasmo writes the build's PLASMO_PUBLIC_* values in place of these reads.
declare const process: { env: { PLASMO_PUBLIC_RELAY_URL?: string } }

/** The relay `npm start` runs when the build names none. */
export const LOCAL_RELAY_URL = 'http://127.0.0.1:8787'

/** The relay this build was made for. */
export const BUILT_IN_RELAY_URL = builtInRelay(process.env.PLASMO_PUBLIC_RELAY_URL)

/** The key of the chosen address in the extension origin's localStorage. */
export const RELAY_CHOICE_KEY = 'inkmark:relay-address'

/** The built-in address from the build's value: its checked form, else the local relay. */
export function builtInRelay(value: string | undefined): string {
  const checked = checkRelayAddress(value?.trim() ?? '')
  return checked.ok ? checked.url : LOCAL_RELAY_URL
}

/** Where the chosen address is kept (the popup's localStorage; a Map in tests). */
export interface ChoiceStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The address to use: the chosen one when there is one, else the built-in one. */
export function chosenRelay(storage: ChoiceStorage, builtIn = BUILT_IN_RELAY_URL): string {
  const stored = storage.getItem(RELAY_CHOICE_KEY)
  return stored && stored.trim() !== '' ? stored : builtIn
}

/**
 * Keeps `address` as the choice; the built-in address (or an empty field) clears the choice, so
 * a later build's address applies again.
 */
export function keepRelayChoice(
  storage: ChoiceStorage,
  address: string,
  builtIn = BUILT_IN_RELAY_URL,
): void {
  const value = address.trim()
  if (value === '' || value === builtIn) {
    storage.removeItem(RELAY_CHOICE_KEY)
  } else {
    storage.setItem(RELAY_CHOICE_KEY, value)
  }
}

/** The address as the popup shows it: its host (and port), e.g. "relay.example.org". */
export function relayHost(address: string): string {
  try {
    return new URL(address).host
  } catch {
    return address
  }
}
