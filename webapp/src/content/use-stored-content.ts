// The stored text of user content: the page content's metadata (read with the library, so it is
// always current) and its HTML body, loaded from its own document whenever the metadata changes
// (a save here, or an edit that sync brought from another device). A record that came through the
// live room arrives before its body (the REST sync brings that): an old-style text (HTML only, not
// yet mergeable) is then reported missing, never as empty, since an editor seeded from nothing
// would replace the stored text when it syncs (ADR 081); it is read again as the library changes.
import type { PageContent } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { useLibraryQuery, useLibraryVersion, useLocalStore } from '../library/LibraryProvider'

/** The page content of `url`: its metadata, and its body once loaded. */
export interface StoredContent {
  metadata: PageContent | undefined
  /** The HTML, '' for none; undefined while loading or missing. */
  html: string | undefined
  /** The record is here but its old-style HTML has not reached this device yet. */
  bodyMissing: boolean
}

interface Loaded {
  version: string
  html: string | undefined
}

/** Whether a page content read from the store lacks the body its text must be seeded from. */
export function lacksSeedBody(content: PageContent | undefined): boolean {
  return content !== undefined && content.mergeableText !== true && content.content === undefined
}

/** Reads the page content at `url` (exactly that url: user content owns it). */
export function useStoredContent(url: string | undefined): StoredContent {
  const store = useLocalStore()
  const metadata = useLibraryQuery(
    (library) =>
      url === undefined ? undefined : library.getAllPageContents().find((item) => item.url === url),
    [url],
  )
  const version = metadata === undefined ? 'none' : `${metadata._id}@${metadata.modifiedAt ?? ''}`
  const [loaded, setLoaded] = useState<Loaded | undefined>()
  const missing = loaded?.version === version && loaded.html === undefined
  // While the body is missing, every change of the library (the pull that brings it) reads again.
  const libraryVersion = useLibraryVersion()
  const retry = missing ? libraryVersion : undefined

  useEffect(() => {
    if (url === undefined) {
      return
    }
    let live = true
    if (version === 'none') {
      setLoaded({ version, html: '' })
      return
    }
    store.getPageContentForUrl(url).then(
      (content) =>
        live &&
        setLoaded({ version, html: lacksSeedBody(content) ? undefined : (content?.content ?? '') }),
      () => live && setLoaded({ version, html: '' }),
    )
    return () => {
      live = false
    }
  }, [store, url, version, retry])

  return {
    metadata,
    html: loaded?.version === version ? loaded.html : undefined,
    bodyMissing: missing,
  }
}
