import { ObjectStore, SyncState, createBookmark, createMark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { relayForSuite } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'

describe('two devices through a real relay', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it('converge: a highlight made on one device reaches the other by REST', async () => {
    const token = await registerAccount(relay().url, 'two-devices@example.com')
    const laptop = await openDevice(relay().url, token, 'laptop')
    const phone = await openDevice(relay().url, token, 'phone')
    devices.push(laptop, phone)
    const now = Date.now()
    await laptop.store.createOrUpdateEntities([
      {
        ...createBookmark({ _id: 'b1', url: 'https://example.com/a', title: 'A' }, now),
        _objectStore: ObjectStore.BOOKMARKS,
      },
      {
        ...createMark(
          { _id: 'm1', _bookmark: 'b1', url: 'https://example.com/a', text: 'hello' },
          now,
        ),
        _objectStore: ObjectStore.MARKS,
      },
    ])
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect(await laptop.store.getEntitiesThatNeedSync()).toEqual([])
    const outcome = await phone.engine.sync()
    expect(outcome).toMatchObject({ state: SyncState.UP_TO_DATE, pulled: 2 })
    expect(phone.store.getMarksForBookmark('b1').map((mark) => mark.text)).toEqual(['hello'])
    expect(await phone.store.getEntitiesThatNeedSync()).toEqual([])

    await phone.store.markEntitiesAsDeleted([{ _id: 'm1', _objectStore: ObjectStore.MARKS }])
    await phone.engine.sync()
    await laptop.engine.sync()
    expect(laptop.store.getAllMarks()).toEqual([])
    expect(laptop.store.getAllBookmarks()).toEqual([])
  })

  it('shows a change made on one device on the other through the live room', async () => {
    const token = await registerAccount(relay().url, 'live@example.com')
    const laptop = await openDevice(relay().url, token, 'laptop-live')
    const phone = await openDevice(relay().url, token, 'phone-live')
    devices.push(laptop, phone)
    laptop.live.connect(laptop.store)
    phone.live.connect(phone.store)
    await until(() => laptop.live.synced && phone.live.synced)
    await laptop.store.createOrUpdateEntities([
      {
        ...createBookmark(
          { _id: 'live-b', url: 'https://example.com/live', isStarred: true },
          Date.now(),
        ),
        _objectStore: ObjectStore.BOOKMARKS,
      },
    ])
    await until(() => phone.store.getBookmark('live-b') !== undefined)
    expect(await phone.store.getEntitiesThatNeedSync()).toEqual([])
  })
})

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error('timed out waiting for a condition')
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
