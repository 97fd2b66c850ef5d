// The mergeable text of user content (ADR 081): one persisted Yjs doc per page content, next to its
// HTML body, holding the Y.XmlText the web app's editor is bound to. The editor keeps the doc open
// while it edits; sync merges pulled text into the very same Y.Doc (never a second copy of the
// database, which would not see the other's updates until reopened), so a merge shows in the
// editor at once and an edit made meanwhile is never overwritten.
import type * as Y from 'yjs'
import { encodeUserTextState, mergeUserTextState, userTextDocHtml } from './user-text-doc'
import { BodyKind, bodyDocName } from './library-schema'
import type { TransactionOrigin } from './origins'
import { deletePersistedDoc, openPersistedDoc, type PersistedDoc } from './persisted-doc'

/** An open user text doc; release it when done (the last release closes the database). */
export interface UserTextHandle {
  readonly doc: Y.Doc
  /** Resolves once every change made so far is committed to IndexedDB. */
  flush(): Promise<void>
  release(): Promise<void>
}

/** What a merge of pulled text did. */
export interface UserTextMerge {
  /** The HTML of the merged text. */
  html: string
  /** The doc held edits the pulled state lacked: the merged text should be sent back. */
  holdsMore: boolean
}

/** Reads, merges and opens user texts. */
export interface UserTextStore {
  open(id: string): Promise<UserTextHandle>
  /** The text's whole state as base64, or undefined when there is none. */
  readState(id: string): Promise<string | undefined>
  /** Merges a pulled or restored `textState` into the text. */
  merge(id: string, state: string, origin: TransactionOrigin): Promise<UserTextMerge>
  delete(id: string): Promise<void>
}

interface OpenText {
  opened: Promise<PersistedDoc>
  users: number
}

/** User texts persisted with y-indexeddb, one database per text, named after the library's. */
export function createIndexeddbUserTextStore(databaseName: string): UserTextStore {
  const open = new Map<string, OpenText>()

  async function acquire(id: string): Promise<UserTextHandle> {
    const name = bodyDocName(databaseName, BodyKind.USER_TEXT, id)
    let entry = open.get(name)
    if (!entry) {
      entry = { opened: openPersistedDoc(name), users: 0 }
      open.set(name, entry)
    }
    entry.users += 1
    const current = entry
    let persisted: PersistedDoc
    try {
      persisted = await current.opened
    } catch (error) {
      current.users -= 1
      if (open.get(name) === current) {
        open.delete(name)
      }
      throw error
    }
    let released = false
    return {
      doc: persisted.doc,
      flush: () => persisted.flush(),
      async release() {
        if (released) {
          return
        }
        released = true
        current.users -= 1
        if (current.users === 0 && open.get(name) === current) {
          open.delete(name)
          await persisted.flush()
          await persisted.close()
          persisted.doc.destroy()
        }
      },
    }
  }

  async function withText<T>(id: string, use: (doc: Y.Doc) => T): Promise<T> {
    const handle = await acquire(id)
    try {
      const result = use(handle.doc)
      await handle.flush()
      return result
    } finally {
      await handle.release()
    }
  }

  return {
    open: acquire,
    readState: (id) => withText(id, encodeUserTextState),
    merge: (id, state, origin) =>
      withText(id, (doc) => {
        const holdsMore = mergeUserTextState(doc, state, origin)
        return { html: userTextDocHtml(doc), holdsMore }
      }),
    async delete(id) {
      const name = bodyDocName(databaseName, BodyKind.USER_TEXT, id)
      const entry = open.get(name)
      if (entry) {
        // An editor still has it open: empty it rather than pull the database from under it.
        open.delete(name)
        const persisted = await entry.opened
        await persisted.destroyData()
        return
      }
      await deletePersistedDoc(name)
    },
  }
}
