// The form of the create-bookmark dialog checked in one place: the page's address (http(s) only,
// `example.com` read as https, as add-content's URL tab reads it), an optional title (the address
// makes one when empty) and tags typed with commas, each cleaned by the spec's rule (cleanTag) and
// kept once. An address already in the library is reported with its bookmark, never saved twice.
import { cleanTag } from '@inkmark/shared'
import { checkPageUrl, titleFromUrl } from '../content/url-bookmark'

/** The longest title kept (the guest calls' limit for a page title). */
export const MAX_TITLE_LENGTH = 2_000
/** At most this many tags on a new bookmark. */
export const MAX_NEW_TAGS = 50

/** What the person typed. */
export interface CreateBookmarkInput {
  url: string
  title: string
  tags: string
}

/** What to save, or the message of each field that is wrong. */
export type CreateBookmarkCheck =
  | { ok: true; url: string; title: string; tags: string[] }
  | { ok: false; errors: { url?: string; title?: string; tags?: string }; existingId?: string }

/** The tags of a comma-separated list, cleaned, without empty ones and repeats. */
export function parseTagList(text: string): string[] {
  const tags: string[] = []
  for (const part of text.split(',')) {
    const tag = cleanTag(part)
    if (tag !== '' && !tags.includes(tag)) {
      tags.push(tag)
    }
  }
  return tags
}

/** Checks the form; `existingIdOf` finds a bookmark already saved for an address. */
export function checkNewBookmark(
  input: CreateBookmarkInput,
  existingIdOf: (url: string) => string | undefined,
): CreateBookmarkCheck {
  const errors: { url?: string; title?: string; tags?: string } = {}
  let existingId: string | undefined
  const address = input.url.trim() === '' ? undefined : checkPageUrl(input.url)
  if (address === undefined) {
    errors.url = 'Type the address of the page to save.'
  } else if (!address.ok) {
    errors.url = address.message
  } else {
    existingId = existingIdOf(address.url)
    if (existingId !== undefined) {
      errors.url = 'This page is already in your library.'
    }
  }
  const title = input.title.trim()
  if (title.length > MAX_TITLE_LENGTH) {
    errors.title = `A title can have at most ${MAX_TITLE_LENGTH} characters.`
  }
  const tags = parseTagList(input.tags)
  if (tags.length > MAX_NEW_TAGS) {
    errors.tags = `A page can get at most ${MAX_NEW_TAGS} tags here.`
  }
  if (address?.ok !== true || Object.keys(errors).length > 0) {
    return { ok: false, errors, ...(existingId === undefined ? {} : { existingId }) }
  }
  return { ok: true, url: address.url, title: title || titleFromUrl(address.url), tags }
}
