// A link to a page of the site: a plain `<a href>` in the HTML (works without JavaScript); after
// hydration a click navigates without a page load, unless a newer build was detected (then the
// browser loads the page in full and so gets the new build). Modified clicks (new tab, download)
// stay the browser's.
import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useNavigation } from './navigation'

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the site: '/faq', '/#pricing', '/tools?x=1'. */
  to: string
}

/** Whether a click is the plain left click a client navigation takes over. */
export function isPlainClick(event: {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  defaultPrevented: boolean
}): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  )
}

export function Link({ to, onClick, target, children, ...rest }: LinkProps) {
  const navigation = useNavigation()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      navigation === null ||
      !isPlainClick(event) ||
      (target !== undefined && target !== '_self') ||
      navigation.shouldLoadFully()
    ) {
      return
    }
    event.preventDefault()
    navigation.navigate(to)
  }
  return (
    <a {...rest} href={to} target={target} onClick={handleClick}>
      {children}
    </a>
  )
}
