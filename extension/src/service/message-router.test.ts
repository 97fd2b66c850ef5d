import { guestCallMessage, storeCallMessage, type LocalStore } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { routeMessage, type RouterContext, type Sender } from './message-router'
import { storedSidebarPasses } from './sidebar-passes'

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop'
const ORIGIN = `chrome-extension://${EXTENSION_ID}`
const popup: Sender = { id: EXTENSION_ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN }
const pageA: Sender = {
  id: EXTENSION_ID,
  url: 'https://a.example/article',
  tab: { id: 1, url: 'https://a.example/article' },
  frameId: 0,
}
const pageB: Sender = {
  id: EXTENSION_ID,
  url: 'https://b.example/other',
  tab: { id: 2, url: 'https://b.example/other' },
  frameId: 0,
}

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

async function context(): Promise<RouterContext & { store: LocalStore }> {
  const harness = await openTestStore()
  opened.push(harness)
  return {
    store: harness.store,
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    library: () => Promise.resolve(harness.store),
    sidebarPasses: storedSidebarPasses({
      get: (key) => Promise.resolve(key in passStore ? { [key]: passStore[key] } : {}),
      set: (items) => Promise.resolve(void Object.assign(passStore, items)),
    }),
  }
}
const passStore: Record<string, unknown> = {}

const newMark = { title: 'Article', text: 'quoted', color: '#fdffb4' }

describe('the background message router', () => {
  it("lets Inkmark's pages call the store, and nobody else", async () => {
    const router = await context()
    expect(await routeMessage(storeCallMessage('getAllBookmarks'), popup, router)).toEqual({
      ok: true,
      value: [],
    })
    for (const sender of [pageA, { ...popup, id: 'another-extension' }, { id: EXTENSION_ID }]) {
      const answer = await routeMessage(storeCallMessage('clearDatabases'), sender, router)
      expect(answer.ok).toBe(false)
    }
    expect(await routeMessage(storeCallMessage('getAllBookmarks'), pageA, router)).toEqual({
      ok: false,
      error: 'Only Inkmark pages may call the store',
    })
  })

  it('scopes guest calls to the page the browser says the script runs in', async () => {
    const router = await context()
    const created = await routeMessage(guestCallMessage('createMark', newMark), pageA, router)
    expect(created.ok).toBe(true)
    const markId = (created as { value: { _id: string } }).value._id
    expect(router.store.getBookmarkForUrl('https://a.example/article')).toBeDefined()

    const fromB = await routeMessage(guestCallMessage('getMarkDetails', markId), pageB, router)
    expect(fromB).toEqual({ ok: false, error: 'No such highlight on this page' })
    const deleteFromB = await routeMessage(guestCallMessage('deleteMark', markId), pageB, router)
    expect(deleteFromB.ok).toBe(false)
    expect(router.store.getAllMarks()).toHaveLength(1)
  })

  it('follows a page that moved on within its origin (pushState), and no further', async () => {
    const router = await context()
    const moved = (pageUrl: unknown) => ({ ...guestCallMessage('createMark', newMark), pageUrl })
    expect((await routeMessage(moved('https://a.example/next?x=1'), pageA, router)).ok).toBe(true)
    expect(router.store.getBookmarkForUrl('https://a.example/next?x=1')).toBeDefined()
    // Another origin, another scheme, junk or an absurd length: the browser's address holds.
    for (const claimed of [
      'https://b.example/other',
      'http://a.example/article',
      'https://a.example:8443/article',
      'javascript:alert(1)',
      42,
      `https://a.example/${'x'.repeat(9000)}`,
    ]) {
      const answer = await routeMessage(moved(claimed), pageA, router)
      expect(answer.ok).toBe(true)
    }
    expect(router.store.getBookmarkForUrl('https://b.example/other')).toBeUndefined()
    expect(
      router.store.getMarksForBookmark(router.store.getBookmarkForUrl(pageA.url!)!._id),
    ).toHaveLength(6)
  })

  it('lets a framed Inkmark page call the store only with the pass issued in its tab', async () => {
    const router = await context()
    // The sidebar frame in tab 1 (a sub-frame of a web page) and a copy another tab framed.
    const sidebar: Sender = { ...popup, tab: { id: 1, url: pageA.url }, frameId: 5 }
    const elsewhere: Sender = { ...popup, tab: { id: 2, url: pageB.url }, frameId: 9 }
    const call = (sidebarPass?: unknown) => ({
      ...storeCallMessage('getAllBookmarks'),
      sidebarPass,
    })
    const refused = { ok: false, error: 'Open the sidebar with Inkmark on this page.' }
    expect(await routeMessage(call(), sidebar, router)).toEqual(refused)

    // Only a content script in a page's top frame gets a pass, for its own tab.
    const request = { channel: 'inkmark:sidebar-pass-request' }
    for (const sender of [popup, { ...pageA, frameId: 2 }, sidebar]) {
      expect((await routeMessage(request, sender, router)).ok).toBe(false)
    }
    const issued = await routeMessage(request, pageA, router)
    const pass = (issued as { value: string }).value
    expect(await routeMessage(call(pass), sidebar, router)).toEqual({ ok: true, value: [] })
    expect(await routeMessage(call(pass), elsewhere, router)).toEqual(refused)
    expect(await routeMessage(call('f'.repeat(48)), sidebar, router)).toEqual(refused)
    expect(await routeMessage(call({ pass }), sidebar, router)).toEqual(refused)
    // The session too; pages that are not framed (the popup, a reader tab) need no pass.
    const session = { channel: 'inkmark:session', method: 'getStatus', args: [] }
    expect(
      await routeMessage(session, sidebar, { ...router, session: () => Promise.resolve(1) }),
    ).toEqual(refused)
    const readerTab: Sender = {
      ...popup,
      tab: { id: 4, url: `${ORIGIN}/tabs/reader.html` },
      frameId: 0,
    }
    expect((await routeMessage(call(), readerTab, router)).ok).toBe(true)
  })

  it("lets only Inkmark's pages share, a framed one with its tab's pass (ADR 062)", async () => {
    const router = await context()
    const sharing = vi.fn(() => Promise.resolve({ kind: 'signed-out' }))
    const withSharing = { ...router, sharing }
    const call = (sidebarPass?: unknown) => ({
      channel: 'inkmark:sharing',
      method: 'getSharing',
      args: ['bookmark-1'],
      sidebarPass,
    })
    expect(await routeMessage(call(), popup, withSharing)).toEqual({
      ok: true,
      value: { kind: 'signed-out' },
    })
    // A web page's content script, another extension, a framed copy without the pass: refused.
    const framed: Sender = { ...popup, tab: { id: 1, url: pageA.url }, frameId: 5 }
    for (const sender of [pageA, { ...popup, id: 'another-extension' }, framed]) {
      expect((await routeMessage(call(), sender, withSharing)).ok).toBe(false)
    }
    expect(sharing).toHaveBeenCalledTimes(1)
    const issued = await routeMessage({ channel: 'inkmark:sidebar-pass-request' }, pageA, router)
    const pass = (issued as { value: string }).value
    expect((await routeMessage(call(pass), framed, withSharing)).ok).toBe(true)
    // Without sharing (no sync in this context) the channel is unknown.
    expect(await routeMessage(call(), popup, router)).toEqual({
      ok: false,
      error: 'Unknown message',
    })
  })

  it('confirms a pass to a framed Inkmark page of its own tab only (ADR 033)', async () => {
    const router = await context()
    const framed: Sender = { ...popup, tab: { id: 1, url: pageA.url }, frameId: 5 }
    const check = (sidebarPass: unknown) => ({ channel: 'inkmark:frame-pass-check', sidebarPass })
    const issued = await routeMessage({ channel: 'inkmark:sidebar-pass-request' }, pageA, router)
    const pass = (issued as { value: string }).value
    expect(await routeMessage(check(pass), framed, router)).toEqual({ ok: true, value: true })
    for (const [candidate, sender] of [
      ['f'.repeat(48), framed],
      [pass, { ...framed, tab: { id: 2, url: pageB.url } }],
      [pass, { ...framed, frameId: 0 }],
      [{ pass }, framed],
    ] as const) {
      expect(await routeMessage(check(candidate), sender, router)).toEqual({
        ok: true,
        value: false,
      })
    }
    // A content script (the page's world is next door) may not ask at all.
    expect((await routeMessage(check(pass), pageA, router)).ok).toBe(false)
  })

  it("runs the toolbox frame's calls with its tab's pass, for its tab's page only", async () => {
    const router = await context()
    const created = await routeMessage(guestCallMessage('createMark', newMark), pageA, router)
    const markId = (created as { value: { _id: string } }).value._id
    const issued = await routeMessage({ channel: 'inkmark:sidebar-pass-request' }, pageA, router)
    const pass = (issued as { value: string }).value
    const toolbox: Sender = {
      ...popup,
      url: `${ORIGIN}/tabs/toolbox.html`,
      tab: pageA.tab,
      frameId: 7,
    }
    const call = (method: string, args: unknown[], extra: Record<string, unknown> = {}) => ({
      channel: 'inkmark:toolbox',
      method,
      args,
      pageUrl: pageA.url,
      sidebarPass: pass,
      ...extra,
    })
    const details = await routeMessage(call('getMarkDetails', [markId]), toolbox, router)
    expect(details).toMatchObject({ ok: true, value: { _id: markId, notes: '', tags: [] } })
    const saved = await routeMessage(
      call('updateMark', [markId, { notes: 'kept', tags: ['t'] }]),
      toolbox,
      router,
    )
    expect(saved).toMatchObject({ ok: true, value: { hasNotes: true, hasTags: true } })

    const refused = { ok: false, error: 'Open the sidebar with Inkmark on this page.' }
    for (const [message, sender] of [
      [call('getMarkDetails', [markId], { sidebarPass: 'f'.repeat(48) }), toolbox],
      [call('getMarkDetails', [markId]), { ...toolbox, tab: pageB.tab }],
    ] as const) {
      expect(await routeMessage(message, sender, router)).toEqual(refused)
    }
    // Another page's highlight (a claimed address on another origin counts as the tab's own) ...
    expect(
      await routeMessage(call('getMarkDetails', [markId], { pageUrl: pageB.url }), toolbox, router),
    ).toMatchObject({ ok: true })
    const onB: Sender = { ...toolbox, tab: { id: 1, url: pageB.url } }
    expect(await routeMessage(call('getMarkDetails', [markId]), onB, router)).toEqual({
      ok: false,
      error: 'No such highlight on this page',
    })
    // ... and no call beyond the toolbox's, nor from a content script.
    expect((await routeMessage(call('createMark', [newMark]), toolbox, router)).ok).toBe(false)
    expect((await routeMessage(call('getMarkDetails', [markId]), pageA, router)).ok).toBe(false)
    expect(router.store.getAllMarks()).toHaveLength(1)
  })

  it('refuses guest calls from sub-frames, extension pages and non-web pages', async () => {
    const router = await context()
    for (const sender of [
      { ...pageA, frameId: 3 },
      popup,
      { ...pageA, url: 'chrome://settings', tab: { id: 1, url: 'chrome://settings' } },
    ]) {
      expect(await routeMessage(guestCallMessage('loadPage'), sender, router)).toEqual({
        ok: false,
        error: 'Only a page may call the guest contract',
      })
    }
  })

  it('answers malformed messages and failures with a short error, never a stack', async () => {
    const router = await context()
    for (const message of [
      null,
      42,
      'loadPage',
      { channel: 'inkmark:nope' },
      { channel: 'inkmark:guest', method: 'x', args: [] },
    ]) {
      const answer = await routeMessage(message, pageA, router)
      expect(answer.ok).toBe(false)
    }
    const failing: RouterContext = {
      ...router,
      library: () => Promise.reject(new Error('IndexedDB exploded at line 42')),
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await routeMessage(guestCallMessage('loadPage'), pageA, failing)).toEqual({
      ok: false,
      error: 'Something went wrong. Please try again.',
    })
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })

  it('answers only a page whether a key may run its command from the page (ADR 028)', async () => {
    const asked: unknown[] = []
    const router: RouterContext = {
      ...(await context()),
      shortcutFallback: (command) => {
        asked.push(command)
        return Promise.resolve(command === 'openInReader')
      },
    }
    const ask = (command: string, sender: Sender) =>
      routeMessage({ channel: 'inkmark:shortcut-fallback', command }, sender, router)
    expect(await ask('openInReader', pageA)).toEqual({ ok: true, value: true })
    expect(await ask('highlightText', pageA)).toEqual({ ok: true, value: false })
    for (const sender of [popup, { ...pageA, frameId: 3 }, { ...pageA, id: 'another-extension' }]) {
      expect((await ask('openInReader', sender)).ok).toBe(false)
    }
    expect(asked).toEqual(['openInReader', 'highlightText'])
  })
})
