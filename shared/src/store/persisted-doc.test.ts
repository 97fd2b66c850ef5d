// The persisted doc beneath the library and body docs: y-indexeddb plus a durability barrier,
// the stored size, compaction of the update log, closing and deleting.
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { uniqueDatabaseName } from '../testing/store-harness'
import {
  COMPACT_AFTER_UPDATES,
  deletePersistedDoc,
  openPersistedDoc,
  type PersistedDoc,
} from './persisted-doc'

const opened: PersistedDoc[] = []
async function openDoc(name: string): Promise<PersistedDoc> {
  const persisted = await openPersistedDoc(name)
  opened.push(persisted)
  return persisted
}
afterEach(async () => {
  for (const persisted of opened.splice(0)) {
    await persisted.close()
    persisted.doc.destroy()
  }
})

/** Writes `count` separate transactions, each one stored update. */
function writeMany(doc: Y.Doc, count: number, prefix = 'k'): void {
  for (let index = 0; index < count; index += 1) {
    doc.getMap('data').set(`${prefix}${index}`, index)
  }
}

describe('openPersistedDoc', () => {
  it('persists what was written once flushed, visible to another connection while open', async () => {
    const name = uniqueDatabaseName('persisted')
    const first = await openDoc(name)
    first.doc.getMap('data').set('answer', 42)
    await first.flush()

    const second = await openDoc(name)
    expect(second.doc.getMap('data').get('answer')).toBe(42)
  })

  it('reports the stored update log and grows by one update per transaction', async () => {
    const name = uniqueDatabaseName('persisted')
    const persisted = await openDoc(name)
    const before = await persisted.storedSize()
    expect(before.updates).toBeGreaterThanOrEqual(1)

    writeMany(persisted.doc, 3)
    await persisted.flush()
    const after = await persisted.storedSize()
    expect(after.updates).toBe(before.updates + 3)
    expect(after.bytes).toBeGreaterThan(before.bytes)
  })

  it('compacts the log into one update holding the whole state', async () => {
    const name = uniqueDatabaseName('persisted')
    const persisted = await openDoc(name)
    writeMany(persisted.doc, 10)
    await persisted.flush()
    await persisted.compact()
    expect((await persisted.storedSize()).updates).toBe(1)
    await persisted.close()
    opened.splice(opened.indexOf(persisted), 1)

    const reopened = await openDoc(name)
    expect(reopened.doc.getMap('data').toJSON()).toEqual(
      Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`k${index}`, index])),
    )
  })

  it(`compacts on open once the log holds more than ${COMPACT_AFTER_UPDATES} updates`, async () => {
    const name = uniqueDatabaseName('persisted')
    const persisted = await openPersistedDoc(name)
    writeMany(persisted.doc, COMPACT_AFTER_UPDATES + 1)
    await persisted.close()
    persisted.doc.destroy()

    const reopened = await openDoc(name)
    // One compacted update (plus nothing else written since).
    expect((await reopened.storedSize()).updates).toBe(1)
    expect(reopened.doc.getMap('data').size).toBe(COMPACT_AFTER_UPDATES + 1)
  })

  it('leaves a short log as it is on open', async () => {
    const name = uniqueDatabaseName('persisted')
    const persisted = await openPersistedDoc(name)
    writeMany(persisted.doc, 5)
    await persisted.close()
    persisted.doc.destroy()

    const reopened = await openDoc(name)
    expect((await reopened.storedSize()).updates).toBeGreaterThan(5)
  })

  it('loads into a doc the caller passes', async () => {
    const name = uniqueDatabaseName('persisted')
    const writer = await openDoc(name)
    writer.doc.getArray('list').insert(0, ['a', 'b'])
    await writer.flush()

    const doc = new Y.Doc()
    const reader = await openPersistedDoc(name, doc)
    opened.push(reader)
    expect(reader.doc).toBe(doc)
    expect(doc.getArray('list').toArray()).toEqual(['a', 'b'])
  })

  it('destroyData closes and deletes the database', async () => {
    const name = uniqueDatabaseName('persisted')
    const persisted = await openPersistedDoc(name)
    persisted.doc.getMap('data').set('gone', true)
    await persisted.flush()
    await persisted.destroyData()
    persisted.doc.destroy()

    const reopened = await openDoc(name)
    expect(reopened.doc.getMap('data').size).toBe(0)
  })

  it('deletePersistedDoc deletes a closed database, and a missing one without error', async () => {
    const name = uniqueDatabaseName('persisted')
    const persisted = await openPersistedDoc(name)
    persisted.doc.getMap('data').set('gone', true)
    await persisted.close()
    persisted.doc.destroy()
    await deletePersistedDoc(name)
    await deletePersistedDoc(uniqueDatabaseName('never-created'))

    const reopened = await openDoc(name)
    expect(reopened.doc.getMap('data').size).toBe(0)
  })
})
