// The summary source of a page (./summary-source.ts), read again when its highlights or saved
// content change. Reading the saved content loads its body from the library (an await).
import { pageUrlsMatch, type Mark } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { chooseSummarySource, type SummarySource } from './summary-source'

/** The source of the summary of the page at `url` with `marks`; undefined while it is read. */
export function useSummarySource(url: string, marks: readonly Mark[]): SummarySource | undefined {
  const store = useLocalStore()
  // The saved content's metadata: a change (a new copy, a transcript) reads the source again.
  const contentStamp = useLibraryQuery(
    (library) => {
      const content = library
        .getAllPageContents()
        .find((candidate) => pageUrlsMatch(candidate.url, url))
      return content === undefined ? '' : `${content._id}:${content.updatedAt ?? content.createdAt}`
    },
    [url],
  )
  const [source, setSource] = useState<SummarySource>()
  useEffect(() => {
    let live = true
    store
      .getPageContentForUrl(url)
      .catch(() => undefined)
      .then((pageContent) => {
        if (live) {
          setSource(chooseSummarySource({ url, pageContent, marks }))
        }
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [store, url, marks, contentStamp])
  return source
}
