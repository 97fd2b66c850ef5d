// HTTP 413 end to end: a page content bigger than the relay's 8 MB body limit, in a batch with
// small entities. The batch is retried one entity at a time, the small ones sync, the big one is
// set aside as too large to sync (with the notice), is not sent again on later syncs, and
// resolveTooLarge(..., 'delete') deletes it, everywhere when it had been synced before.
import { SyncState, type EntityRef } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { recordingFetch } from '../src/recording-fetch'
import { relayForSuite } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { ObjectStore, bookmark, edit, mark, pageContent, put } from '../src/sync-entities'
import { deviceSnapshot, keyOf, pendingOf, relayContents } from '../src/sync-snapshot'

/** The relay's body limit (relay/src/app.ts BODY_LIMIT_BYTES). */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024
const TOO_LARGE_NOTICE = 'Content is too large to sync. Click to review.'

describe('a page content too large to sync (HTTP 413)', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it('answers an oversized body with a 413 the client can read, never a reset', async () => {
    const token = await registerAccount(relay().url, 'too-large-raw@example.com')
    const body = JSON.stringify({
      entities: [
        {
          ...pageContent('raw-big', 'raw', 'x'.repeat(BODY_LIMIT_BYTES + 1)),
          _objectStore: ObjectStore.PAGE_CONTENTS,
        },
      ],
    })
    // Before the relay read the body first, most of these calls failed with EPIPE.
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await fetch(`${relay().url}/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Payload too large',
      })
    }
  })

  it('syncs the small entities, sets the big one aside, never resends it, and deletes it', async () => {
    const token = await registerAccount(relay().url, 'too-large@example.com')
    const recorder = recordingFetch()
    const laptop = await openDevice(relay().url, token, 'laptop-413', { fetch: recorder.fetch })
    const phone = await openDevice(relay().url, token, 'phone-413')
    devices.push(laptop, phone)

    // A page content synced while small, to grow too large later.
    await put(laptop, [
      bookmark('b0', { isStarred: true }),
      pageContent('pc-grown', 'b0', '<p>small for now</p>'),
    ])
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    await phone.engine.sync()
    expect(phone.store.getEntityById('pc-grown', ObjectStore.PAGE_CONTENTS)).toBeDefined()

    const big = `<p>${'x'.repeat(BODY_LIMIT_BYTES + 1024 * 1024)}</p>`
    await put(laptop, [
      bookmark('b1', { isStarred: true }),
      bookmark('b2', { isStarred: true }),
      mark('m1', 'b1', { notes: 'small note', tags: ['t'] }),
      mark('m2', 'b2'),
      pageContent('pc-small', 'b2', '<p>small page</p>'),
      pageContent('pc-big', 'b1', big),
    ])
    await edit(laptop, ObjectStore.PAGE_CONTENTS, 'pc-grown', { content: big })
    recorder.calls.length = 0

    const outcome = await laptop.engine.sync()
    // The big ones are set aside, so nothing counts as pending any more.
    expect(outcome.state).toBe(SyncState.UP_TO_DATE)
    const bigRefs: EntityRef[] = [
      { _id: 'pc-big', _objectStore: ObjectStore.PAGE_CONTENTS },
      { _id: 'pc-grown', _objectStore: ObjectStore.PAGE_CONTENTS },
    ]
    expect(laptop.engine.getTooLargeEntities()).toEqual(bigRefs)
    const tooLargeNotices = laptop.notices.filter((notice) => notice.kind === 'too-large')
    expect(tooLargeNotices.at(-1)).toEqual({
      kind: 'too-large',
      message: TOO_LARGE_NOTICE,
      entities: bigRefs,
    })

    // On the wire: the POST batch got 413, then one POST per entity; the PUT of the grown one
    // got 413 alone (a batch of one is not retried).
    const writes = recorder.calls.filter((call) => call.method !== 'GET')
    expect(writes.map((call) => [call.method, call.status])).toEqual([
      ['POST', 413],
      ['POST', 200],
      ['POST', 200],
      ['POST', 200],
      ['POST', 200],
      ['POST', 200],
      ['POST', 413],
      ['PUT', 413],
    ])
    expect(
      writes.filter((call) => call.status === 200).every((call) => call.bodyBytes < 10_000),
    ).toBe(true)

    // The small ones reached the relay and the phone; the big ones did not.
    await phone.engine.sync()
    const onRelay = await relayContents(relay().url, token)
    for (const key of [
      keyOf(ObjectStore.BOOKMARKS, 'b1'),
      keyOf(ObjectStore.BOOKMARKS, 'b2'),
      keyOf(ObjectStore.MARKS, 'm1'),
      keyOf(ObjectStore.MARKS, 'm2'),
      keyOf(ObjectStore.PAGE_CONTENTS, 'pc-small'),
    ]) {
      expect(onRelay.live[key]).toBeDefined()
    }
    expect(onRelay.live[keyOf(ObjectStore.PAGE_CONTENTS, 'pc-big')]).toBeUndefined()
    expect(onRelay.live[keyOf(ObjectStore.PAGE_CONTENTS, 'pc-grown')]?.content).toBe(
      '<p>small for now</p>',
    )
    expect(phone.store.getEntityById('pc-big', ObjectStore.PAGE_CONTENTS)).toBeUndefined()
    expect(phone.store.getMarksForBookmark('b1').map((m) => m.notes)).toEqual(['small note'])

    // Later syncs do not send them again.
    recorder.calls.length = 0
    await put(laptop, [bookmark('b3', { isStarred: true })])
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect(recorder.calls.filter((call) => call.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'POST', status: 200 }),
    ])
    expect(recorder.calls.every((call) => call.bodyBytes < 10_000)).toBe(true)
    expect(laptop.notices.filter((notice) => notice.kind === 'too-large')).toHaveLength(
      tooLargeNotices.length,
    )

    // Keep: it stays local and set aside.
    await laptop.engine.resolveTooLarge(bigRefs[0]!, 'keep')
    expect(laptop.engine.getTooLargeEntities()).toEqual(bigRefs)
    expect((await laptop.store.getPageContentForUrl('https://example.com/b1'))?.content).toBe(big)

    // Delete: gone locally, and the synced one is deleted on the relay and the phone too.
    for (const ref of bigRefs) {
      await laptop.engine.resolveTooLarge(ref, 'delete')
    }
    expect(laptop.engine.getTooLargeEntities()).toEqual([])
    expect(laptop.store.getEntityById('pc-big', ObjectStore.PAGE_CONTENTS)).toBeUndefined()
    expect(laptop.store.getEntityById('pc-grown', ObjectStore.PAGE_CONTENTS)).toBeUndefined()
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect(await pendingOf(laptop)).toEqual([])
    expect(await laptop.store.getEntitiesThatNeedSync()).toEqual([])
    await phone.engine.sync()
    expect(phone.store.getEntityById('pc-grown', ObjectStore.PAGE_CONTENTS)).toBeUndefined()
    const after = await relayContents(relay().url, token)
    expect(after.tombstones).toContain(keyOf(ObjectStore.PAGE_CONTENTS, 'pc-grown'))
    expect(after.live).toEqual(await deviceSnapshot(laptop))
    expect(await deviceSnapshot(phone)).toEqual(after.live)
  })
})
