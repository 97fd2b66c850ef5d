// 'Continue to link?' (spec section 8): a highlight inside a link does not follow the link when
// clicked, since the click is how a highlight's toolbox opens; the page asks first, with Continue
// and Cancel, and Continue goes where the link would have gone (a new tab for a link that opens
// one). Only addresses a person can be sent to are followed: a page's `javascript:` link is never
// run by us (ADR 078).
import { Message } from '@inkmark/shared/guest'
import { showToast } from './toasts'

/** The link a highlight sits in, as the page's anchor gave it. */
export interface PageLink {
  href: string
  /** Whether the anchor opens its address in another tab or window (a target other than _self). */
  newTab: boolean
}

const FOLLOWED_PROTOCOLS: ReadonlySet<string> = new Set([
  'http:',
  'https:',
  'mailto:',
  'tel:',
  'ftp:',
])

/** The followable link `element` sits in, or undefined (none, or one we would not follow). */
export function linkAround(element: Element): PageLink | undefined {
  const anchor = element.closest('a[href]')
  if (!(anchor instanceof HTMLAnchorElement)) {
    return undefined
  }
  let url: URL
  try {
    url = new URL(anchor.href)
  } catch {
    return undefined
  }
  if (!FOLLOWED_PROTOCOLS.has(url.protocol)) {
    return undefined
  }
  const target = anchor.target.trim().toLowerCase()
  return { href: url.href, newTab: target !== '' && target !== '_self' && target !== '_top' }
}

/** Whether the click on a link is one that asks for a new tab or window (Ctrl, ⌘, Shift). */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0
}

/**
 * Asks 'Continue to link?'; Continue follows `link`, Cancel (or Escape, or waiting) stays. With
 * `focus`, the keyboard goes to Continue (the person asked with the keyboard).
 */
export function confirmLink(link: PageLink, focus = false): void {
  showToast(
    Message.CONTINUE_TO_LINK,
    [
      {
        label: 'Continue',
        run: () => {
          if (link.newTab) {
            window.open(link.href, '_blank', 'noopener')
          } else {
            window.location.assign(link.href)
          }
        },
      },
      { label: 'Cancel', run: () => undefined },
    ],
    { focus },
  )
}
