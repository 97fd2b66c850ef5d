// URLs read from storage end up in href and src attributes. Storage is filled by imports, sync and
// other devices, so a URL is only made a link when it is plainly a web address: a javascript: or
// data: URL must never become clickable.

import { pictureSource } from '@inkmark/design'

const WEB_PROTOCOLS = new Set(['http:', 'https:'])

/** The URL when it is an http(s) address, else undefined. */
export function toWebUrl(url: string | undefined): string | undefined {
  if (url === undefined || url.trim() === '') {
    return undefined
  }
  try {
    const parsed = new URL(url.trim())
    return WEB_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/**
 * An image source fit for <img src>: an http(s) address or an inline raster image (data:image/),
 * by the design system's rule, which its picture components apply too.
 */
export function toImageSource(url: string | undefined): string | undefined {
  return pictureSource(url)
}
