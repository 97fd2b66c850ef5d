// Two devices edit, delete and create while offline (their servers point at a closed port), then
// reconnect in either order: they converge with nothing lost, a deletion wins everywhere (also over
// an edit made meanwhile on the other device, and over a highlight added meanwhile to a deleted
// bookmark), and an entity edited on both ends up as one of the two whole versions everywhere.
import { SyncState, type StoredRecord } from '@inkmark/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPortUrl, createRelayProcess, type RelayProcess } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { ObjectStore, bookmark, edit, mark, pageContent, put, remove } from '../src/sync-entities'
import {
  comparable,
  deviceSnapshot,
  keyOf,
  orphanedMarks,
  pendingOf,
  relayContents,
  settle,
} from '../src/sync-snapshot'

describe('two devices offline, then reconnecting', () => {
  let relay: RelayProcess
  const devices: SyncDevice[] = []

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
  })
  afterAll(async () => {
    for (const device of devices) {
      await device.close()
    }
    await relay.dispose()
  })

  const version = (device: SyncDevice, store: ObjectStore, id: string) =>
    comparable(device.store.getEntityById(id, store) as StoredRecord)

  it.each([
    ['the laptop reconnects first', 0],
    ['the phone reconnects first', 1],
  ])('converge with nothing lost: %s', async (_label, firstIndex) => {
    const token = await registerAccount(relay.url, `offline-${firstIndex}@example.com`)
    const laptop = await openDevice(relay.url, token, `laptop-${firstIndex}`)
    const phone = await openDevice(relay.url, token, `phone-${firstIndex}`)
    devices.push(laptop, phone)

    // Both devices start from the same synced library.
    await put(laptop, [
      bookmark('b1', { isStarred: true, tags: ['research'] }),
      bookmark('b2', { isStarred: true }),
      bookmark('b3'),
      bookmark('b6', { isStarred: true }),
      mark('m1', 'b1', { notes: 'first note', tags: ['a'] }),
      mark('m2', 'b2', { notes: 'to be deleted on the laptop' }),
      mark('m3', 'b3'),
      mark('m4', 'b3'),
      mark('m8', 'b6'),
      pageContent('pc1', 'b1', '<p>saved once</p>'),
    ])
    await laptop.store.updateChromeSettings({ defaultHighlightColor: '#111111' })
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await phone.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect(await deviceSnapshot(phone)).toEqual(await deviceSnapshot(laptop))

    // Offline: both devices' servers are a closed port.
    const dead = await closedPortUrl()
    laptop.servers = [dead]
    phone.servers = [dead]

    // The laptop: edits, deletions (one with cascades), creations.
    await edit(laptop, ObjectStore.MARKS, 'm1', { notes: 'note from the laptop' })
    await edit(laptop, ObjectStore.BOOKMARKS, 'b1', { title: 'Laptop title' })
    await edit(laptop, ObjectStore.BOOKMARKS, 'b6', { title: 'edited on the laptop' })
    await remove(laptop, ObjectStore.MARKS, 'm2')
    await remove(laptop, ObjectStore.BOOKMARKS, 'b3') // takes m3 and m4 along
    await put(laptop, [
      bookmark('b4', { isStarred: true }),
      mark('m5', 'b4', { notes: 'new on the laptop', tags: ['x', 'y'] }),
      pageContent('pc2', 'b4', '<p>laptop page</p>'),
    ])
    await laptop.store.updateChromeSettings({ defaultHighlightColor: '#222222' })

    // The phone: edits what the laptop deleted, adds a highlight to the bookmark the laptop
    // deleted, deletes what the laptop edited, edits the other field of the shared note.
    await edit(phone, ObjectStore.MARKS, 'm1', { tags: ['from-the-phone'] })
    await edit(phone, ObjectStore.MARKS, 'm2', { notes: 'edited on the phone meanwhile' })
    await put(phone, [mark('m6', 'b3', { notes: 'added to a bookmark deleted elsewhere' })])
    await remove(phone, ObjectStore.BOOKMARKS, 'b6') // takes m8 along
    await edit(phone, ObjectStore.BOOKMARKS, 'b2', { title: 'Phone title' })
    await edit(phone, ObjectStore.PAGE_CONTENTS, 'pc1', { content: '<p>saved again</p>' })
    await put(phone, [bookmark('b5', { isStarred: true }), mark('m7', 'b5', { tags: ['phone'] })])
    await phone.store.updateChromeSettings({ showMarkerPopup: false })

    const m1Versions = [
      version(laptop, ObjectStore.MARKS, 'm1'),
      version(phone, ObjectStore.MARKS, 'm1'),
    ]
    const settingsVersions = [
      version(laptop, ObjectStore.CHROME_SETTINGS, 'chromesettings'),
      version(phone, ObjectStore.CHROME_SETTINGS, 'chromesettings'),
    ]

    // Syncing while offline reports it and loses nothing.
    const pendingBefore = [(await pendingOf(laptop)).length, (await pendingOf(phone)).length]
    for (const device of [laptop, phone]) {
      expect((await device.engine.sync()).state).toBe(SyncState.ALL_SERVERS_OFFLINE)
      expect(device.notices.at(-1)).toEqual({
        kind: 'unreachable',
        message: 'Server is not reachable',
      })
    }
    expect([(await pendingOf(laptop)).length, (await pendingOf(phone)).length]).toEqual(
      pendingBefore,
    )

    // Reconnect in the given order: the first syncs, then the second, then the first again.
    const [first, second] = firstIndex === 0 ? [laptop, phone] : [phone, laptop]
    first.servers = [relay.url]
    await first.engine.sync()
    second.servers = [relay.url]
    await second.engine.sync()
    await first.engine.sync()
    await settle([laptop, phone])

    // Identical everywhere: both devices and the relay.
    const laptopSnapshot = await deviceSnapshot(laptop)
    expect(await deviceSnapshot(phone)).toEqual(laptopSnapshot)
    const onRelay = await relayContents(relay.url, token)
    expect(onRelay.live).toEqual(laptopSnapshot)
    expect(onRelay.duplicates).toEqual([])
    expect(onRelay.markedDeleted).toEqual([])

    // Nothing lost, every deletion won.
    expect(Object.keys(laptopSnapshot)).toEqual(
      [
        keyOf(ObjectStore.BOOKMARKS, 'b1'),
        keyOf(ObjectStore.BOOKMARKS, 'b2'),
        keyOf(ObjectStore.BOOKMARKS, 'b4'),
        keyOf(ObjectStore.BOOKMARKS, 'b5'),
        keyOf(ObjectStore.CHROME_SETTINGS, 'chromesettings'),
        keyOf(ObjectStore.MARKS, 'm1'),
        keyOf(ObjectStore.MARKS, 'm5'),
        keyOf(ObjectStore.MARKS, 'm7'),
        keyOf(ObjectStore.PAGE_CONTENTS, 'pc1'),
        keyOf(ObjectStore.PAGE_CONTENTS, 'pc2'),
      ].sort(),
    )
    for (const device of [laptop, phone]) {
      expect(device.store.getBookmark('b1')?.title).toBe('Laptop title')
      expect(device.store.getBookmark('b2')?.title).toBe('Phone title')
      expect(device.store.getMarksForBookmark('b3')).toEqual([])
      expect(orphanedMarks(device)).toEqual([])
      expect(await pendingOf(device)).toEqual([])
      expect(device.engine.getState()).toBe(SyncState.UP_TO_DATE)
    }
    expect(laptopSnapshot[keyOf(ObjectStore.PAGE_CONTENTS, 'pc1')]?.content).toBe(
      '<p>saved again</p>',
    )
    expect(laptopSnapshot[keyOf(ObjectStore.PAGE_CONTENTS, 'pc2')]?.content).toBe(
      '<p>laptop page</p>',
    )

    // Edited on both: one of the two whole versions, never a mix of their fields.
    const m1 = laptopSnapshot[keyOf(ObjectStore.MARKS, 'm1')]
    expect(m1Versions).toContainEqual(m1)
    expect(m1?.notes === 'note from the laptop' && m1.tags).not.toEqual(['from-the-phone'])
    const settings = laptopSnapshot[keyOf(ObjectStore.CHROME_SETTINGS, 'chromesettings')]
    expect(settingsVersions).toContainEqual(settings)
  })
})
