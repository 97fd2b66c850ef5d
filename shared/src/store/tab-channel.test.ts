// Two stores on one database, as two tabs of the web app have: what one writes reaches the other
// at once (BroadcastChannel, as Node and browsers have it), is stored once, and is not taken for
// something that came by sync.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { asBookmark } from '../testing/stored-fixtures'
import { openTestStore, uniqueDatabaseName, type TestStore } from '../testing/store-harness'
import { shareAcrossTabs } from './tab-channel'

const opened: { harness: TestStore; stop: () => void }[] = []
afterEach(async () => {
  for (const { harness, stop } of opened.splice(0)) {
    stop()
    await harness.store.close()
  }
})

async function tab(databaseName: string, channel: string): Promise<TestStore> {
  const harness = await openTestStore({ databaseName })
  opened.push({ harness, stop: shareAcrossTabs(harness.store.doc, channel) })
  return harness
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const look = () => {
      if (condition()) {
        resolve()
      } else if (Date.now() - started > 5000) {
        reject(new Error('never happened'))
      } else {
        setTimeout(look, 10)
      }
    }
    look()
  })
}

describe('tabs of one library', () => {
  it('see each other’s writes at once, stored once and still to be synced by the writer', async () => {
    const databaseName = uniqueDatabaseName()
    const channel = `${databaseName}:library`
    const first = await tab(databaseName, channel)
    const second = await tab(databaseName, channel)
    const before = (await first.store.storedSize()).updates

    await first.store.createOrUpdateEntities([asBookmark({ _id: 'b1', url: 'https://a.example/' })])
    await until(() => second.store.getBookmark('b1') !== undefined)
    await first.store.flush()
    await second.store.flush()
    // One write, one stored update: the second tab did not store it again.
    expect((await first.store.storedSize()).updates).toBe(before + 1)
    // Not mistaken for something the relay sent: the writing tab still has it to push.
    const pending = await first.store.getEntitiesThatNeedSync()
    expect(pending.map((entity) => entity._id)).toContain('b1')

    // And the other way round.
    await second.store.createOrUpdateEntities([
      asBookmark({ _id: 'b2', url: 'https://b.example/' }),
    ])
    await until(() => first.store.getBookmark('b2') !== undefined)
  })

  it('brings a tab that opens late what was written before its channel listened', async () => {
    const databaseName = uniqueDatabaseName()
    const channel = `${databaseName}:library`
    const first = await tab(databaseName, channel)
    // Opened (and read the database) without listening yet, then a write it does not read.
    const late = await openTestStore({ databaseName })
    await first.store.createOrUpdateEntities([asBookmark({ _id: 'b3', url: 'https://c.example/' })])
    expect(late.store.getBookmark('b3')).toBeUndefined()
    opened.push({ harness: late, stop: shareAcrossTabs(late.store.doc, channel) })
    await until(() => late.store.getBookmark('b3') !== undefined)
  })

  it('ignores messages that are not its own kind', async () => {
    const databaseName = uniqueDatabaseName()
    const channel = `${databaseName}:library`
    const only = await tab(databaseName, channel)
    // The update Yjs cannot read is reported (and kept out of the test's output).
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const stranger = new BroadcastChannel(channel)
    stranger.postMessage({ kind: 'update', update: 'not bytes' })
    stranger.postMessage({ kind: 'update', update: new Uint8Array([1, 2, 3, 250]) })
    stranger.postMessage(null)
    await vi.waitFor(() => expect(reported).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    stranger.close()
    expect(reported.mock.calls).toEqual([
      ['Inkmark: a change from another tab could not be applied', expect.any(Error)],
    ])
    reported.mockRestore()
    expect(only.store.getAllBookmarks()).toEqual([])
  })
})
