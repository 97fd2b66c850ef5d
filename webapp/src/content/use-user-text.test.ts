// @vitest-environment jsdom
// Opening the editor's text (ADR 081) when the stored HTML was written without it: a restored
// backup over a text that merged shows the restored text, once, and a text left over beside a
// record that does not merge is replaced by a fresh seed from the stored HTML.
import 'fake-indexeddb/auto'
import {
  ObjectStore,
  TransactionOrigin,
  seedUserText,
  userTextDocHtml,
  userTextOf,
  type LocalStore,
  type PageContent,
} from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { slateNodesToInsertDelta } from '@slate-yjs/core'
import type { Descendant } from 'slate'
import { afterEach, describe, expect, it } from 'vitest'
import { fromContentHtml } from './content-html'
import { openCurrentUserText } from './use-user-text'

const URL = 'https://app.example/content/t1'
const open: TestStore[] = []
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

/** The document of stored HTML, as the editor reads it. */
function documentOf(html: string): Descendant[] {
  const read = fromContentHtml(html)
  return read.ok ? read.document : []
}

/** A store holding page content t1 with `html`. */
async function testStore(html: string): Promise<LocalStore> {
  const created = await openTestStore()
  open.push(created)
  const result = await created.store.createOrUpdateEntities([
    { _id: 't1', _objectStore: ObjectStore.PAGE_CONTENTS, url: URL, content: html, createdAt: 1 },
  ])
  expect(result.rejected).toEqual([])
  return created.store
}

/** The stored page content (a restore gives it a new id) and its HTML. */
async function stored(store: LocalStore): Promise<PageContent & { content: string }> {
  const content = await store.getPageContentForUrl(URL)
  if (!content || typeof content.content !== 'string') {
    throw new Error('no page content stored')
  }
  return content as PageContent & { content: string }
}

/** Opens the text as the editor does (useUserText): fresh unless merged, then seeded from HTML. */
async function openAsEditor(store: LocalStore): Promise<string> {
  const { _id, content, mergeableText } = await stored(store)
  const handle = await openCurrentUserText(store, _id, mergeableText === true)
  seedUserText(
    handle.doc,
    content,
    slateNodesToInsertDelta(documentOf(content)),
    TransactionOrigin.LOCAL,
  )
  const shown = userTextDocHtml(handle.doc)
  await handle.release()
  return shown
}

/** Types `html` as the editor's text and saves it the way the editor does. */
async function saveAsEditor(store: LocalStore, html: string): Promise<void> {
  const { _id, mergeableText } = await stored(store)
  const handle = await openCurrentUserText(store, _id, mergeableText === true)
  const root = userTextOf(handle.doc)
  handle.doc.transact(() => {
    root.delete(0, root.length)
    root.applyDelta(slateNodesToInsertDelta(documentOf(html)) as never, { sanitize: false })
  })
  const record = store.getEntityById(_id, ObjectStore.PAGE_CONTENTS)!
  await store.createOrUpdateEntities([
    { ...record, content: userTextDocHtml(handle.doc), mergeableText: true },
  ])
  await handle.release()
}

describe('opening the text of user content', () => {
  it('shows the restored text after a backup is restored over a merged text, once', async () => {
    const store = await testStore('<p>Backed up</p>')
    expect(await openAsEditor(store)).toBe('<p>Backed up</p>')
    const { file } = await store.getBackupData()

    await saveAsEditor(store, '<p>Written after the backup</p>')
    expect(await openAsEditor(store)).toBe('<p>Written after the backup</p>')

    expect((await store.importBackupData(file)).ok).toBe(true)
    expect(await openAsEditor(store)).toBe('<p>Backed up</p>')
    expect((await store.getPageContentForUrl(URL))?.content).toBe('<p>Backed up</p>')
  })

  it('seeds again from the stored HTML when a text is left over beside a record that does not merge', async () => {
    const store = await testStore('<p>Stored</p>')
    // A text seeded from other HTML (as a failed clean-up would leave it) and never saved.
    const leftover = await store.openUserText('t1')
    seedUserText(
      leftover.doc,
      '<p>Stale</p>',
      slateNodesToInsertDelta(documentOf('<p>Stale</p>')),
      'old',
    )
    await leftover.release()

    expect(await openAsEditor(store)).toBe('<p>Stored</p>')
  })
})
