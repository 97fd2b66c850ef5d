// The stored text of user content: the page content's metadata (read with the library, so it is
// always current) and its HTML body, loaded from its own document whenever the metadata changes
// (a save here, or an edit that sync brought from another device).
import type { PageContent } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'

/** The page content of `url`: its metadata, and its body once loaded. */
export interface StoredContent {
  metadata: PageContent | undefined
  /** The HTML, '' for none; undefined while loading. */
  html: string | undefined
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
  const [loaded, setLoaded] = useState<{ version: string; html: string } | undefined>()

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
      (content) => live && setLoaded({ version, html: content?.content ?? '' }),
      () => live && setLoaded({ version, html: '' }),
    )
    return () => {
      live = false
    }
  }, [store, url, version])

  return { metadata, html: loaded?.version === version ? loaded.html : undefined }
}
