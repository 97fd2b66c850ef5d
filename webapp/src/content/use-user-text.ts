// The mergeable text of user content (ADR 081): while the editor is open it holds the text's Yjs
// doc open (sync merges pulled edits into that same doc) and binds the editor to it. Text stored
// before texts merged, or never edited since, is only HTML: on first open it is seeded from that
// HTML, written as a client derived from the HTML (`seedUserText`), so two devices migrating the
// same text at once write the same items and the text is not doubled. A text left over while the
// stored HTML was written without it (the record lacks `mergeableText`: a backup restored, an old
// client) is stale: its database is deleted and the text seeded again from the stored HTML.
import {
  TransactionOrigin,
  hasUserText,
  seedUserText,
  userTextOf,
  type LocalStore,
  type UserTextHandle,
} from '@inkmark/shared'
import { slateNodesToInsertDelta } from '@slate-yjs/core'
import { useEffect, useState } from 'react'
import type { Descendant } from 'slate'
import type * as Y from 'yjs'

/** The text to bind to, once open; or why it could not be opened. */
export type UserTextState =
  { state: 'opening' } | { state: 'open'; sharedType: Y.XmlText } | { state: 'failed' }

/**
 * Opens the text of `pageContentId`, fresh from the stored HTML unless the stored record says the
 * HTML is the text's (`mergeableText`).
 */
export async function openCurrentUserText(
  store: LocalStore,
  pageContentId: string,
  mergeable: boolean,
): Promise<UserTextHandle> {
  const handle = await store.openUserText(pageContentId)
  if (mergeable || !hasUserText(handle.doc)) {
    return handle
  }
  await handle.release()
  await store.userTexts.delete(pageContentId)
  return store.openUserText(pageContentId)
}

/** Opens (and on first use seeds) the mergeable text of page content `pageContentId`. */
export function useUserText(
  store: LocalStore,
  pageContentId: string | undefined,
  /** The stored record's `mergeableText`: the stored HTML was made from the text. */
  mergeable: boolean,
  seedHtml: string,
  seedDocument: Descendant[],
): UserTextState {
  const [text, setText] = useState<UserTextState>({ state: 'opening' })
  useEffect(() => {
    if (pageContentId === undefined) {
      setText({ state: 'failed' })
      return
    }
    let live = true
    const opening = openCurrentUserText(store, pageContentId, mergeable)
    opening.then(
      (handle) => {
        if (!live) {
          return
        }
        seedUserText(
          handle.doc,
          seedHtml,
          slateNodesToInsertDelta(seedDocument),
          TransactionOrigin.LOCAL,
        )
        setText({ state: 'open', sharedType: userTextOf(handle.doc) })
      },
      () => live && setText({ state: 'failed' }),
    )
    return () => {
      live = false
      void opening.then((handle) => handle.release()).catch(() => undefined)
    }
    // The seed is read once, when the text opens.
  }, [store, pageContentId])
  return text
}
