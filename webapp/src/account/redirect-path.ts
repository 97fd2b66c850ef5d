// Where /auth sends someone after signing in: only a path of this web app. A redirectPath is
// attacker-controlled (anyone can send a link to /auth?redirectPath=...), so anything that could
// leave the origin (//evil.example, /\evil.example, https://..., javascript:) or loop back to
// /auth is refused and the dashboard is used instead.

/** Where to go when no acceptable path is given. */
export const DEFAULT_REDIRECT_PATH = '/'
const BASE = 'https://inkmark.invalid'

function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) {
      return true
    }
  }
  return false
}

/** `raw` when it is a same-origin path (with its query and fragment), else undefined. */
export function toSafeRedirectPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2000) {
    return undefined
  }
  // Only a path: no scheme, no authority, no backslash (browsers read \ as /), no controls.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControl(raw)) {
    return undefined
  }
  let parsed: URL
  try {
    parsed = new URL(raw, BASE)
  } catch {
    return undefined
  }
  if (parsed.origin !== BASE) {
    return undefined
  }
  if (parsed.pathname === '/auth' || parsed.pathname.startsWith('/auth/')) {
    return undefined
  }
  return `${parsed.pathname}${parsed.search}${parsed.hash}`
}

/** The path to go to after signing in. */
export function redirectPathOrDefault(raw: unknown): string {
  return toSafeRedirectPath(raw) ?? DEFAULT_REDIRECT_PATH
}
