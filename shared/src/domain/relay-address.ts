// Which relay addresses a client may send a password or a login token to. The relay carries the
// whole library and the token that unlocks it, so plain http is allowed only where nothing leaves
// the machine: the loopback addresses (127.0.0.0/8, ::1) and the name localhost, which is how
// `npm start` runs a relay for local use. Every other address must be https. One rule for every
// client (the extension's popup and background, the web app's build), applied where an address is
// entered and again where a stored one is used.

/** The WHATWG URL parser every client has (the domain compiles without DOM or Node types). */
declare const URL: new (input: string) => ParsedUrl

/** The parts of a parsed URL read here. */
interface ParsedUrl {
  protocol: string
  username: string
  password: string
  hostname: string
  origin: string
  pathname: string
  search: string
  hash: string
}

/** Why an address was refused (codes, with a message each in RELAY_ADDRESS_MESSAGES). */
export const RelayAddressError = {
  INVALID: 'relay-address-invalid',
  INSECURE: 'relay-address-insecure',
  CREDENTIALS: 'relay-address-credentials',
} as const
export type RelayAddressError = (typeof RelayAddressError)[keyof typeof RelayAddressError]

/** What the person is told for each refusal. */
export const RELAY_ADDRESS_MESSAGES: Record<RelayAddressError, string> = {
  [RelayAddressError.INVALID]:
    'Enter the server address as a web address, e.g. https://relay.example.org.',
  [RelayAddressError.INSECURE]:
    'The server address must start with https:// (http:// is allowed only for this computer: localhost, 127.0.0.1 or [::1]).',
  [RelayAddressError.CREDENTIALS]:
    'The server address must not contain a user name or password: sign in with the form instead.',
}

export type RelayAddressCheck =
  { ok: true; url: string } | { ok: false; error: RelayAddressError; message: string }

/** The longest address taken (longer ones are not relay addresses). */
const MAX_RELAY_ADDRESS_LENGTH = 2_048

/** Whether a URL host (as the URL parser normalises it) is this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]') {
    return true
  }
  // The URL parser has already turned 127.1, 0x7f000001 and the like into dotted quads.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

function refuse(error: RelayAddressError): RelayAddressCheck {
  return { ok: false, error, message: RELAY_ADDRESS_MESSAGES[error] }
}

/**
 * Checks a relay address: https anywhere, http only on loopback; no user name or password, query
 * or fragment. Answers the address without trailing slashes, or why it was refused.
 */
export function checkRelayAddress(value: string): RelayAddressCheck {
  const trimmed = value.trim()
  if (trimmed === '' || trimmed.length > MAX_RELAY_ADDRESS_LENGTH) {
    return refuse(RelayAddressError.INVALID)
  }
  let url: ParsedUrl
  try {
    url = new URL(trimmed)
  } catch {
    return refuse(RelayAddressError.INVALID)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(RelayAddressError.INVALID)
  }
  if (url.username !== '' || url.password !== '') {
    return refuse(RelayAddressError.CREDENTIALS)
  }
  if (url.search !== '' || url.hash !== '' || trimmed.includes('?') || trimmed.includes('#')) {
    return refuse(RelayAddressError.INVALID)
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return refuse(RelayAddressError.INSECURE)
  }
  return { ok: true, url: `${url.origin}${url.pathname}`.replace(/\/+$/, '') }
}

/** Whether a relay address may be used (checkRelayAddress without the reason). */
export function isAllowedRelayAddress(value: string): boolean {
  return checkRelayAddress(value).ok
}
