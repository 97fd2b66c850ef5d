// A hundred browser restarts with a small edit each, on one library: the stored update log must
// stay bounded and no edit may be lost. y-indexeddb appends one update per transaction (and one
// more each time it opens) and trims only past 500 updates, so what bounds the log is the
// compaction persisted-doc.ts runs on open once it holds more than COMPACT_AFTER_UPDATES updates.
import { IndexeddbPersistence } from 'y-indexeddb'
import * as Y from 'yjs'
import { afterEach, describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { createBookmarkFixture, createMarkFixture } from '../testing/factories'
import { openTestStore, uniqueDatabaseName, type TestStore } from '../testing/store-harness'
import type { StoredRecord } from './library-schema'
import { COMPACT_AFTER_UPDATES } from './persisted-doc'

const CYCLES = 100
const INITIAL_MARKS = 5
/** Room for the compacted state to be a little larger than the current one (see the bound). */
const STATE_SLACK_BYTES = 1024

const bookmark = () => ({
  ...createBookmarkFixture({ _id: 'b1', url: 'https://example.com/reload', isStarred: true }),
  _objectStore: ObjectStore.BOOKMARKS,
})
const mark = (index: number, notes?: string) => ({
  ...createMarkFixture({
    _id: `m${index}`,
    _bookmark: 'b1',
    url: 'https://example.com/reload',
    text: `Highlight number ${index} of the reload test`,
    ...(notes === undefined ? {} : { notes }),
  }),
  _objectStore: ObjectStore.MARKS,
})
const noteOf = (cycle: number) => `Note written in cycle ${cycle}`

/** The edit of a cycle: a new mark every 10th cycle, else a new note on one existing mark. */
function editOf(
  cycle: number,
  markCount: number,
): { index: number; notes: string; added: boolean } {
  const added = cycle % 10 === 0
  return { index: added ? markCount + 1 : (cycle % markCount) + 1, notes: noteOf(cycle), added }
}

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

/** Bytes and count of a y-indexeddb update log, read straight from its database. */
function readLog(db: IDBDatabase): Promise<{ bytes: number; updates: number }> {
  return new Promise((resolve, reject) => {
    const request = db.transaction('updates', 'readonly').objectStore('updates').getAll()
    request.onsuccess = () => {
      const updates = request.result as Uint8Array[]
      resolve({
        bytes: updates.reduce((sum, update) => sum + update.byteLength, 0),
        updates: updates.length,
      })
    }
    request.onerror = () => reject(request.error ?? new Error('Could not read the update log'))
  })
}

/**
 * The bound compaction guarantees. Right after an open the log holds at most
 * COMPACT_AFTER_UPDATES updates (more and that open would have compacted): first the compacted
 * state (or the writes that built the library), at most today's state give or take deletion
 * records, then updates each at most the largest edit (what the provider writes on open is an
 * empty state); this session adds its edits. A fixed multiple of the state is no bound: a small
 * library just before a compaction holds dozens of edits, each as large as a record.
 */
function logBound(doc: Y.Doc, largestEdit: number): { bytes: number; updates: number } {
  return {
    bytes:
      Y.encodeStateAsUpdate(doc).byteLength +
      (COMPACT_AFTER_UPDATES + 1) * largestEdit +
      STATE_SLACK_BYTES,
    updates: COMPACT_AFTER_UPDATES + 2,
  }
}

function expectBounded(
  size: { bytes: number; updates: number },
  doc: Y.Doc,
  largestEdit: number,
  when: string,
): void {
  const bound = logBound(doc, largestEdit)
  expect(size.updates, `updates in the log ${when}`).toBeLessThanOrEqual(bound.updates)
  expect(size.bytes, `bytes of the log ${when}`).toBeLessThanOrEqual(bound.bytes)
}

describe('library doc size over many reloads', () => {
  it('stays bounded by compaction over 100 open/close cycles and keeps every edit', async () => {
    const harness = await openTestStore({ databaseName: uniqueDatabaseName('reload') })
    opened.push(harness)
    const initial = Array.from({ length: INITIAL_MARKS }, (_, i) => mark(i + 1))
    await harness.store.createOrUpdateEntities([bookmark(), ...initial])
    const expectedNotes = new Map<string, string | undefined>(
      initial.map((m) => [m._id, undefined]),
    )
    let largestEdit = 0
    let compactions = 0
    let openWrites = 0

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const store = harness.store
      const edit = editOf(cycle, expectedNotes.size)
      const existing = store.marks.get(`m${edit.index}`)
      const sizes: number[] = []
      const onUpdate = (update: Uint8Array) => sizes.push(update.byteLength)
      store.doc.on('update', onUpdate)
      const result = await store.createOrUpdateEntities([
        edit.added ? mark(edit.index, edit.notes) : { ...existing, notes: edit.notes },
      ])
      store.doc.off('update', onUpdate)
      expect(result.rejected, `rejections in cycle ${cycle}`).toEqual([])
      expectedNotes.set(`m${edit.index}`, edit.notes)
      largestEdit = Math.max(largestEdit, ...sizes)

      await store.flush()
      const beforeClose = await store.storedSize()
      expectBounded(beforeClose, store.doc, largestEdit, `before close in cycle ${cycle}`)
      await harness.reopen()
      const afterOpen = await harness.store.storedSize()
      expectBounded(afterOpen, harness.store.doc, largestEdit, `after open in cycle ${cycle}`)
      if (afterOpen.updates < beforeClose.updates) {
        // Only a log past the threshold is compacted, and then into one update.
        compactions += 1
        expect(afterOpen.updates, `log after compaction in cycle ${cycle}`).toBe(1)
        expect(beforeClose.updates + openWrites, `log compacted in cycle ${cycle}`).toBeGreaterThan(
          COMPACT_AFTER_UPDATES,
        )
      } else {
        // What the provider writes on open, measured rather than assumed.
        openWrites = Math.max(openWrites, afterOpen.updates - beforeClose.updates)
        expect(afterOpen.updates, `log left alone in cycle ${cycle}`).toBeLessThanOrEqual(
          COMPACT_AFTER_UPDATES,
        )
      }
    }

    const store = harness.store
    expect(compactions, 'compactions over the cycles').toBeGreaterThan(0)
    expect(store.getAllMarks()).toHaveLength(INITIAL_MARKS + CYCLES / 10)
    for (const [id, notes] of expectedNotes) {
      expect(store.getEntityById(id, ObjectStore.MARKS), `mark ${id}`).toMatchObject(
        notes === undefined ? { _id: id } : { _id: id, notes },
      )
    }
    expect(store.getBookmarksWithCount()[0]).toMatchObject({
      _id: 'b1',
      marksCount: INITIAL_MARKS + CYCLES / 10,
      notesCount: INITIAL_MARKS + CYCLES / 10,
    })

    expectBounded(await store.storedSize(), store.doc, largestEdit, 'at the end')
  })

  it('would grow past that bound without the compaction on open', async () => {
    // The same edits through bare y-indexeddb, which never compacts below 500 updates.
    const name = uniqueDatabaseName('reload-bare')
    const put = (doc: Y.Doc, records: readonly StoredRecord[]) =>
      doc.transact(() => {
        for (const record of records) {
          doc.getMap<StoredRecord>(record._objectStore as string).set(record._id, record)
        }
      })
    let doc = new Y.Doc()
    let provider = new IndexeddbPersistence(name, doc)
    await provider.whenSynced
    const initial = Array.from({ length: INITIAL_MARKS }, (_, i) => mark(i + 1))
    put(doc, [bookmark(), ...initial])
    let markCount = INITIAL_MARKS
    let largestEdit = 0
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const edit = editOf(cycle, markCount)
      markCount += edit.added ? 1 : 0
      const marks = doc.getMap<StoredRecord>(ObjectStore.MARKS)
      const sizes: number[] = []
      const onUpdate = (update: Uint8Array) => sizes.push(update.byteLength)
      doc.on('update', onUpdate)
      put(doc, [
        edit.added
          ? mark(edit.index, edit.notes)
          : { ...marks.get(`m${edit.index}`)!, notes: edit.notes },
      ])
      doc.off('update', onUpdate)
      largestEdit = Math.max(largestEdit, ...sizes)
      await provider.destroy()
      doc.destroy()
      doc = new Y.Doc()
      provider = new IndexeddbPersistence(name, doc)
      await provider.whenSynced
    }
    const size = await readLog(provider.db!)
    const bound = logBound(doc, largestEdit)
    await provider.destroy()
    doc.destroy()

    expect(size.updates).toBeGreaterThan(CYCLES)
    expect(size.updates).toBeGreaterThan(bound.updates)
    expect(size.bytes).toBeGreaterThan(bound.bytes)
  })
})
