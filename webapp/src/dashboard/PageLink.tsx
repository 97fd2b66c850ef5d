import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { OpenAs } from '../lib/view-options'

/** A link to a page: its route, or the bookmark-details dialog over the dashboard. */
export function PageLink({
  bookmarkId,
  openAs,
  hash,
  children,
}: {
  bookmarkId: string
  openAs: OpenAs
  hash?: string
  children: ReactNode
}) {
  if (openAs === OpenAs.POPUP) {
    return (
      <Link
        to="/"
        search={(previous) => ({ ...previous, dialog: 'bookmark-details', bookmark: bookmarkId })}
        hash={hash}
      >
        {children}
      </Link>
    )
  }
  return (
    <Link to="/page/$id" params={{ id: bookmarkId }} hash={hash}>
      {children}
    </Link>
  )
}
