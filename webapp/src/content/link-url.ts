// What a person types as a link target, checked before it enters a document. The spec keeps only
// links with safe schemes (`sanitizeLinkUrl` in @inkmark/shared); in the editor an unsafe link is
// refused with a message instead of being stored with the `unsafe:` prefix, so that nobody ends up
// with a dead link they did not notice. A bare address such as `example.com` means https.
import { UNSAFE_LINK_PREFIX, sanitizeLinkUrl } from '@inkmark/shared'

/** The message shown when a link's scheme is not allowed. */
export const UNSAFE_LINK_MESSAGE =
  'This link is not allowed. Links can start with http:, https:, ftp:, sftp:, file:, blob:, mailto:, tel:, # or /.'
/** The message shown when no address was typed. */
export const EMPTY_LINK_MESSAGE = 'Type the address the link should open.'

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i
const LOOKS_LIKE_HOST = /^[^\s/?#:]+\.[^\s/?#:]+([/?#:]|$)/

/** The result of checking a typed link: the URL to store, or why it is refused. */
export type LinkCheck = { ok: true; url: string } | { ok: false; message: string }

/** Checks a typed link target: safe schemes pass, `example.com` becomes https, others are refused. */
export function checkLinkUrl(input: string): LinkCheck {
  const typed = input.trim()
  if (typed === '') {
    return { ok: false, message: EMPTY_LINK_MESSAGE }
  }
  const candidate =
    !HAS_SCHEME.test(typed) && LOOKS_LIKE_HOST.test(typed) ? `https://${typed}` : typed
  const url = sanitizeLinkUrl(candidate)
  return isSafeLinkUrl(url) ? { ok: true, url } : { ok: false, message: UNSAFE_LINK_MESSAGE }
}

/** Whether a stored link URL may be followed (it passed the safe-scheme rule unchanged). */
export function isSafeLinkUrl(url: string): boolean {
  const sanitized = sanitizeLinkUrl(url)
  return (
    !sanitized.toLowerCase().startsWith(UNSAFE_LINK_PREFIX) &&
    !url.toLowerCase().startsWith(UNSAFE_LINK_PREFIX)
  )
}
