// The store's side of user texts that merge (ADR 081): a page content's text lives in a Yjs doc of
// its own, travels as `textState` (withBody adds it), and a pulled state is merged into the doc an
// editor holds open, with the merged HTML stored and, when this device held more, written back for
// the next push. Backups keep the HTML, and deleting the page content deletes its text.
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { ObjectStore } from '../domain/entities/object-store'
import { seedUserText, userTextDocHtml, userTextOf } from './user-text-doc'
import { trackTestStores } from '../testing/store-harness'
import { asPageContent } from '../testing/stored-fixtures'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

const URL = 'https://app.example/content/t1'

function paragraph(text: string) {
  const element = new Y.XmlText()
  element.setAttribute('type', 'paragraph')
  element.insert(0, text)
  return { insert: element }
}

/** The first paragraph of a text doc. */
const firstBlock = (doc: Y.Doc) => (userTextOf(doc).toDelta() as { insert: Y.XmlText }[])[0]!.insert

describe('user texts that merge', () => {
  it('merges a pulled text into the open doc, stores the merged HTML and sends back what it held', async () => {
    const { store: laptop } = await harness()
    const { store: phone } = await harness()
    // Both have the same old HTML text and migrate it while offline from each other.
    for (const store of [laptop, phone]) {
      await store.createOrUpdateEntities([
        asPageContent({ _id: 't1', url: URL, content: '<p>Hello</p>' }),
      ])
    }
    const typeOn = async (store: typeof laptop, offset: number, text: string) => {
      const handle = await store.openUserText('t1')
      seedUserText(handle.doc, '<p>Hello</p>', [paragraph('Hello')], 'seed')
      firstBlock(handle.doc).insert(offset, text)
      const stored = store.getEntityById('t1', ObjectStore.PAGE_CONTENTS)!
      await store.createOrUpdateEntities([
        { ...stored, content: userTextDocHtml(handle.doc), mergeableText: true },
      ])
      return handle
    }
    const laptopEditor = await typeOn(laptop, 5, ' from the laptop')
    const phoneHandle = await typeOn(phone, 0, 'Phone: ')
    await phoneHandle.release()

    // The phone's copy, as a pull gives it, reaches the laptop (whose editor has the text open).
    const pushed = await phone.withBody(
      ObjectStore.PAGE_CONTENTS,
      phone.getEntityById('t1', ObjectStore.PAGE_CONTENTS)!,
    )
    expect(pushed.textState).toEqual(expect.any(String))
    await laptop.createOrUpdateEntities([{ ...pushed, lastSync: 1 }], TransactionOrigin.REMOTE)

    const merged = '<p>Phone: Hello from the laptop</p>'
    expect(userTextDocHtml(laptopEditor.doc)).toBe(merged)
    expect((await laptop.getPageContentForUrl(URL))?.content).toBe(merged)
    // The laptop held words the phone lacked: the merge is pending, to be pushed.
    const pending = await laptop.getEntitiesThatNeedSync()
    expect(pending.map((entity) => entity._id)).toEqual(['t1'])
    expect(pending[0]).toMatchObject({ content: merged, mergeableText: true })
    await laptopEditor.release()

    // The phone takes the laptop's merge in: the same text, nothing doubled.
    await phone.createOrUpdateEntities([{ ...pending[0]!, lastSync: 2 }], TransactionOrigin.REMOTE)
    expect((await phone.getPageContentForUrl(URL))?.content).toBe(merged)
  })

  it('keeps backups as HTML and deletes the text with its page content', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asPageContent({ _id: 't1', url: URL, content: '' })])
    const handle = await store.openUserText('t1')
    seedUserText(handle.doc, '', [paragraph('Kept as HTML')], 'seed')
    await store.createOrUpdateEntities([
      {
        ...store.getEntityById('t1', ObjectStore.PAGE_CONTENTS)!,
        content: userTextDocHtml(handle.doc),
        mergeableText: true,
      },
    ])
    await handle.release()
    const { file } = await store.getBackupData()
    expect(file.pagecontents).toEqual([
      expect.objectContaining({ _id: 't1', content: '<p>Kept as HTML</p>' }),
    ])
    expect(file.pagecontents?.[0]).not.toHaveProperty('textState')

    await store.markEntitiesAsDeleted([{ _id: 't1', _objectStore: ObjectStore.PAGE_CONTENTS }])
    const reopened = await store.openUserText('t1')
    expect(userTextOf(reopened.doc).length).toBe(0)
    await reopened.release()
  })

  it('drops a merged text when its HTML is written without one (an old client, a restore elsewhere)', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asPageContent({ _id: 't1', url: URL, content: '' })])
    const handle = await store.openUserText('t1')
    seedUserText(handle.doc, '', [paragraph('Merged text')], 'seed')
    const merged = {
      ...store.getEntityById('t1', ObjectStore.PAGE_CONTENTS)!,
      content: userTextDocHtml(handle.doc),
      mergeableText: true,
    }
    await store.createOrUpdateEntities([merged])
    await handle.release()

    // An edit still writing its text keeps it.
    await store.createOrUpdateEntities([{ ...merged, content: '<p>Merged text</p>' }])
    const kept = await store.openUserText('t1')
    expect(userTextDocHtml(kept.doc)).toBe('<p>Merged text</p>')
    await kept.release()

    const { mergeableText: _mergeable, ...withoutText } = merged
    await store.createOrUpdateEntities(
      [{ ...withoutText, content: '<p>Written by an old client</p>', lastSync: 5 }],
      TransactionOrigin.REMOTE,
    )
    expect(store.getEntityById('t1', ObjectStore.PAGE_CONTENTS)).not.toHaveProperty('mergeableText')
    expect((await store.getPageContentForUrl(URL))?.content).toBe('<p>Written by an old client</p>')
    const reopened = await store.openUserText('t1')
    expect(userTextOf(reopened.doc).length).toBe(0)
    await reopened.release()
  })
})
