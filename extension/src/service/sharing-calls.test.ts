import {
  Plan,
  createBookmark,
  createMark,
  sharingCallMessage,
  type LocalStore,
} from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runSharingCall, type SharingDeps } from './sharing-calls'

const RELAY = 'http://127.0.0.1:8787'
const NOW = 1_750_000_000_000
const URL_A = 'https://a.example/article'

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

async function setUp(plan: Plan | undefined) {
  const harness = await openTestStore()
  opened.push(harness)
  const store: LocalStore = harness.store
  await store.createOrUpdateEntities([
    createBookmark({ _id: 'b1', url: URL_A, title: 'Article' }, NOW),
    createMark({ _id: 'm1', _bookmark: 'b1', url: URL_A, text: 'one', notes: 'secret' }, NOW),
    createMark({ _id: 'm2', _bookmark: 'b1', url: URL_A, text: 'two' }, NOW),
    createBookmark({ _id: 'b2', url: 'https://b.example/', title: 'Other' }, NOW),
    createMark({ _id: 'm3', _bookmark: 'b2', url: 'https://b.example/', text: 'three' }, NOW),
  ])
  const syncNow = vi.fn(() => Promise.resolve('UP_TO_DATE'))
  const publicPageFound = vi.fn((_shareId: string) => Promise.resolve<boolean | undefined>(true))
  const deps: SharingDeps = {
    library: () => Promise.resolve(store),
    account: () => Promise.resolve(plan ? { relayUrl: RELAY, plan } : undefined),
    syncNow,
    publicPageFound,
    now: () => NOW + 1000,
  }
  return { store, deps, syncNow, publicPageFound }
}

const shareAll = (permission: 'PUBLIC' | 'PUBLIC_LINK' | 'PRIVATE') =>
  sharingCallMessage('share', 'b1', {
    permission,
    shownMarkIds: ['m1', 'm2', 'm3'],
    noteShownMarkIds: [],
  })

describe('the background sharing calls', () => {
  it('refuses what is not a valid sharing call before reading anything', async () => {
    const { deps } = await setUp(Plan.PREMIUM)
    for (const message of [
      null,
      { channel: 'inkmark:sharing', method: 'deleteAll', args: [] },
      { channel: 'inkmark:sharing', method: 'share', args: ['b1'] },
      { channel: 'inkmark:sharing', method: 'share', args: ['b1', { permission: 'WORLD' }] },
      {
        channel: 'inkmark:sharing',
        method: 'share',
        args: ['b1', { permission: 'PUBLIC', shownMarkIds: [], noteShownMarkIds: [], extra: 1 }],
      },
      { channel: 'inkmark:sharing', method: 'getSharing', args: ['x'.repeat(300)] },
    ]) {
      await expect(runSharingCall(deps, message)).rejects.toThrow('Invalid sharing call')
    }
  })

  it('says signed-out, and upgrade-needed for a plan that may not share', async () => {
    expect(await runSharingCall((await setUp(undefined)).deps, shareAll('PUBLIC'))).toEqual({
      kind: 'signed-out',
    })
    const free = await setUp(Plan.FREE)
    expect(await runSharingCall(free.deps, shareAll('PUBLIC'))).toEqual({ kind: 'upgrade-needed' })
    expect(await runSharingCall(free.deps, sharingCallMessage('getSharing', 'b1'))).toEqual({
      kind: 'upgrade-needed',
    })
    expect(free.store.getBookmark('b1')?.permission).toBe('PRIVATE')
    expect(free.syncNow).not.toHaveBeenCalled()
  })

  it('shares a page: highlights shown, notes hidden, synced and confirmed at the relay', async () => {
    const { store, deps, syncNow, publicPageFound } = await setUp(Plan.PREMIUM)
    const answer = await runSharingCall(deps, shareAll('PUBLIC'))
    const bookmark = store.getBookmark('b1')!
    expect(bookmark.permission).toBe('PUBLIC')
    expect(bookmark.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(answer).toEqual({
      kind: 'sharing',
      permission: 'PUBLIC',
      link: `${RELAY}/explore/${bookmark.shareId}`,
      live: true,
    })
    expect(syncNow).toHaveBeenCalledTimes(1)
    expect(publicPageFound).toHaveBeenCalledWith(bookmark.shareId)
    const marks = store.getMarksForBookmark('b1')
    expect(
      marks.map((mark) => [mark._id, mark.permission !== 'PRIVATE', mark.isNotePublic === true]),
    ).toEqual(
      expect.arrayContaining([
        ['m1', true, false],
        ['m2', true, false],
      ]),
    )
    // Another page's highlight named in the choice is left alone.
    expect(store.getMarksForBookmark('b2')[0]?.permission).toBe('PRIVATE')
  })

  it('says why a share is not live yet, and keeps it for the next sync', async () => {
    const { deps, store, publicPageFound } = await setUp(Plan.ULTIMATE)
    // The relay did not answer the public read.
    publicPageFound.mockResolvedValue(undefined)
    deps.syncNow = () => Promise.resolve('OFFLINE')
    const answer = await runSharingCall(deps, shareAll('PUBLIC_LINK'))
    expect(answer).toMatchObject({ kind: 'sharing', permission: 'PUBLIC_LINK', live: false })
    expect((answer as { pending?: string }).pending).toMatch(/offline/)
    expect(store.getBookmark('b1')?.permission).toBe('PUBLIC_LINK')
  })

  it('stops sharing on any plan, keeping the link for a later share; a reset gives a new one', async () => {
    const premium = await setUp(Plan.PREMIUM)
    await runSharingCall(premium.deps, shareAll('PUBLIC'))
    const shareId = premium.store.getBookmark('b1')!.shareId
    const reset = await runSharingCall(premium.deps, sharingCallMessage('resetLink', 'b1'))
    const newId = premium.store.getBookmark('b1')!.shareId
    expect(newId).not.toBe(shareId)
    expect(reset).toMatchObject({ link: `${RELAY}/explore/${newId}` })

    // The plan ends: stopping is still allowed, and confirmed by the relay's 404.
    premium.deps.account = () => Promise.resolve({ relayUrl: RELAY, plan: Plan.FREE })
    premium.publicPageFound.mockResolvedValue(false)
    const stopped = await runSharingCall(premium.deps, shareAll('PRIVATE'))
    expect(stopped).toMatchObject({ kind: 'sharing', permission: 'PRIVATE', live: true })
    expect(premium.store.getBookmark('b1')).toMatchObject({ permission: 'PRIVATE', shareId: newId })
  })
})
